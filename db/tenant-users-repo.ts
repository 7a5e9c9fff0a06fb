import { and, asc, eq } from 'drizzle-orm';
import { nonDefaultTenant } from '../tenancy/index.js';
import type { Database } from './connection.js';
import { tenantMemberships, users } from './schema/index.js';
import { createDirectoryUsersRepo } from './directory-users-repo.js';
import { createUsersRepo, type UserRow } from './users-repo.js';

/**
 * The users as the tenant of the work at hand sees them (docs/operations/tenants.md, "Members"):
 * in the default tenant every user with its own roles, as before tenants; in another tenant only
 * its members, each with the roles of its membership. Users are the installation's (a person may
 * belong to several tenants), so the table has no policy: this view is what keeps a tenant's
 * attendance from offering its conversations to another tenant's attendants, and a tenant's
 * admin from listing another's people. A name is looked up in the tenant's own directory first
 * (its SCIM and LDAP accounts, db/directory-users-repo.ts), then among the installation's accounts
 * that are its members. The writes are the users repository's own.
 */
export function createTenantUsersRepo(db: Database) {
  const all = createUsersRepo(db);
  const asMember = (row: { user: UserRow; roles: string[] }): UserRow => ({ ...row.user, roles: row.roles, is_admin: row.roles.includes('admin') });
  const memberRows = (tenant: string) => db.select({ user: users, roles: tenantMemberships.roles }).from(users)
    .innerJoin(tenantMemberships, and(eq(tenantMemberships.user_id, users.id), eq(tenantMemberships.tenant_id, tenant)));
  /** A user found by the installation-wide look-up, answered only if a member of the scope's tenant, with its roles there. */
  const ifMember = async (found: UserRow | undefined): Promise<UserRow | undefined> => {
    const tenant = nonDefaultTenant();
    if (!found || tenant === undefined) return found;
    const [row] = await db.select({ roles: tenantMemberships.roles }).from(tenantMemberships)
      .where(and(eq(tenantMemberships.tenant_id, tenant), eq(tenantMemberships.user_id, found.id)));
    return row && asMember({ user: found, roles: row.roles });
  };
  /** The scope's tenant's own directory; none in the default tenant, whose accounts are the installation's. */
  const ownDirectory = () => {
    const tenant = nonDefaultTenant();
    return tenant === undefined ? undefined : createDirectoryUsersRepo(db, tenant);
  };
  return {
    ...all,
    async list(): Promise<UserRow[]> {
      const tenant = nonDefaultTenant();
      if (tenant === undefined) return all.list();
      return (await memberRows(tenant).orderBy(asc(users.created_at), asc(users.username))).map(asMember);
    },
    findById: async (id: string) => ifMember(await all.findById(id)),
    findByLogin: async (identifier: string) => (await ownDirectory()?.findByLogin(identifier)) ?? ifMember(await all.findByLogin(identifier)),
    findByEmail: async (email: string) => (await ownDirectory()?.findByEmail(email)) ?? ifMember(await all.findByEmail(email)),
    findByExternalId: async (externalId: string) => (await ownDirectory()?.findByExternalId(externalId)) ?? ifMember(await all.findByExternalId(externalId)),
  };
}
