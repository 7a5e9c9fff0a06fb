import type { TenantsRepo } from '../db/index.js';

/**
 * The ports of the tenant use cases (docs/operations/tenants.md, "Lifecycle"), each use case
 * taking only the ones it needs. The repository is db/tenants-repo.ts; the file bytes are the
 * content area's file store, handed in at the composition root (app/tenants.ts), whose `get` and
 * `delete` fit {@link TenantFileBytes}.
 */
export type TenantStore = Pick<TenantsRepo, 'create' | 'list' | 'findById' | 'findBySlug' | 'update' | 'setStatus' | 'delete'>;

/** The memberships of users in tenants. */
export type MembershipStore = Pick<TenantsRepo, 'putMembership' | 'deleteMembership' | 'membersOf'>;

/** The reads of a tenant's rows and stored files, each run in the tenant's scope by the use case. */
export type TenantRowsReader = Pick<TenantsRepo, 'tenantTables' | 'tablePage' | 'countRows' | 'storedFiles'>;

/** Where the bytes of stored files are (the content file store, docs/content.md, "Files"). */
export interface TenantFileBytes {
  get(key: string): Promise<{ bytes: Buffer } | undefined>;
  delete(key: string): Promise<void>;
}

/** Whether a user exists, before a membership names it. */
export interface UserLookup {
  findById(id: string): Promise<object | undefined>;
}
