import type { Logger } from '../logger.js';
import { createMemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

export { createMemoryRateLimiter };
export { perTenantLimits } from './per-tenant.js';
export { formatWindow, type RateLimitDecision, type RateLimiter, type RateLimitRule } from './rate-limiter.js';

/** Options for {@link createRateLimiter}. */
export interface RateLimiterConfig {
  /** Set (from `REDIS_URL`) to count across instances in Redis; unset counts in this process. */
  redisUrl?: string;
  /** Redis key prefix; instances that count together must share it. Ignored in memory. */
  prefix?: string;
  logger: Logger;
}

/** The one place that picks the rate-limit driver, so the rest of the code only sees {@link RateLimiter}. */
export async function createRateLimiter(config: RateLimiterConfig): Promise<RateLimiter> {
  if (config.redisUrl) {
    // ioredis loads only when it is used (docs/performance.md, "Start-up").
    const { createRedisRateLimiter } = await import('./redis-rate-limiter.js');
    return createRedisRateLimiter({ redisUrl: config.redisUrl, prefix: config.prefix, logger: config.logger });
  }
  return createMemoryRateLimiter();
}
