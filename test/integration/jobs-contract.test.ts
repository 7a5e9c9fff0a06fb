import { JobPostponed, type JobContext, type JobQueue } from '../../infra/jobs/index.js';
import { createBullmqJobQueue } from '../../infra/jobs/bullmq-jobs.js';
import { createInProcessJobQueue } from '../../infra/jobs/in-process-jobs.js';
import { createLogger } from '../../infra/logger.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

// One contract, every driver . The BullMQ row is skipped (with a warning) only
// when Redis does not answer and REQUIRE_SERVICES is unset.
const redisUrl = redisUrlForTests();
const logger = createLogger({ pretty: false }); // silent unless LOG_LEVEL is set

interface Driver {
  name: string;
  skip?: string;
  open(prefix: string): JobQueue;
}

const drivers: Driver[] = [
  { name: 'in-process', open: () => createInProcessJobQueue({ logger }) },
  { name: 'bullmq', skip: redisUrl ? undefined : 'Redis not reachable', open: (prefix) => createBullmqJobQueue({ redisUrl: redisUrl!, prefix, logger }) },
];

// Not synchronisation: the sleeps left here either stand for a handler's work or give a job
// that must NOT run time to show up (nothing can be awaited for an absence); BullMQ runs on
// Redis's clock, so fake timers are no option for the contract.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe.each(drivers)('jobs contract: $name', (driver) => {
  if (driver.skip) {
    test.skip(`skipped: ${driver.skip}`, () => undefined);
    return;
  }
  const prefix = uniquePrefix('sbtest-jobs');
  const opened: JobQueue[] = [];
  const gates: Array<() => void> = [];
  const open = (): JobQueue => {
    const jobs = driver.open(prefix);
    opened.push(jobs);
    return jobs;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close({ timeoutMs: 1000 })));
    gates.splice(0).forEach((release) => release());
  });
  afterAll(async () => {
    if (redisUrl && driver.name === 'bullmq') await deleteRedisKeys(redisUrl, prefix);
  });

  test('honours delay: a delayed job runs after an undelayed one and not before its delay', async () => {
    const jobs = open();
    const ran: Array<{ tag: string; at: number }> = [];
    jobs.process<{ tag: string }>('delay', async ({ tag }) => void ran.push({ tag, at: Date.now() }), { concurrency: 2 });
    const addedAt = Date.now();
    await jobs.add('delay', { tag: 'late' }, { delay: 250 });
    await jobs.add('delay', { tag: 'now' });
    await waitFor(() => ran.length === 2, 'both jobs');
    expect(ran.map((r) => r.tag)).toEqual(['now', 'late']);
    expect(ran[1]!.at - addedAt).toBeGreaterThanOrEqual(245); // Redis clock granularity: a few ms
  });

  test('retries with exponential backoff until an attempt succeeds', async () => {
    const jobs = open();
    const seen: Array<{ ctx: JobContext; data: unknown; at: number }> = [];
    const failed: unknown[] = [];
    jobs.process('flaky', async (data, ctx) => {
      seen.push({ ctx, data, at: Date.now() });
      if (ctx.attempt < 3) throw new Error(`attempt ${ctx.attempt} fails`);
    }, { onFailed: (error) => failed.push(error) });
    const id = await jobs.add('flaky', { n: 7 }, { attempts: 3, backoff: { type: 'exponential', delay: 60 } });
    await waitFor(() => seen.length === 3, 'third attempt');
    await sleep(100);
    expect(seen.map((s) => s.ctx)).toEqual([1, 2, 3].map((attempt) => ({ id, name: 'flaky', attempt })));
    expect(seen.every((s) => JSON.stringify(s.data) === '{"n":7}')).toBe(true);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(55); // 60 * 2^0
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(115); // 60 * 2^1
    expect(failed).toEqual([]);
  });

  test('marks a job failed once its attempts are used up', async () => {
    const jobs = open();
    let calls = 0;
    const failures: Array<{ message: string; ctx: JobContext }> = [];
    jobs.process('doomed', async () => {
      calls += 1;
      throw new Error('always broken');
    }, { onFailed: (error, ctx) => failures.push({ message: (error as Error).message, ctx }) });
    const id = await jobs.add('doomed', {}, { attempts: 2, backoff: { type: 'fixed', delay: 20 } });
    await waitFor(() => failures.length === 1, 'failure report');
    await sleep(150);
    expect(calls).toBe(2);
    expect(failures).toEqual([{ message: 'always broken', ctx: { id, name: 'doomed', attempt: 2 } }]);
  });

  test('a job whose handler throws JobPostponed runs again after the delay, the attempt not counted, its id still taken', async () => {
    const jobs = open();
    const seen: Array<{ ctx: JobContext; at: number }> = [];
    const failed: unknown[] = [];
    jobs.process('held', async (_data, ctx) => {
      seen.push({ ctx, at: Date.now() });
      if (seen.length < 3) throw new JobPostponed(80, 'not yet');
    }, { onFailed: (error) => failed.push(error) });
    // One attempt only: a failure would end it, a postponement does not.
    const id = await jobs.add('held', { n: 1 }, { jobId: 'held-a' });
    await waitFor(() => seen.length === 1, 'the first run');
    expect(await jobs.add('held', { n: 2 }, { jobId: 'held-a' })).toBe(id);
    await waitFor(() => seen.length === 3, 'the third run');
    expect(seen.map((s) => s.ctx)).toEqual([1, 2, 3].map(() => ({ id, name: 'held', attempt: 1 })));
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(75);
    await sleep(150);
    expect(seen).toHaveLength(3);
    expect(failed).toEqual([]);
  });

  test('adds a jobId only once while it is pending or running, and again after it finished', async () => {
    const jobs = open();
    expect(await jobs.add('dedupe', { v: 1 }, { jobId: 'dedupe-a', delay: 50 })).toBe('dedupe-a');
    expect(await jobs.add('dedupe', { v: 2 }, { jobId: 'dedupe-a' })).toBe('dedupe-a');
    const release = gate();
    gates.push(release.open);
    const runs: unknown[] = [];
    jobs.process('dedupe', async (data) => {
      runs.push(data);
      await release.promise;
    });
    await waitFor(() => runs.length === 1, 'first run');
    expect(await jobs.add('dedupe', { v: 3 }, { jobId: 'dedupe-a' })).toBe('dedupe-a');
    release.open();
    await sleep(200);
    expect(runs).toEqual([{ v: 1 }]);
    await jobs.add('dedupe', { v: 4 }, { jobId: 'dedupe-a' });
    await waitFor(() => runs.length === 2, 'run after the first finished');
    expect(runs[1]).toEqual({ v: 4 });
    await expect(jobs.add('dedupe', {}, { jobId: '42' })).rejects.toThrow(/jobId/);
  });

  test('runs at most `concurrency` jobs of a name at once', async () => {
    const jobs = open();
    for (let i = 0; i < 6; i++) await jobs.add('limited', { i });
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    jobs.process('limited', async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await sleep(80);
      running -= 1;
      done += 1;
    }, { concurrency: 2 });
    expect(jobs.registeredNames()).toEqual(['limited']);
    await waitFor(() => done === 6, 'all six jobs');
    expect(maxRunning).toBe(2);
  });

  test('repeats a schedule, replaces it by id, and stops after unschedule', async () => {
    const jobs = open();
    const runs: Array<{ k: number }> = [];
    jobs.process<{ k: number }>('tick', async (data) => void runs.push(data), { concurrency: 2 });
    await jobs.schedule('tick-schedule', 'tick', { every: 100 }, { k: 1 });
    await waitFor(() => runs.length >= 2, 'two runs of the first schedule');
    await jobs.schedule('tick-schedule', 'tick', { every: 100 }, { k: 2 });
    await sleep(150); // a run created just before the replacement may still arrive
    const from = runs.length;
    await waitFor(() => runs.length >= from + 3, 'three runs of the replaced schedule');
    expect(runs.slice(from).every((r) => r.k === 2)).toBe(true);
    await jobs.unschedule('tick-schedule');
    await sleep(150);
    const stoppedAt = runs.length;
    await sleep(400);
    expect(runs.length).toBe(stoppedAt);
    await jobs.unschedule('never-created'); // unknown ids are ignored
  });

  test('supports cron schedules (seconds field)', async () => {
    const jobs = open();
    const runs: number[] = [];
    jobs.process('cron-tick', async () => void runs.push(Date.now()));
    const scheduledAt = Date.now();
    await jobs.schedule('cron-schedule', 'cron-tick', { cron: '* * * * * *' }, {});
    await waitFor(() => runs.length >= 2, { what: 'two cron runs', timeoutMs: 5000 });
    await jobs.unschedule('cron-schedule');
    // Once a second, on the second: the second run belongs to the second boundary after scheduling,
    // so it comes a second or more later. (The gap between two runs is no measure: a busy machine
    // may start the first late and the second on time.)
    expect(runs[1]! - scheduledAt).toBeGreaterThanOrEqual(900);
    await expect(jobs.schedule('bad', 'cron-tick', { cron: 'not a cron' }, {})).rejects.toThrow();
  });

  test('close() waits for a running handler', async () => {
    const jobs = open();
    let finished = false;
    let started = false;
    jobs.process('slow', async () => {
      started = true;
      await sleep(300);
      finished = true;
    });
    await jobs.ping();
    await jobs.add('slow', {});
    await waitFor(() => started, 'handler start');
    await jobs.close({ timeoutMs: 5000 });
    expect(finished).toBe(true);
    await expect(jobs.add('slow', {})).rejects.toThrow(/closed/);
  });

  test('close() gives up on a handler that outlives timeoutMs', async () => {
    const jobs = open();
    const release = gate();
    gates.push(release.open);
    let started = false;
    let finished = false;
    jobs.process('stuck', async () => {
      started = true;
      await release.promise;
      finished = true;
    });
    await jobs.add('stuck', {});
    await waitFor(() => started, 'handler start');
    const before = Date.now();
    await jobs.close({ timeoutMs: 200 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(195);
    expect(finished).toBe(false);
  });
});
