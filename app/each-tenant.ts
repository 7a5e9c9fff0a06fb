import { createTenantsRepo, type DatabaseHandle } from '../db/index.js';
import type { EachTenant } from '../infra/jobs/index.js';
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
