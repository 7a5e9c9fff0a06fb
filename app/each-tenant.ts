import { createTenantsRepo, type DatabaseHandle } from '../db/index.js';
import type { EachTenant, TenantHeld } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';

/** The installation's background work run tenant by tenant: in every active one, or in the ones besides the default. */
export interface TenantsAtWork {
  each: EachTenant;
  /** For work the default tenant has just done on its own (the engine's and script host's first recovery at start). */
  besidesDefault: EachTenant;
}

/**
 * Runs installation-wide work in each active tenant's scope, one tenant after the other
 * (docs/operations/tenants.md, "Background work"); a suspended tenant's work waits for its resume.
 * With several, one tenant's failure is logged with its id and does not keep the others from
 * running; the first is thrown once all have run, so the caller's own retry still sees it. A
 * single-tenant deployment runs the work once, as before tenants, in no scope at all (`runAsTenant`
 * for the default tenant at the top level).
 */
export function tenantsAtWork(database: DatabaseHandle, logger: Pick<Logger, 'error'>): TenantsAtWork {
  const repo = createTenantsRepo(database.db);
  const inTenants = (besidesDefault: boolean): EachTenant => async (work) => {
    const active = (await repo.list()).filter((t) => t.status === 'active' && !(besidesDefault && t.id === DEFAULT_TENANT_ID));
    if (active.length === 1) return void (await runAsTenant(active[0]!.id, work));
    const failures: unknown[] = [];
    for (const tenant of active) {
      try {
        await runAsTenant(tenant.id, work);
      } catch (error) {
        logger.error({ err: error, tenant_id: tenant.id }, 'background work failed for a tenant');
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  };
  return { each: inTenants(false), besidesDefault: inTenants(true) };
}

/** How long a tenant's status is trusted before it is read again: a suspension holds its jobs within it. */
const STATUS_TTL_MS = 5_000;

/**
 * Whether a tenant is suspended, read from the database and kept a few seconds: its queued jobs
 * then wait for its resume (infra/jobs/tenant-carrying-jobs.ts). A deleted tenant's are not held:
 * they run, find nothing of it, and end.
 */
export function suspendedTenants(database: DatabaseHandle, now: () => number = Date.now): TenantHeld {
  const repo = createTenantsRepo(database.db);
  const known = new Map<string, { at: number; held: Promise<boolean> }>();
  return (tenantId) => {
    const hit = known.get(tenantId);
    if (hit && now() - hit.at < STATUS_TTL_MS) return hit.held;
    const held = repo.findById(tenantId).then((tenant) => tenant?.status === 'suspended', (error: unknown) => {
      known.delete(tenantId);
      throw error;
    });
    known.set(tenantId, { at: now(), held });
    return held;
  };
}
