import type { JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';

/** How often the recovery sweeps the database for work no job was enqueued for (a backstop to Redis's return). */
const RECOVERY_SWEEP_MS = 30_000;

/** One area's recovery: enqueue again what its database rows say is still due; `returned` when Redis just came back. */
export type Recoverer = (returned: boolean) => Promise<unknown>;

/**
 * What a Redis outage kept from being enqueued is enqueued again from the database when Redis
 * returns, and by a sweep as a backstop (docs/operations/high-availability.md, "Faults").
 */
export function startRecovery(jobs: JobQueue, recoverers: readonly Recoverer[], logger: Logger): { stop(): void } {
  let stopped = false;
  const recover = (returned: boolean) => {
    if (stopped) return;
    for (const again of recoverers) void again(returned).catch((err: unknown) => logger.error({ err }, 'recovery failed'));
  };
  jobs.onAvailable(() => recover(true));
  const sweep = setInterval(() => recover(false), RECOVERY_SWEEP_MS);
  sweep.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(sweep);
    },
  };
}
