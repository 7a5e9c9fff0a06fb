import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import { assertValidJobOptions, assertValidRepeat, backoffDelay, jsonCopy, msUntilNextCron, reportFinalFailure } from './job-rules.js';
import {
  JobPostponed, type AddJobOptions, type BackoffOptions, type CloseOptions, type JobContext, type JobHandler, type JobQueue, type ProcessOptions, type RepeatSpec,
} from './jobs-port.js';

interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  attempts: number;
  backoff?: BackoffOptions;
}

interface Registration extends ProcessOptions {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

interface Schedule {
  key: string;
  cancel?: () => void;
}

/** setTimeout fires at once for delays past 2^31-1 ms (~24.8 days), so longer waits are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded jobs driver: timers and maps in this process, nothing to install. It follows the
 * same contract as BullMQ (delays, retries with backoff, per-name concurrency, dedupe by jobId,
 * repeat) but forgets everything on exit, which is fine because the database is the source of
 * truth and start-up re-enqueues what is still due.
 */
export function createInProcessJobQueue(options: { logger: Logger }): JobQueue {
  return new InProcessJobQueue(options.logger);
}

class InProcessJobQueue implements JobQueue {
  private readonly registrations = new Map<string, Registration>();
  private readonly ready = new Map<string, QueuedJob[]>();
  /** `name:id` of every job waiting, delayed or running: the jobId dedupe set. */
  private readonly live = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly inFlight = new Set<Promise<void>>();
  private closing = false;
  private closed?: Promise<void>;

  constructor(private readonly logger: Logger) {}

  async add(name: string, data: unknown, options: AddJobOptions = {}): Promise<string> {
    this.assertOpen();
    assertValidJobOptions(options);
    return this.enqueueNew(name, data, options, options.jobId ?? randomUUID());
  }

  /** Nothing to lose or regain in this process: the listener is never called. */
  onAvailable(): void {}

  process<T = unknown>(name: string, handler: JobHandler<T>, options: ProcessOptions = {}): void {
    this.assertOpen();
    if (this.registrations.has(name)) throw new Error(`job "${name}" already has a handler`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError(`concurrency must be an integer >= 1`);
    this.registrations.set(name, { ...options, handler: handler as JobHandler, concurrency, running: 0 });
    this.pump(name);
  }

  async schedule(scheduleId: string, name: string, repeat: RepeatSpec, data: unknown): Promise<void> {
    this.assertOpen();
    assertValidRepeat(repeat);
    const key = JSON.stringify([name, repeat.every, repeat.cron, data]);
    const existing = this.schedules.get(scheduleId);
    if (existing?.key === key) return;
    await this.unschedule(scheduleId);
    const entry: Schedule = { key };
    this.schedules.set(scheduleId, entry);
    const fire = (): void => {
      if (this.schedules.get(scheduleId) !== entry) return;
      // One outstanding run per schedule, like BullMQ's scheduler: a slow handler skips ticks.
      this.enqueueNew(name, data, {}, `schedule-${scheduleId}`);
      arm();
    };
    const arm = (): void => {
      entry.cancel = this.later(repeat.every ?? msUntilNextCron(repeat.cron!), fire);
    };
    // Like BullMQ: a new `every` schedule runs at once; a replaced one keeps its cadence.
    if (repeat.every !== undefined && !existing) fire();
    else arm();
  }

  async unschedule(scheduleId: string): Promise<void> {
    this.schedules.get(scheduleId)?.cancel?.();
    this.schedules.delete(scheduleId);
  }

  registeredNames(): string[] {
    return [...this.registrations.keys()];
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  close(options: CloseOptions): Promise<void> {
    this.closed ??= this.shutdown(options);
    return this.closed;
  }

  private async shutdown({ timeoutMs }: CloseOptions): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const id of [...this.schedules.keys()]) await this.unschedule(id);
    this.ready.clear();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(this.inFlight), deadline]);
    clearTimeout(timer);
  }

  private enqueueNew(name: string, data: unknown, options: AddJobOptions, id: string): string {
    const liveKey = `${name}:${id}`;
    if (this.live.has(liveKey)) return id;
    const job: QueuedJob = { id, name, data: jsonCopy(data), attempt: 1, attempts: options.attempts ?? 1, backoff: options.backoff };
    this.live.add(liveKey);
    this.later(options.delay ?? 0, () => this.enqueue(job));
    return id;
  }

  /** Runs `fn` after `ms` unless the queue closes first; returns a cancel function. */
  private later(ms: number, fn: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    const wait = (remaining: number): void => {
      if (this.closing) return;
      const current = setTimeout(() => {
        this.timers.delete(current);
        if (remaining > MAX_TIMER_MS) wait(remaining - MAX_TIMER_MS);
        else fn();
      }, Math.min(remaining, MAX_TIMER_MS));
      timer = current;
      this.timers.add(current);
    };
    wait(Math.max(0, ms));
    return () => {
      clearTimeout(timer);
      if (timer) this.timers.delete(timer);
    };
  }

  private enqueue(job: QueuedJob): void {
    if (this.closing) return;
    const queue = this.ready.get(job.name) ?? [];
    queue.push(job);
    this.ready.set(job.name, queue);
    this.pump(job.name);
  }

  /** Starts as many ready jobs of `name` as its concurrency allows. */
  private pump(name: string): void {
    const registration = this.registrations.get(name);
    const queue = this.ready.get(name);
    while (registration && queue?.length && registration.running < registration.concurrency && !this.closing) {
      const run = this.run(registration, queue.shift()!);
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }
  }

  /** One attempt; never rejects, because every outcome is decided here. */
  private async run(registration: Registration, job: QueuedJob): Promise<void> {
    registration.running += 1;
    const ctx: JobContext = { id: job.id, name: job.name, attempt: job.attempt };
    try {
      await registration.handler(jsonCopy(job.data), ctx);
      this.live.delete(`${job.name}:${job.id}`);
    } catch (error) {
      if (error instanceof JobPostponed) {
        this.later(error.delayMs, () => this.enqueue(job));
      } else if (job.attempt < job.attempts) {
        this.logger.warn({ err: error, job: ctx }, 'job attempt failed; will retry');
        this.later(backoffDelay(job.backoff, job.attempt), () => this.enqueue({ ...job, attempt: job.attempt + 1 }));
      } else {
        this.live.delete(`${job.name}:${job.id}`);
        reportFinalFailure(this.logger, registration.onFailed, error, ctx);
      }
    } finally {
      registration.running -= 1;
      this.pump(job.name);
    }
  }


  private assertOpen(): void {
    if (this.closing) throw new Error('job queue is closed');
  }
}
