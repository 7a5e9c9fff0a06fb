import { createLogger } from '../logger.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../../test/support/redis.js';
import { waitFor } from '../../test/support/wait-for.js';
import { createMemoryRateLimiter, formatWindow, type RateLimiter } from './index.js';
import { createRedisRateLimiter } from './redis-rate-limiter.js';

// One contract, both drivers . The Redis row is skipped (with a warning) only
// when Redis does not answer and REQUIRE_SERVICES is unset.
const redisUrl = redisUrlForTests();
const logger = createLogger({ pretty: false });

interface Driver {
  name: string;
  skip?: string;
  open(prefix: string): RateLimiter;
  /** Another instance's limiter: a second Redis client on the same prefix; in memory, the same limiter. */
  peer(limiter: RateLimiter, prefix: string): RateLimiter;
  cleanup(prefix: string): Promise<void>;
}

const drivers: Driver[] = [
  { name: 'memory', open: () => createMemoryRateLimiter(), peer: (l) => l, cleanup: async () => undefined },
  {
    name: 'redis',
    skip: redisUrl ? undefined : 'Redis not reachable',
    open: (prefix) => createRedisRateLimiter({ redisUrl: redisUrl!, prefix, logger }),
    peer: (_l, prefix) => createRedisRateLimiter({ redisUrl: redisUrl!, prefix, logger }),
    cleanup: async (prefix) => void (await deleteRedisKeys(redisUrl!, prefix)),
  },
];

