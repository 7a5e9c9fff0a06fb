import type { FileStore } from '../content/index.js';
import { createTenantsRepo, createUsersRepo, type DatabaseHandle } from '../db/index.js';
import { createTenantsApi } from '../tenants/index.js';

/**
 * Builds the tenant lifecycle (docs/operations/tenants.md, "Lifecycle") once, at the composition
 * root: on its repository, the users (a membership names one) and the content file store, whose
 * bytes a tenant's export carries and its deletion removes. The CLI (`switchboard tenant`) builds
 * the same with its own store.
 */
export function wireTenants(w: { database: DatabaseHandle; store: FileStore }) {
  return createTenantsApi({ repo: createTenantsRepo(w.database.db), users: createUsersRepo(w.database.db), files: w.store, now: () => new Date() });
}
