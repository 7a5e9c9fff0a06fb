import type { TenantRow } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { assertQuotas, findTenant } from './tenant-rules.js';
import type { TenantStore } from './tenants-deps.js';

export interface UpdateTenantInput {
  /** Id or slug. */
  tenant: string;
  changes: {
    name?: string;
    /** null removes the limit; absent keeps it. */
    max_bots?: number | null;
    max_attendants?: number | null;
    max_storage_bytes?: number | null;
  };
}

/** Renames a tenant or changes its quotas (docs/operations/tenants.md, "Quotas"). */
export async function updateTenant(deps: { tenants: Pick<TenantStore, 'findById' | 'findBySlug' | 'update'> }, input: UpdateTenantInput): Promise<TenantRow> {
  const { name, ...quotas } = input.changes;
  assertQuotas(quotas);
  const tenant = await findTenant(deps.tenants, input.tenant);
  const changes = { ...quotas, ...(name?.trim() ? { name: name.trim() } : {}) };
  const updated = await deps.tenants.update(tenant.id, changes);
  // Deleted by another operator since it was found.
  if (!updated) throw new NotFoundError(`No tenant "${input.tenant}"`, 'tenant_not_found');
  return updated;
}
