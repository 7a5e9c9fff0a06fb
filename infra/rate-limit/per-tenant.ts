import { nonDefaultTenant } from '../../tenancy/index.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * The seed's per-account limits count per tenant (docs/operations/tenants.md, "Limits"): a user who
 * works in two tenants has each tenant's budget. Keys spent inside a tenant's scope carry its id;
 * the default tenant's (a single-tenant deployment's) are the keys they always were. Not for sign-in throttling: a person's account is the installation's, and a lockout that
 * counted per tenant would give an attacker one budget per tenant.
 */
export function perTenantLimits(limiter: RateLimiter): RateLimiter {
  const keyed = (key: string) => {
    const tenant = nonDefaultTenant();
    return tenant === undefined ? key : `tenant:${tenant}:${key}`;
  };
  return {
    consume: (key, rule) => limiter.consume(keyed(key), rule),
    peek: (key, rule) => limiter.peek(keyed(key), rule),
    reset: (key, rule) => limiter.reset(keyed(key), rule),
    ping: () => limiter.ping(),
    close: () => limiter.close(),
  };
}
