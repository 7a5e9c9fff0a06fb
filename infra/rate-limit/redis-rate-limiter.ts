import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { closeRedisConnection, createRedisConnection, pingRedis } from '../redis-connection.js';
import { sameIteration } from '../same-iteration.js';
import { createPointLeases } from './point-leases.js';
import { flexibleRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limiter.js';

/** Options for {@link createRedisRateLimiter}. */
export interface RedisRateLimiterOptions {
  redisUrl: string;
  /** Key prefix; instances that count together must share it, tests use a unique one. */
  prefix?: string;
  logger: Logger;
}

/**
 * The multi-instance driver: one Redis counter per key (an atomic INCR + EXPIRE script), so every
 * instance sees the same count. Keys are `<prefix>:ratelimit:<seconds>:<key>`: the window is in
 * the key because a counter's TTL is set by the first consume, while rules with the same window
 * but different points may share a counter.
 *
 * While Redis is unreachable each instance falls back to its own in-memory counter
 * (`rejectIfRedisNotReady` + an insurance limiter) instead of waiting for a reconnect: visitors
 * stay limited, only less precisely, and requests do not hang.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  // Fail fast: a command the readiness guard does not cover (a reset's DEL) must not wait for Redis's return either.
  const client = createRedisConnection(options.redisUrl, { role: 'rate-limit', logger: options.logger, autoPipelining: true, failFast: true });
  // Connect now (the shared helper is lazy) so the first requests already count in Redis.
  client.connect().catch(() => undefined);
  const prefix = `${options.prefix ?? 'switchboard'}:ratelimit`;
  const build = (rule: RateLimitRule) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}:${rule.durationSeconds}`,
      points: rule.points,
      duration: rule.durationSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
    });
  // A limiter defines its Lua command on the client when it is built, and an auto-pipeline copies
  // the client's commands when it opens. Had a readiness PING opened one in the tick a rule's first
  // limiter is built, that pipeline would lack the command, and ioredis would answer its callbacks
  // with a missing result: an uncaught TypeError that ends the process (seen in CI). Building one
  // now defines the command before any pipeline can exist.
  build({ points: 1, durationSeconds: 1 });
  return flexibleRateLimiter({
    build,
    // The counts of one turn of the loop leave in one write, and a key with plenty of points left
    // takes a few at once (docs/operations/high-availability.md, "Rate limits across instances").
    gather: sameIteration,
    leases: createPointLeases(),
    ping: () => pingRedis(client),
    close: () => closeRedisConnection(client),
  });
}
