import type { TenantsRepo } from '../db/index.js';
import { createTenant, type CreateTenantInput } from './create-tenant.js';
import { deleteTenant } from './delete-tenant.js';
import { countTenantRows, exportTenant, type ExportProgress } from './export-tenant.js';
import { getTenant, listTenants } from './list-tenants.js';
import { suspendTenant, resumeTenant } from './set-tenant-status.js';
import { listTenantMembers, putTenantMember, removeTenantMember, type PutMemberInput } from './tenant-members.js';
import type { TenantFileBytes, UserLookup } from './tenants-deps.js';
import { updateTenant, type UpdateTenantInput } from './update-tenant.js';

export interface TenantsWiring {
  /** db/tenants-repo.ts: the store, the memberships and the export's reads. */
  repo: TenantsRepo;
  users: UserLookup;
  /** The content file store (its `get` and `delete`). */
  files: TenantFileBytes;
  now: () => Date;
}

/**
 * The tenant lifecycle (docs/operations/tenants.md, "Lifecycle") as what the routes and the CLI
 * call: each entry one use case, given the ports it needs from the one wiring.
 */
export function createTenantsApi(w: TenantsWiring) {
  const tenants = w.repo;
  const deps = { tenants, memberships: w.repo, rows: w.repo, users: w.users, files: w.files, now: w.now };
  return {
    create: (input: CreateTenantInput) => createTenant(deps, input),
    list: () => listTenants(deps),
    get: (ref: string) => getTenant(deps, ref),
    update: (input: UpdateTenantInput) => updateTenant(deps, input),
    suspend: (ref: string) => suspendTenant(deps, ref),
    resume: (ref: string) => resumeTenant(deps, ref),
    export: (ref: string, onProgress?: (progress: ExportProgress) => void) => exportTenant(deps, ref, onProgress),
    countRows: async (ref: string) => countTenantRows(deps, await getTenant(deps, ref)),
    delete: (ref: string) => deleteTenant(deps, ref),
    members: {
      put: (input: PutMemberInput) => putTenantMember(deps, input),
      remove: (input: { tenant: string; user_id: string }) => removeTenantMember(deps, input),
      list: (ref: string) => listTenantMembers(deps, ref),
    },
  };
}

export type TenantsApi = ReturnType<typeof createTenantsApi>;
