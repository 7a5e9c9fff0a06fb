import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PointLeases } from './point-leases.js';

/**
 * The rate-limit port: a fixed-window counter per key. Callers ask "may this key spend one more
 * point under this rule?" and get the numbers the 429 body needs. Two
 * drivers share this file's logic: in-memory (one process) and Redis (every instance counts
 * together).
 */

/** At most `points` per `durationSeconds`, per key. */
export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

/** The answer to one {@link RateLimiter.consume}. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets: 0 when allowed, at least 1 when refused. */
  retryAfterSeconds: number;
  /** The rule's points, for the 429 body's `limit`. */
  limit: number;
  /** The rule's window as the API writes it (`1m`, `1h`, `90s`), for the 429 body's `window`. */
  window: string;
  /** Points left in the current window. */
  remaining: number;
}

export interface RateLimiter {
  /** Spends one point of `key` under `rule`. Never throws for "over the limit": that is `allowed: false`. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /**
   * Whether `key` may still spend a point under `rule`, without spending one (`remaining` is what
   * is left). Used where only failures count, e.g. wrong passwords (auth/login-throttle.ts).
   */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Forgets `key`'s count under `rule` (a success ends a run of failures). */
  reset(key: string, rule: RateLimitRule): Promise<void>;
  /** Readiness: resolves when the backing store answers. */
  ping(): Promise<void>;
  /** Releases connections; the limiter must not be used afterwards. */
  close(): Promise<void>;
}

/** `60` → `1m`, `3600` → `1h`, `86400` → `1d`, anything else in seconds (`90s`). */
export function formatWindow(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

function assertRule(rule: RateLimitRule): void {
  const ok = (n: number) => Number.isInteger(n) && n >= 1;
  if (!ok(rule.points) || !ok(rule.durationSeconds)) {
    throw new RangeError(`rate limit rule needs whole points and seconds >= 1, got ${rule.points} per ${rule.durationSeconds} s`);
  }
}

/**
 * The logic both drivers share: one rate-limiter-flexible instance per rule (built on first use by
 * `build`) and the mapping of its answer, where "over the limit" arrives as a rejected
 * `RateLimiterRes` and a store failure as a rejected `Error`.
 */
export function flexibleRateLimiter(parts: {
  build(rule: RateLimitRule): RateLimiterAbstract;
  /** Awaited before each count is sent to the store (the Redis driver gathers one turn of the loop's counts into one write). */
  gather?: () => Promise<void>;
  /** Points taken from the store ahead of use (point-leases.ts): the Redis driver's, so most messages cost no round trip. */
  leases?: PointLeases;
  ping(): Promise<void>;
  close(): Promise<void>;
}): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateLimitRule) => {
    const id = `${rule.points}/${rule.durationSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) limiters.set(id, (limiter = parts.build(rule)));
    return limiter;
  };
  return {
    async consume(key, rule) {
      assertRule(rule);
      const base = { limit: rule.points, window: formatWindow(rule.durationSeconds) };
      const leaseId = `${rule.points}/${rule.durationSeconds}\n${key}`;
      const leased = parts.leases?.spend(leaseId);
      if (leased !== undefined) return { ...base, allowed: true, retryAfterSeconds: 0, remaining: leased };
      const size = parts.leases?.sizeFor(leaseId) ?? 1;
      try {
        if (parts.gather) await parts.gather();
        const res = await limiterFor(rule).consume(key, size);
        parts.leases?.granted(leaseId, size, res.remainingPoints, res.msBeforeNext);
        return { ...base, allowed: true, retryAfterSeconds: 0, remaining: res.remainingPoints + size - 1 };
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        parts.leases?.forget(leaseId);
        return { ...base, allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)), remaining: 0 };
      }
    },
    async peek(key, rule) {
      assertRule(rule);
      const base = { limit: rule.points, window: formatWindow(rule.durationSeconds) };
      const res = await limiterFor(rule).get(key);
      const spent = res?.consumedPoints ?? 0;
      if (spent < rule.points) return { ...base, allowed: true, retryAfterSeconds: 0, remaining: rule.points - spent };
      return { ...base, allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000)), remaining: 0 };
    },
    async reset(key, rule) {
      assertRule(rule);
      parts.leases?.forget(`${rule.points}/${rule.durationSeconds}\n${key}`);
      await limiterFor(rule).delete(key);
    },
    ping: parts.ping,
    close: parts.close,
  };
}
