import type { TenantRow } from '../db/index.js';
import { findTenant } from './tenant-rules.js';
import type { TenantStore } from './tenants-deps.js';

/** Every tenant of the installation, the default one first. */
export function listTenants(deps: { tenants: Pick<TenantStore, 'list'> }): Promise<TenantRow[]> {
  return deps.tenants.list();
}

/** One tenant, by id or slug; 404 when there is none. */
export function getTenant(deps: { tenants: Pick<TenantStore, 'findById' | 'findBySlug'> }, ref: string): Promise<TenantRow> {
  return findTenant(deps.tenants, ref);
}
