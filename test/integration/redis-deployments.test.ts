import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobQueue } from '../../infra/jobs/index.js';
import { createBullmqJobQueue } from '../../infra/jobs/bullmq-jobs.js';
import { createLogger } from '../../infra/logger.js';
import { claimRedisPrefix, defaultRedisPrefix, prefixClaimKey, RedisPrefixTakenError, type PrefixClaim } from '../../infra/redis-prefix-claim.js';
import { testDriversLabel } from '../support/drivers.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { waitForValue } from '../support/wait-for.js';

// Several deployments on one Redis (docs/operations/high-availability.md): the prefix claim that
// stops a second deployment on a held prefix, and the deployment stamp that keeps a worker's hands
// off another deployment's jobs. On the real Redis, in both passes.

const redisUrl = redisUrlForTests();
if (!redisUrl) throw new Error('This suite needs Redis (REDIS_URL, or 127.0.0.1:6379); it may not be missing here or in CI');
const url: string = redisUrl;
const logger = createLogger({ pretty: false });
const prefixes: string[] = [];
const claims: PrefixClaim[] = [];
const queues: JobQueue[] = [];
let redis: Redis;

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> =>
  waitForValue(read, done, { what, timeoutMs: 20_000, intervalMs: 20 });
const newPrefix = (label: string) => {
  const prefix = uniquePrefix(label);
  prefixes.push(prefix);
  return prefix;
};
const claim = async (prefix: string, deploymentId: string, ttlMs?: number) => {
  const held = await claimRedisPrefix({ redisUrl: url, prefix, deploymentId, logger, ...(ttlMs ? { ttlMs } : {}) });
  claims.push(held);
  return held;
};

beforeAll(() => {
  redis = new Redis(url, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await Promise.all(claims.map((c) => c.close()));
  await Promise.all(queues.map((q) => q.close({ timeoutMs: 1000 })));
  for (const prefix of prefixes) await deleteRedisKeys(url, prefix);
  redis.disconnect();
});

describe(`deployments on one Redis (${testDriversLabel()})`, () => {
  test('an unset REDIS_PREFIX becomes switchboard:<first 8 hex digits of the deployment id>', () => {
    expect(defaultRedisPrefix('0f1e2d3c-4b5a-4697-8877-665544332211')).toBe('switchboard:0f1e2d3c');
  });

  test('instances of one deployment share its prefix; another deployment is refused with the prefix, the holder and the fix', async () => {
    const prefix = newPrefix('sbtest-claim');
    const [mine, theirs] = [randomUUID(), randomUUID()];
    await claim(prefix, mine);
    await claim(prefix, mine); // a second instance of the same deployment
    expect(await redis.get(prefixClaimKey(prefix))).toBe(mine);

    const refused = await claimRedisPrefix({ redisUrl: url, prefix, deploymentId: theirs, logger }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(RedisPrefixTakenError);
    const message = (refused as Error).message;
    expect(message).toContain(`Redis prefix "${prefix}" is held by another live deployment (${mine}); this one is ${theirs}`);
    expect(message).toContain('unset REDIS_PREFIX');
    expect(message).toMatch(/its claim expires within \d+ s/);
    expect(await redis.get(prefixClaimKey(prefix))).toBe(mine);
  });

  test('a live deployment keeps its claim alive; once it is gone and its claim has expired, another deployment may take the prefix', async () => {
    const prefix = newPrefix('sbtest-claim');
    const key = prefixClaimKey(prefix);
    const [gone, next] = [randomUUID(), randomUUID()];
    const held = await claim(prefix, gone, 3_000);
    // The heartbeat sets the expiry back to the full TTL: the time left goes up between two reads.
    let previous = await redis.pttl(key);
    await until(() => redis.pttl(key), (ttl) => {
      const renewed = ttl > previous;
      previous = ttl;
      return renewed;
    }, 'a heartbeat');
    expect(await redis.get(key)).toBe(gone);

    await held.close();
    expect(await redis.get(key)).toBe(gone); // stopping does not free it: other instances may still hold it
    await expect(claimRedisPrefix({ redisUrl: url, prefix, deploymentId: next, logger })).rejects.toThrow(RedisPrefixTakenError);
    await redis.pexpire(key, 1); // its claim runs out
    await until(() => redis.exists(key), (n) => n === 0, 'the claim to expire');
    await claim(prefix, next);
    expect(await redis.get(key)).toBe(next);
  });

  test('a worker leaves jobs of another deployment untouched, for their owner, and logs one error a minute', async () => {
    const prefix = newPrefix('sbtest-stamp');
    const [mine, theirs] = [randomUUID(), randomUUID()];
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>); done(); } });
    const ours = createBullmqJobQueue({ redisUrl: url, prefix, deploymentId: mine, logger: createLogger({ level: 'warn', destination }) });
    const other = createBullmqJobQueue({ redisUrl: url, prefix, deploymentId: theirs, logger });
    queues.push(ours, other);
    const raw = new Queue('work', { connection: { url }, prefix });
    try {
      const foreign = [await other.add('work', { n: 1 }), await other.add('work', { n: 2 })];
      // A job from a version before stamps carries no deployment: it is run as before.
      const legacy = (await raw.add('work', { n: 3 })).id!;
      const ran: unknown[] = [];
      ours.process('work', async (data) => {
        ran.push(data);
      });
      const states = await until(() => Promise.all(foreign.map((id) => raw.getJobState(id))), (s) => s.every((x) => x === 'delayed'), 'the foreign jobs to be put back');
      await until(async () => ran.length, (n) => n === 1, 'the legacy job');
      expect(ran).toEqual([{ n: 3 }]);
      // The handler has returned; BullMQ marks the job completed just after, in its own round trip.
      await until(() => raw.getJobState(legacy), (state) => state === 'completed', 'the legacy job to be completed');
      expect(states).toEqual(['delayed', 'delayed']);
      for (const id of foreign) {
        const job = (await raw.getJob(id))!;
        expect(job.data).toEqual({ switchboard_deployment: theirs, payload: { n: Number(id === foreign[0] ? 1 : 2) } });
        expect(job.attemptsMade).toBe(0);
        expect(job.failedReason).toBeFalsy();
      }
      const errors = lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ prefix, deployment_id: mine, job: { name: 'work', deployment_id: theirs }, foreign_jobs: 1 });
      expect(String(errors[0]!.msg)).toContain(`a job of another deployment (${theirs})`);

      // Their owner takes them when they come due (promoted here rather than waited for).
      await ours.close({ timeoutMs: 1000 });
      const theirsRan: unknown[] = [];
      other.process('work', async (data) => {
        theirsRan.push(data);
      });
      for (const id of foreign) await (await raw.getJob(id))!.promote();
      await until(async () => theirsRan.length, (n) => n === 2, 'the owner to run its jobs');
      expect(theirsRan).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
      expect(ran).toEqual([{ n: 3 }]);
    } finally {
      await raw.close();
    }
  });
});
