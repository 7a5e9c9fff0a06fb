import { NotFoundError } from '../infra/errors.js';
import { runAsTenant } from '../tenancy/index.js';
import { findTenant, refuseDefaultTenant } from './tenant-rules.js';
import type { TenantFileBytes, TenantRowsReader, TenantStore } from './tenants-deps.js';

/** Stored files removed per round. */
const FILE_PAGE = 200;

type Deps = { tenants: Pick<TenantStore, 'findById' | 'findBySlug' | 'delete'>; rows: TenantRowsReader; files: TenantFileBytes };

/**
 * Deletes a tenant and everything it owns (docs/operations/tenants.md, "Delete"): the bytes of its
 * stored files first, then its row, whose deletion cascades to every tenant-owned row and
 * membership (migration 0036). Bytes first: a failure in between leaves rows whose files are
 * gone, and running the deletion again finishes it; never bytes that no row would find again.
 * The bytes are deleted in the tenant's scope, where the file store keeps them apart from every
 * other tenant's (app/tenant-files.ts). The default tenant cannot be deleted (409).
 */
export async function deleteTenant(deps: Deps, ref: string): Promise<{ id: string; slug: string; files_deleted: number }> {
  const tenant = await findTenant(deps.tenants, ref);
  refuseDefaultTenant(tenant, 'deleted');
  let deleted = 0;
  let after: string | undefined;
  for (;;) {
    const keys = await runAsTenant(tenant.id, async () => (await deps.rows.storedFiles(tenant.id, after, FILE_PAGE)).map((f) => f.storage_key));
    for (const key of keys) await runAsTenant(tenant.id, () => deps.files.delete(key));
    deleted += keys.length;
    if (keys.length < FILE_PAGE) break;
    after = keys.at(-1);
  }
  if (!(await deps.tenants.delete(tenant.id))) throw new NotFoundError(`No tenant "${ref}"`, 'tenant_not_found');
  return { id: tenant.id, slug: tenant.slug, files_deleted: deleted };
}
