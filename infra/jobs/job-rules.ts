import { CronExpressionParser } from 'cron-parser';
import type { Logger } from '../logger.js';
import type { AddJobOptions, BackoffOptions, JobContext, JobFailedCallback, RepeatSpec } from './jobs-port.js';

/**
 * Rules both job drivers share, kept in one place so the embedded driver cannot quietly accept
 * something BullMQ would reject (or compute a different retry delay).
 */

/** Cron schedules are read in UTC by both drivers, so a schedule does not move with the host's zone. */
export const CRON_TIMEZONE = 'UTC';

/** Rejects ids BullMQ refuses (all digits, or containing `:`), on both drivers alike. */
export function assertValidJobOptions(options: AddJobOptions): void {
  const { jobId, attempts, delay } = options;
  if (jobId !== undefined && (jobId === '' || /^\d+$/.test(jobId) || jobId.includes(':'))) {
    throw new TypeError(`jobId "${jobId}" must be non-empty, not all digits and without ":" (prefix it, e.g. "outbox-42")`);
  }
  if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 1)) {
    throw new TypeError(`attempts must be an integer >= 1, got ${attempts}`);
  }
  if (delay !== undefined && !(delay >= 0)) throw new TypeError(`delay must be >= 0 ms, got ${delay}`);
}

/** Delay before the retry that follows failed attempt `failedAttempt` (1-based); BullMQ's formula. */
export function backoffDelay(backoff: BackoffOptions | undefined, failedAttempt: number): number {
  if (!backoff) return 0;
  switch (backoff.type) {
    case 'fixed':
      return backoff.delay;
    case 'exponential':
      return Math.round(backoff.delay * 2 ** (failedAttempt - 1));
  }
}

/** Throws unless exactly one of `every` (> 0 ms) or a parseable `cron` is given. */
export function assertValidRepeat(repeat: RepeatSpec): void {
  const hasEvery = repeat.every !== undefined;
  const hasCron = repeat.cron !== undefined;
  if (hasEvery === hasCron) throw new TypeError('a schedule needs exactly one of "every" or "cron"');
  if (hasEvery && !(repeat.every! > 0)) throw new TypeError(`every must be > 0 ms, got ${repeat.every}`);
  if (hasCron) CronExpressionParser.parse(repeat.cron!, { tz: CRON_TIMEZONE });
}

/** Milliseconds from `now` until the next firing of a cron expression. */
export function msUntilNextCron(cron: string, now = new Date()): number {
  const next = CronExpressionParser.parse(cron, { currentDate: now, tz: CRON_TIMEZONE }).next().toDate();
  return Math.max(0, next.getTime() - now.getTime());
}

/** Copies a payload the way Redis storage would, so handlers see the same value on both drivers. */
export function jsonCopy<T>(value: T): T {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('job data must be a JSON value');
  return JSON.parse(text) as T;
}

/** The one place a job's final failure is reported: an error line, then the handler's `onFailed`. */
export function reportFinalFailure(logger: Logger, onFailed: JobFailedCallback | undefined, error: unknown, ctx: JobContext): void {
  logger.error({ err: error, job: ctx }, 'job failed after its last attempt');
  try {
    onFailed?.(error, ctx);
  } catch (callbackError) {
    logger.error({ err: callbackError, job: ctx }, 'job onFailed callback threw');
  }
}
