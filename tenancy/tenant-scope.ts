import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tenant the work at hand is for (docs/operations/tenants.md). A request, a job or an event
 * runs inside `runAsTenant`, and the database connection it reaches sets `switchboard.tenant_id`
 * from it before any statement: PostgreSQL's row-level security then shows and accepts only that
 * tenant's rows. Work outside any scope (start-up, a single-tenant deployment) is the default
 * tenant's, the tenant every existing row was moved into.
 */
export const DEFAULT_TENANT_ID = '00000000-0000-0000-0000-000000000001';

const scope = new AsyncLocalStorage<string>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for what can name a tenant: a UUID. */
export const isTenantId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Runs `work`, and everything it starts, as `tenantId`'s. Work already running as that tenant runs
 * as it is: a deployment with one tenant never opens a scope, and pays nothing for them.
 */
export function runAsTenant<T>(tenantId: string, work: () => T): T {
  // Checked here because the id ends up in SQL text (db/tenant-session.ts): only a UUID passes.
  if (!isTenantId(tenantId)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  const tenant = tenantId.toLowerCase();
  return tenant === currentTenant() ? work() : scope.run(tenant, work);
}

/** The tenant of the work at hand; the default tenant outside any scope. */
export function currentTenant(): string {
  return scope.getStore() ?? DEFAULT_TENANT_ID;
}

/** The tenant of the work at hand, or undefined outside any scope (what a job or an event carries along). */
export function scopedTenant(): string | undefined {
  return scope.getStore();
}

/**
 * The tenant of the work at hand when it is not the default one, else undefined: what keys a
 * tenant's own limits, users and the like, the default tenant's staying as they were before tenants.
 */
export function nonDefaultTenant(): string | undefined {
  const tenant = currentTenant();
  return tenant === DEFAULT_TENANT_ID ? undefined : tenant;
}
