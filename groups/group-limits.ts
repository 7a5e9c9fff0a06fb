import { RateLimitError } from '../infra/errors.js';
import type { RateLimiter, RateLimitRule } from '../infra/rate-limit/index.js';

/** docs/groups.md, "Limits": per user, 100 group reads and 20 group writes a minute. */
export const GROUP_READ_LIMIT: RateLimitRule = { points: 100, durationSeconds: 60 };
export const GROUP_WRITE_LIMIT: RateLimitRule = { points: 20, durationSeconds: 60 };

export type GroupLimitKind = 'read' | 'write';

/** Spends one read or write of `userId`; over the limit it throws the 429 `RateLimitError`. */
export type GroupLimits = (kind: GroupLimitKind, userId: string) => Promise<void>;

export function createGroupLimits(limiter: RateLimiter): GroupLimits {
  return async (kind, userId) => {
    const rule = kind === 'read' ? GROUP_READ_LIMIT : GROUP_WRITE_LIMIT;
    const decision = await limiter.consume(`groups:${kind}:${userId}`, rule);
    if (!decision.allowed) {
      throw new RateLimitError(decision.limit, decision.window, decision.retryAfterSeconds, `At most ${decision.limit} group ${kind}s per minute`);
    }
  };
}
