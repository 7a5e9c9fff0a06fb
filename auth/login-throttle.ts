import { RateLimitError } from '../infra/errors.js';
import type { RateLimiter, RateLimitRule } from '../infra/rate-limit/index.js';

/**
 * Wrong passwords allowed before logins are refused with 429 (README, "Security model"): per
 * account (username or email, any case) a run of failures that a success ends, and per client
 * address all failures, so one address cannot try many accounts.
 */
export const LOGIN_FAILURE_RULES = {
  perAccount: { points: 10, durationSeconds: 15 * 60 },
  perAddress: { points: 50, durationSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts failed logins on the rate-limit port (memory or Redis, like every other limit). */
export interface LoginThrottle {
  /** Throws RateLimitError while the account or the address is over its failures. */
  assertAllowed(identifier: string, address: string): Promise<void>;
  failed(identifier: string, address: string): Promise<void>;
  succeeded(identifier: string): Promise<void>;
}

export function createLoginThrottle(limiter: Pick<RateLimiter, 'peek' | 'consume' | 'reset'>): LoginThrottle {
  const accountKey = (identifier: string) => `login:account:${identifier.trim().toLowerCase()}`;
  const addressKey = (address: string) => `login:address:${address}`;
  return {
    async assertAllowed(identifier, address) {
      const [account, client] = await Promise.all([
        limiter.peek(accountKey(identifier), LOGIN_FAILURE_RULES.perAccount),
        limiter.peek(addressKey(address), LOGIN_FAILURE_RULES.perAddress),
      ]);
      const refused = !account.allowed ? account : !client.allowed ? client : undefined;
      if (!refused) return;
      throw new RateLimitError(
        refused.limit, refused.window, refused.retryAfterSeconds,
        `Too many failed logins: at most ${refused.limit} per ${refused.window}; try again in ${refused.retryAfterSeconds} s`,
      );
    },
    async failed(identifier, address) {
      await Promise.all([
        limiter.consume(accountKey(identifier), LOGIN_FAILURE_RULES.perAccount),
        limiter.consume(addressKey(address), LOGIN_FAILURE_RULES.perAddress),
      ]);
    },
    async succeeded(identifier) {
      await limiter.reset(accountKey(identifier), LOGIN_FAILURE_RULES.perAccount);
    },
  };
}
