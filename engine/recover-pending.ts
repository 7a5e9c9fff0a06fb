import type { EventBus } from '../infra/events/index.js';
import type { Logger } from '../infra/logger.js';
import { requeueInbound, type InboundRecoveryDeps } from './accept-inbound.js';
import { requeueEvents, type EventsRecoveryDeps } from './event-dispatch.js';
import { requeueOutbox, type OutboxRecoveryDeps } from './outbox/index.js';
import { requeueSleeping, type SleepingRecoveryDeps } from './wake-dialog.js';

/** What the recovery needs: what each of its steps reads and enqueues, and the event bus it may wait for. */
export type RecoveryDeps = OutboxRecoveryDeps & EventsRecoveryDeps & SleepingRecoveryDeps & InboundRecoveryDeps & {
  readonly bus: Pick<EventBus, 'ping'>;
};

/** What one recovery handed out again, per kind of work (rows found still due). */
export interface RecoveryCounts {
  outbox: number;
  events: number;
  sleeping: number;
  inbound: number;
}

/** Options of one recovery. */
export interface RecoverOptions {
  /**
   * First wait (bounded) until the event bus answers: wanted when Redis comes back, so the frames
   * of the events handed out reach this instance's subscriptions; not at start-up, when no socket
   * listens yet.
   */
  awaitBus?: boolean;
}

/** How long a recovery waits for the event bus to answer, so the frames of what it hands out are not published into a void. */
const BUS_WAIT_MS = 5000;
const BUS_RETRY_MS = 100;

/**
 * The one recovery path (docs/operations/high-availability.md, "Faults"): the database is the
 * source of truth and jobs only execute, so whatever a job was not enqueued for — a crash, or
 * Redis away after a commit — is enqueued again from the rows still due: undelivered outbox rows
 * (oldest first), sessions with pending events, sleeping dialogs, queued inbound messages. (The
 * script host recovers its own work beside it: table trigger runs, watch schedules.) Every job
 * is keyed or idempotent (events and queued messages run in order per session under a lock, a
 * row no longer pending is left alone), so a second recovery doubles nothing. Run at start-up, when Redis returns and by a periodic sweep; one at a time, and a
 * call while one runs asks for one more run after it.
 */
export function createRecovery(ctx: RecoveryDeps): (options?: RecoverOptions) => Promise<RecoveryCounts> {
  let previous: Promise<unknown> = Promise.resolve();
  // The run not started yet: later calls join it rather than queue one more.
  let waiting: { options: RecoverOptions; run: Promise<RecoveryCounts> } | undefined;
  return (options = {}) => {
    if (waiting) {
      waiting.options.awaitBus ||= options.awaitBus;
      return waiting.run;
    }
    const queued = { options: { ...options } };
    const run = previous.then(() => {
      if (waiting?.options === queued.options) waiting = undefined;
      return recoverPending(ctx, queued.options);
    });
    waiting = { options: queued.options, run };
    previous = run.catch(() => undefined);
    return run;
  };
}

async function recoverPending(ctx: RecoveryDeps, options: RecoverOptions): Promise<RecoveryCounts> {
  if (options.awaitBus) await busAnswers(ctx);
  const counts: RecoveryCounts = {
    outbox: await step(ctx, 'outbox', () => requeueOutbox(ctx)),
    events: await step(ctx, 'events', () => requeueEvents(ctx)),
    sleeping: await step(ctx, 'sleeping dialogs', () => requeueSleeping(ctx)),
    inbound: await step(ctx, 'inbound queue', () => requeueInbound(ctx)),
  };
  return counts;
}

/** A step that fails (the database away) is logged and the others still run; the next recovery retries it. */
async function step(ctx: { readonly logger: Logger }, what: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    ctx.logger.error({ err: error, step: what }, 'recovery step failed; the next recovery runs it again');
    return 0;
  }
}

/**
 * Waits (bounded) until the event bus answers: handed-out events publish frames (an attendant's
 * `new_conversation`), and a frame published before this instance's subscriptions are back would
 * reach nobody. After the bound the recovery goes on anyway: events are at least once, frames not.
 */
async function busAnswers(ctx: Pick<RecoveryDeps, 'bus'>): Promise<void> {
  const deadline = Date.now() + BUS_WAIT_MS;
  for (;;) {
    try {
      await ctx.bus.ping();
      return;
    } catch {
      if (Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, BUS_RETRY_MS));
    }
  }
}
