import { NotFoundError } from '../infra/errors.js';
import { runAsTenant } from '../tenancy/index.js';
import { findTenant, refuseDefaultTenant } from './tenant-rules.js';
import type { TenantFileBytes, TenantRowsReader, TenantStore } from './tenants-deps.js';

/** Stored files removed per round. */
const FILE_PAGE = 200;

type Deps = { tenants: Pick<TenantStore, 'findById' | 'findBySlug' | 'list' | 'delete'>; rows: TenantRowsReader; files: TenantFileBytes };

/**
 * Deletes a tenant and everything it owns (docs/operations/tenants.md, "Delete"): the bytes of its
 * stored files first, then its row, whose deletion cascades to every tenant-owned row and
 * membership (migration 0036). Bytes first: a failure in between leaves rows whose files are
 * gone, and running the deletion again finishes it; never bytes that no row would find again.
 * A key another tenant also stores is left in place: file store keys are a file's path and
 * version, not per tenant. The default tenant cannot be deleted (409).
 */
export async function deleteTenant(deps: Deps, ref: string): Promise<{ id: string; slug: string; files_deleted: number }> {
  const tenant = await findTenant(deps.tenants, ref);
  refuseDefaultTenant(tenant, 'deleted');
  const others = (await deps.tenants.list()).filter((t) => t.id !== tenant.id).map((t) => t.id);
  let deleted = 0;
  let after: string | undefined;
  for (;;) {
    const page = await runAsTenant(tenant.id, async () => await deps.rows.storedFiles(tenant.id, after, FILE_PAGE));
    const keys = page.map((f) => f.storage_key);
    const shared = new Set<string>();
    for (const other of others) {
      for (const key of await runAsTenant(other, async () => await deps.rows.storageKeysAmong(keys))) shared.add(key);
    }
    for (const key of keys) {
      if (shared.has(key)) continue;
      await deps.files.delete(key);
      deleted += 1;
    }
    if (page.length < FILE_PAGE) break;
    after = keys.at(-1);
  }
  if (!(await deps.tenants.delete(tenant.id))) throw new NotFoundError(`No tenant "${ref}"`, 'tenant_not_found');
  return { id: tenant.id, slug: tenant.slug, files_deleted: deleted };
}
