import { RateLimiterMemory } from 'rate-limiter-flexible';
import { flexibleRateLimiter, type RateLimiter } from './rate-limiter.js';

/**
 * The embedded driver: counters in this process's memory (expired keys are dropped by timers).
 * Right for one instance; with several, each would count on its own, so use the Redis driver.
 */
export function createMemoryRateLimiter(): RateLimiter {
  return flexibleRateLimiter({
    build: (rule) => new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
    ping: async () => undefined,
    close: async () => undefined,
  });
}
