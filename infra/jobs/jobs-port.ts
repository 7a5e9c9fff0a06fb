/**
 * The jobs port: run work later, retry it, repeat it. Domain code enqueues through this interface
 * and never imports BullMQ, so the same code runs on the embedded in-process driver (nothing to
 * install) and on BullMQ/Redis (several instances share the work). Jobs are executors only: the
 * database is the source of truth, and start-up re-enqueues whatever it says is still due.
 */

/** How long to wait before retry n (1-based): `fixed` always waits `delay`, `exponential` waits `delay * 2^(n-1)`. */
export interface BackoffOptions {
  type: 'fixed' | 'exponential';
  /** Milliseconds. */
  delay: number;
}

/** Per-job options for {@link JobQueue.add}. */
export interface AddJobOptions {
  /** Milliseconds to wait before the first attempt. */
  delay?: number;
  /** Total attempts including the first; default 1 (no retry). */
  attempts?: number;
  backoff?: BackoffOptions;
  /**
   * Idempotency key: while a job with this id is waiting, delayed or running, adding it again
   * is a no-op that returns the same id. Once it has finished (either way) the id is free again.
   * Must not be all digits nor contain `:` (BullMQ reserves those; both drivers reject them).
   */
  jobId?: string;
}

/** What a handler knows about the run it is executing. */
export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
}

/**
 * `add` refused at once because the backing store (Redis) is not connected, rather than waiting
 * for its return; what was to be enqueued is still in the database and is enqueued again then.
 */
export class JobStoreUnavailableError extends Error {
  override readonly name = 'JobStoreUnavailableError';
}

/**
 * Thrown by a handler to have its job run again in `delayMs`, this attempt not counted: the job
 * is neither completed nor failed meanwhile. What holds a suspended tenant's queued jobs until its
 * resume (infra/jobs/tenant-carrying-jobs.ts).
 */
export class JobPostponed extends Error {
  override readonly name = 'JobPostponed';
  constructor(readonly delayMs: number, reason: string) {
    super(reason);
  }
}

/** Does the work. A rejection (or throw) counts as a failed attempt and triggers the retry policy; {@link JobPostponed} does not. */
export type JobHandler<T = unknown> = (data: T, ctx: JobContext) => Promise<void>;

/** Reported once per job, after its last attempt failed. */
export type JobFailedCallback = (error: unknown, ctx: JobContext) => void;

/** Options for {@link JobQueue.process}. */
export interface ProcessOptions {
  /** Jobs of this name run at most this many at a time in this process; default 1. */
  concurrency?: number;
  /** Called (besides an error log line) when a job has used up its attempts. */
  onFailed?: JobFailedCallback;
}

/**
 * When a schedule fires; exactly one of the two. `every` fires once right away when the schedule
 * is created (not when it is replaced) and then about every `every` ms; `cron` uses cron-parser
 * syntax (5 fields, or 6 with seconds first), read in UTC. A schedule has at most one run waiting.
 */
export interface RepeatSpec {
  every?: number;
  cron?: string;
}

/** Options for {@link JobQueue.close}. */
export interface CloseOptions {
  /** How long to wait for running handlers before releasing connections anyway. */
  timeoutMs: number;
}

/**
 * A named-job queue. One handler per job name; data must be a JSON value (both drivers hand the
 * handler a JSON round-tripped copy, as Redis would).
 */
export interface JobQueue {
  /** Enqueues one run of `name`; resolves to the job id (the given `jobId`, or a generated one). */
  add(name: string, data: unknown, options?: AddJobOptions): Promise<string>;
  /** Registers the one handler for `name` and starts taking its jobs. Throws if `name` already has one. */
  process<T = unknown>(name: string, handler: JobHandler<T>, options?: ProcessOptions): void;
  /** Creates or replaces the repeating schedule `scheduleId` (idempotent: same id, one schedule). */
  schedule(scheduleId: string, name: string, repeat: RepeatSpec, data: unknown): Promise<void>;
  /** Removes a schedule; unknown ids are ignored. Already-enqueued runs still execute. */
  unschedule(scheduleId: string): Promise<void>;
  /** Job names that have a handler, so start-up can fail when something could never run. */
  registeredNames(): string[];
  /**
   * Calls `listener` each time the backing store becomes reachable: the first connection and every
   * return after an outage (never, in-process). While it is away `add` throws
   * {@link JobStoreUnavailableError} at once; the listener enqueues again what the database says is
   * still due (docs/operations/high-availability.md, "Faults").
   */
  onAvailable(listener: () => void): void;
  /** Readiness: resolves when the backing store answers, rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Stops taking jobs, waits up to `timeoutMs` for running handlers, then releases timers and
   * connections. Never waits longer than the bound: a handler still running is abandoned (with
   * BullMQ it is picked up again as stalled by another worker).
   */
  close(options: CloseOptions): Promise<void>;
}
