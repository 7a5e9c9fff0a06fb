import { RateLimitError } from '../infra/errors.js';
import type { NotificationsDeps } from './notifications-deps.js';

const HOUR = 3600;
const DAY = 86_400;

/** The three limited operations (docs/notifications.md, "Limits") and how each is counted. */
export type LimitedOperation = 'send' | 'broadcast' | 'template';

/**
 * Spends one point of the caller's budget for `operation`, or throws the 429 of docs/notifications.md, "Limits"
 * (`limit`, `window`, `retry_after`). Sends count per user and hour; broadcasts and template
 * creations per account (the calling user) and day.
 */
export async function spendLimit(deps: Pick<NotificationsDeps, 'rateLimiter' | 'limits'>, operation: LimitedOperation, userId: string): Promise<void> {
  const rule = operation === 'send' ? { points: deps.limits.sendPerHour, durationSeconds: HOUR }
    : operation === 'broadcast' ? { points: deps.limits.broadcastPerDay, durationSeconds: DAY }
      : { points: deps.limits.templatesPerDay, durationSeconds: DAY };
  const decision = await deps.rateLimiter.consume(`notifications:${operation}:${userId}`, rule);
  if (!decision.allowed) {
    const what = operation === 'send' ? 'notifications sent' : operation === 'broadcast' ? 'broadcasts' : 'templates created';
    throw new RateLimitError(decision.limit, decision.window, decision.retryAfterSeconds, `Too many ${what}: at most ${decision.limit} per ${decision.window}`);
  }
}
