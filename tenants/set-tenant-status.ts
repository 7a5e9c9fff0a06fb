import type { TenantRow, TenantStatus } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { findTenant, refuseDefaultTenant } from './tenant-rules.js';
import type { TenantStore } from './tenants-deps.js';

type Deps = { tenants: Pick<TenantStore, 'findById' | 'findBySlug' | 'setStatus'>; now: () => Date };

/**
 * Suspends a tenant (docs/operations/tenants.md, "Suspend and resume"): its data stays, its work
 * is refused by the request routing. Suspending a suspended tenant changes nothing (it keeps its
 * `suspended_at`); the default tenant cannot be suspended (409).
 */
export function suspendTenant(deps: Deps, ref: string): Promise<TenantRow> {
  return setStatus(deps, ref, 'suspended');
}

/** Makes a suspended tenant active again; an active one is answered as it is. */
export function resumeTenant(deps: Deps, ref: string): Promise<TenantRow> {
  return setStatus(deps, ref, 'active');
}

async function setStatus(deps: Deps, ref: string, status: TenantStatus): Promise<TenantRow> {
  const tenant = await findTenant(deps.tenants, ref);
  if (status === 'suspended') refuseDefaultTenant(tenant, 'suspended');
  if (tenant.status === status) return tenant;
  const updated = await deps.tenants.setStatus(tenant.id, status, deps.now());
  if (!updated) throw new NotFoundError(`No tenant "${ref}"`, 'tenant_not_found');
  return updated;
}
