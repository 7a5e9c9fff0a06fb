import type { Logger } from '../logger.js';
import { oncePer } from '../once-per.js';
import { JobStoreUnavailableError } from './jobs-port.js';

/** While the jobs store is away every commit would say so; one warning per 10 s is enough. */
const shouldWarnUnavailable = oncePer(10_000);

/**
 * Announces committed work to the jobs port (an event, a delivery, a wake-up, a queued message,
 * a notification) without ever failing the caller: the rows are in the database, so a job that
 * cannot be enqueued is only late. While Redis is away the jobs port refuses at once rather than
 * waiting for its return, the answer goes out, and the owner's recovery (the engine's
 * engine/recover-pending.ts, notifications' delivery-jobs.ts) enqueues the work again from the
 * database when Redis is back, or at its sweep (docs/operations/high-availability.md, "Faults").
 */
export async function enqueueAfterCommit(
  ctx: { logger: Logger },
  what: string,
  fields: Record<string, unknown>,
  enqueue: () => Promise<unknown>,
): Promise<void> {
  try {
    await enqueue();
  } catch (error) {
    if (!(error instanceof JobStoreUnavailableError)) {
      ctx.logger.error({ err: error, ...fields }, `${what} not enqueued; the recovery sweep enqueues it again`);
      return;
    }
    if (!shouldWarnUnavailable()) return;
    ctx.logger.warn({ err: error, ...fields }, `${what} not enqueued while the jobs store is away; enqueued again from the database when it returns`);
  }
}
