import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { oncePer } from '../once-per.js';
import { closeRedisConnection, createRedisConnection, pingRedis, readyForCommands } from '../redis-connection.js';
import { createDeploymentStamp, type DeploymentStamp } from './deployment-stamp.js';
import { CRON_TIMEZONE, assertValidJobOptions, assertValidRepeat, jsonCopy, reportFinalFailure } from './job-rules.js';
import { JobPostponed, JobStoreUnavailableError, type AddJobOptions, type CloseOptions, type JobContext, type JobHandler, type JobQueue, type ProcessOptions, type RepeatSpec } from './jobs-port.js';

/** Options for {@link createBullmqJobQueue}. */
export interface BullmqJobQueueOptions {
  redisUrl: string;
  /** Key prefix for every queue; instances sharing work must share it, tests use a unique one. */
  prefix?: string;
  /** Stamps every job; a worker leaves jobs stamped by another deployment alone (./deployment-stamp.ts). */
  deploymentId?: string;
  logger: Logger;
}

/**
 * The production jobs driver: one BullMQ Queue and (once a handler is registered) one Worker per
 * job name, all on Redis, so any instance may enqueue and any worker instance may run the job.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  return new BullmqJobQueue(options);
}

/** Finished jobs are removed so a jobId is free again (the port's dedupe rule); failures are logged. */
const JOB_DEFAULTS = { removeOnComplete: true, removeOnFail: true } as const;

class BullmqJobQueue implements JobQueue {
  private readonly logger: Logger;
  private readonly prefix: string;
  /** Shared by every Worker here (each duplicates it for its blocking reads) and the schedule index. */
  private readonly connection: Redis;
  private readonly stamp: DeploymentStamp;
  /** The Queues' connection: it fails fast while Redis is away, so `add` never waits for its return. */
  private readonly producer: Redis;
  private readonly availableListeners: Array<() => void> = [];
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing = false;
  private closed?: Promise<void>;

  constructor(options: BullmqJobQueueOptions) {
    this.logger = options.logger;
    this.prefix = options.prefix ?? 'switchboard';
    this.connection = createRedisConnection(options.redisUrl, { role: 'jobs', logger: options.logger });
    this.stamp = createDeploymentStamp({ deploymentId: options.deploymentId, prefix: this.prefix, logger: options.logger });
    this.producer = createRedisConnection(options.redisUrl, { role: 'jobs-producer', logger: options.logger, failFast: true });
    // Every `ready` (the first connection and each return after an outage) is told to the listeners.
    this.producer.on('ready', () => {
      for (const listener of this.availableListeners) listener();
    });
    // Connect now (the shared helper is lazy): `add` refuses rather than wait for a first connection.
    this.producer.connect().catch(() => undefined);
  }

  /** scheduleId → job name, kept in Redis so any instance can unschedule what another created. */
  private get scheduleKey(): string {
    return `${this.prefix}:job-schedules`;
  }

  async add(name: string, data: unknown, options: AddJobOptions = {}): Promise<string> {
    this.assertOpen();
    assertValidJobOptions(options);
    const { delay, attempts, backoff, jobId } = options;
    if (!(await readyForCommands(this.producer))) throw new JobStoreUnavailableError(`redis is not connected (${this.producer.status})`);
    const job = await this.queue(name).add(name, this.stamp.stamp(jsonCopy(data)), { delay, attempts, backoff, jobId });
    if (job.id === undefined) throw new Error(`BullMQ returned no id for job "${name}"`);
    return job.id;
  }