describe.each(drivers)('rate limiter contract: $name', (driver) => {
  if (driver.skip) {
    test.skip(`skipped: ${driver.skip}`, () => undefined);
    return;
  }
  let prefix: string;
  let limiter: RateLimiter;
  const extra: RateLimiter[] = [];

  beforeEach(async () => {
    prefix = uniquePrefix('sbtest-rl');
    limiter = driver.open(prefix);
    await limiter.ping(); // connected, so the Redis row really counts in Redis
  });
  afterEach(async () => {
    await Promise.all([limiter, ...extra.splice(0)].map((l) => l.close()));
    await driver.cleanup(prefix);
  });

  test('allows `points` per window, then refuses with the numbers of the 429 body', async () => {
    const rule = { points: 3, durationSeconds: 60 };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.consume('visitor-1', rule));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers.map((a) => a.remaining)).toEqual([2, 1, 0, 0]);
    expect(answers[0]).toMatchObject({ limit: 3, window: '1m', retryAfterSeconds: 0 });
    const refused = answers[3]!;
    expect(refused).toMatchObject({ allowed: false, limit: 3, window: '1m' });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  test('keys count separately', async () => {
    const rule = { points: 1, durationSeconds: 60 };
    expect((await limiter.consume('a', rule)).allowed).toBe(true);
    expect((await limiter.consume('b', rule)).allowed).toBe(true);
    expect((await limiter.consume('a', rule)).allowed).toBe(false);
  });

  test('a new window starts when the old one ends', async () => {
    const rule = { points: 1, durationSeconds: 1 };
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    const refused = await limiter.consume('k', rule);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1, window: '1s' });
    // The window ends on the driver's clock (Redis's, for the Redis row): watched, not slept through.
    await waitFor(async () => (await limiter.peek('k', rule)).allowed, { what: 'the window to end', timeoutMs: 5000, intervalMs: 50 });
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });

  test('rules with different windows keep their own counters for one key', async () => {
    expect((await limiter.consume('k', { points: 1, durationSeconds: 60 })).allowed).toBe(true);
    expect((await limiter.consume('k', { points: 1, durationSeconds: 3600 })).allowed).toBe(true);
    expect((await limiter.consume('k', { points: 1, durationSeconds: 60 })).allowed).toBe(false);
  });

  test('concurrent consumes never let more than `points` through', async () => {
    const rule = { points: 5, durationSeconds: 60 };
    const answers = await Promise.all(Array.from({ length: 25 }, () => limiter.consume('burst', rule)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
  });

  test('peek tells without spending; reset forgets the count', async () => {
    const rule = { points: 2, durationSeconds: 60 };
    expect(await limiter.peek('failures', rule)).toMatchObject({ allowed: true, remaining: 2 });
    await limiter.consume('failures', rule);
    await limiter.consume('failures', rule);
    const blocked = await limiter.peek('failures', rule);
    expect(blocked).toMatchObject({ allowed: false, remaining: 0, limit: 2, window: '1m' });
    expect(blocked.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await limiter.peek('failures', rule)).toMatchObject({ allowed: false });
    await limiter.reset('failures', rule);
    expect(await limiter.peek('failures', rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  test('instances sharing a store count together', async () => {
    const other = driver.peer(limiter, prefix);
    if (other !== limiter) extra.push(other);
    await other.ping();
    const rule = { points: 2, durationSeconds: 60 };
    expect((await limiter.consume('shared', rule)).allowed).toBe(true);
    expect((await other.consume('shared', rule)).allowed).toBe(true);
    expect((await limiter.consume('shared', rule)).allowed).toBe(false);
    expect((await other.consume('shared', rule)).allowed).toBe(false);
  });

  test('instances sharing a store never let more than `points` through together, however the messages alternate', async () => {
    // The Redis driver takes points ahead of use (point-leases.ts): what each instance holds counts as spent.
    const other = driver.peer(limiter, prefix);
    if (other !== limiter) extra.push(other);
    await other.ping();
    const rule = { points: 100, durationSeconds: 60 };
    const answers = [];
    for (let i = 0; i < 150; i++) answers.push(await (i % 3 === 0 ? other : limiter).consume('chatty', rule));
    const allowed = answers.filter((a) => a.allowed).length;
    expect(allowed).toBeLessThanOrEqual(100);
    // Refused early by at most what the instances held, a quarter of what was left at most.
    expect(allowed).toBeGreaterThanOrEqual(75);
    expect(answers.slice(allowed).every((a) => !a.allowed)).toBe(true);
    // One instance alone spends every point of its window.
    const alone = [];
    for (let i = 0; i < 101; i++) alone.push(await limiter.consume('alone', rule));
    expect(alone.filter((a) => a.allowed)).toHaveLength(100);
    expect(alone.map((a) => a.remaining).slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
  });

  test('a readiness ping and the first count of a rule in the same tick both answer', async () => {
    // The Redis driver's auto-pipeline once lacked the rule's command when a ping had opened it first.
    const ping = limiter.ping();
    for (let i = 0; i < 5; i++) await Promise.resolve(); // the ping's command is issued, its pipeline not yet sent
    const [, decision] = await Promise.all([ping, limiter.consume('visitor-ping', { points: 2, durationSeconds: 45 })]);
    expect(decision).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limiter.consume('visitor-ping', { points: 2, durationSeconds: 45 })).toMatchObject({ allowed: true, remaining: 0 });
  });

  test('refuses a rule that is not whole positive numbers', async () => {
    await expect(limiter.consume('k', { points: 0, durationSeconds: 60 })).rejects.toThrow(RangeError);
    await expect(limiter.consume('k', { points: 1, durationSeconds: 0.5 })).rejects.toThrow(RangeError);
  });
});

describe('formatWindow', () => {
  test.each([
    [1, '1s'],
    [90, '90s'],
    [60, '1m'],
    [120, '2m'],
    [3600, '1h'],
    [86_400, '1d'],
    [172_800, '2d'],
  ])('%i s is %s', (seconds, text) => {
    expect(formatWindow(seconds)).toBe(text);
  });
});

describe('redis driver while Redis is unreachable', () => {
  test('falls back to counting in memory instead of hanging', async () => {
    const limiter = createRedisRateLimiter({ redisUrl: 'redis://127.0.0.1:1', prefix: uniquePrefix('sbtest-rl'), logger });
    try {
      const rule = { points: 2, durationSeconds: 60 };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await limiter.consume('k', rule));
      expect(answers.map((a) => a.allowed)).toEqual([true, true, false]);
      await expect(limiter.ping()).rejects.toThrow();
    } finally {
      await limiter.close();
    }
  });
});
