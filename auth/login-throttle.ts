import { RateLimitError } from '../infra/errors.js';
import type { RateLimiter, RateLimitRule } from '../infra/rate-limit/index.js';

/**
 * Wrong passwords allowed before logins are refused with 429 (README, "Security model"): per
 * account a run of failures that a success ends, and per client address all failures, so one
 * address cannot try many accounts.
 */
export const LOGIN_FAILURE_RULES = {
  perAccount: { points: 10, durationSeconds: 15 * 60 },
  perAddress: { points: 50, durationSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Whose failures count together: the user the username or email resolved to, so every name of
 * one account shares one lockout; an identifier that names no one counts by itself (any case),
 * so unknown names are refused exactly like known ones.
 */
export interface LoginAccount {
  identifier: string;
  userId?: string;
}

/** Counts failed logins on the rate-limit port (memory or Redis, like every other limit). */
export interface LoginThrottle {
  /** Throws RateLimitError while the account or the address is over its failures. */
  assertAllowed(account: LoginAccount, address: string): Promise<void>;
  failed(account: LoginAccount, address: string): Promise<void>;
  succeeded(account: LoginAccount): Promise<void>;
}

export function createLoginThrottle(limiter: Pick<RateLimiter, 'peek' | 'consume' | 'reset'>): LoginThrottle {
  const accountKey = ({ identifier, userId }: LoginAccount) =>
    userId === undefined ? `login:name:${identifier.trim().toLowerCase()}` : `login:user:${userId}`;
  const addressKey = (address: string) => `login:address:${address}`;
  return {
    async assertAllowed(account, address) {
      const [perAccount, perAddress] = await Promise.all([
        limiter.peek(accountKey(account), LOGIN_FAILURE_RULES.perAccount),
        limiter.peek(addressKey(address), LOGIN_FAILURE_RULES.perAddress),
      ]);
      const refused = !perAccount.allowed ? perAccount : !perAddress.allowed ? perAddress : undefined;
      if (!refused) return;
      throw new RateLimitError(
        refused.limit, refused.window, refused.retryAfterSeconds,
        `Too many failed logins: at most ${refused.limit} per ${refused.window}; try again in ${refused.retryAfterSeconds} s`,
      );
    },
    async failed(account, address) {
      await Promise.all([
        limiter.consume(accountKey(account), LOGIN_FAILURE_RULES.perAccount),
        limiter.consume(addressKey(address), LOGIN_FAILURE_RULES.perAddress),
      ]);
    },
    async succeeded(account) {
      await limiter.reset(accountKey(account), LOGIN_FAILURE_RULES.perAccount);
    },
  };
}