  process<T = unknown>(name: string, handler: JobHandler<T>, options: ProcessOptions = {}): void {
    this.assertOpen();
    if (this.workers.has(name)) throw new Error(`job "${name}" already has a handler`);
    const processor = async (job: Job, token?: string): Promise<void> => {
      const data = await this.stamp.open(job, token);
      const ctx: JobContext = { id: job.id ?? '', name: job.name, attempt: job.attemptsMade + 1 };
      const run = (async () => handler(data as T, ctx))();
      // Tracked so close() can wait for handlers itself; BullMQ's own graceful close has no bound.
      const settled = run.then(() => undefined, () => undefined);
      this.inFlight.add(settled);
      void settled.finally(() => this.inFlight.delete(settled));
      try {
        await run;
      } catch (error) {
        if (error instanceof JobPostponed) {
          // Back to delayed with its attempts as they were; DelayedError tells BullMQ it was moved, not failed.
          // Should the move fail (Redis away), the job stays locked until BullMQ's stalled-job check puts it back.
          await job.moveToDelayed(Date.now() + error.delayMs, token)
            .catch((err: unknown) => this.logger.warn({ err, job: ctx }, 'postponed job not moved back to delayed'));
          throw new DelayedError();
        }
        if (ctx.attempt >= (job.opts.attempts ?? 1)) reportFinalFailure(this.logger, options.onFailed, error, ctx);
        else this.logger.warn({ err: error, job: ctx }, 'job attempt failed; will retry');
        throw error;
      }
    };
    const worker = new Worker(name, processor, {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: options.concurrency ?? 1,
    });
    const shouldLog = oncePer(10_000);
    worker.on('error', (err) => {
      if (shouldLog()) this.logger.error({ err, job: { name } }, 'job worker error');
    });
    this.workers.set(name, worker);
  }

  async schedule(scheduleId: string, name: string, repeat: RepeatSpec, data: unknown): Promise<void> {
    this.assertOpen();
    assertValidRepeat(repeat);
    const previous = await this.connection.hget(this.scheduleKey, scheduleId);
    if (previous !== null && previous !== name) await this.queue(previous).removeJobScheduler(scheduleId);
    const when = repeat.every !== undefined ? { every: repeat.every } : { pattern: repeat.cron, tz: CRON_TIMEZONE };
    await this.queue(name).upsertJobScheduler(scheduleId, when, { name, data: this.stamp.stamp(jsonCopy(data)), opts: JOB_DEFAULTS });
    await this.connection.hset(this.scheduleKey, scheduleId, name);
  }

  async unschedule(scheduleId: string): Promise<void> {
    const name = await this.connection.hget(this.scheduleKey, scheduleId);
    if (name === null) return;
    await this.queue(name).removeJobScheduler(scheduleId);
    await this.connection.hdel(this.scheduleKey, scheduleId);
  }

  onAvailable(listener: () => void): void {
    this.availableListeners.push(listener);
  }

  registeredNames(): string[] {
    return [...this.workers.keys()];
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await pingRedis(this.connection);
  }

  close(options: CloseOptions): Promise<void> {
    this.closed ??= this.shutdown(options);
    return this.closed;
  }

  private async shutdown({ timeoutMs }: CloseOptions): Promise<void> {
    this.closing = true;
    const workers = [...this.workers.values()];
    // Stop fetching without waiting for active jobs; the bounded wait below does that.
    await Promise.all(workers.map((w) => w.pause(true)));
    await this.waitForInFlight(timeoutMs);
    // force: do not wait again; a handler still running is abandoned and later retried as stalled.
    await Promise.all(workers.map((w) => w.close(true)));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all([closeRedisConnection(this.connection), closeRedisConnection(this.producer)]);
  }

  private async waitForInFlight(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    // Loop: a job fetched just before pause() may start while we wait.
    while (this.inFlight.size > 0) {
      if ((await Promise.race([Promise.all(this.inFlight), deadline])) === 'timeout') break;
    }
    clearTimeout(timer);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.producer, prefix: this.prefix, defaultJobOptions: JOB_DEFAULTS });
      const shouldLog = oncePer(10_000);
      queue.on('error', (err) => {
        if (shouldLog()) this.logger.error({ err, job: { name } }, 'job queue error');
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('job queue is closed');
  }
}
