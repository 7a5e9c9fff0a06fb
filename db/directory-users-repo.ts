import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { tenantMemberships, users } from './schema/index.js';
import { isUuid } from './uuid.js';
import { createUsersRepo, matchConditions, type NewUserRow, type UserChanges, type UserMatch, type UserRow, type UsersRepo } from './users-repo.js';

/** What a directory's provisioning (SCIM, LDAP sync) reads and writes of its accounts. */
export type DirectoryUsersRepo = Pick<UsersRepo, 'findById' | 'findByExternalId' | 'findByEmail' | 'findByLogin' | 'match' | 'insert' | 'update' | 'delete' | 'setPassword' | 'markFederated'>;

/**
 * One directory's accounts (docs/operations/tenants.md, "Identity"). Without a tenant, the
 * installation's: the users repository, by id too restricted to them, so the default tenant's
 * SCIM client never reaches an account another tenant provisioned. With one, that tenant's own
 * directory: accounts with its `directory_tenant_id`, each a member of the tenant, with no
 * installation role (`users.roles` empty) and its roles there the membership's, as for a user a
 * tenant's admin creates. Their usernames and emails are unique within the directory only
 * (migration 0039), so two tenants may each provision an "ana".
 */
export function createDirectoryUsersRepo(db: Database, tenantId?: string): DirectoryUsersRepo {
  return tenantId === undefined ? installationDirectory(db) : tenantDirectory(db, tenantId);
}

function installationDirectory(db: Database): DirectoryUsersRepo {
  const all = createUsersRepo(db);
  const ours = async (id: string) => ((await all.findById(id))?.directory_tenant_id === null);
  return {
    findByExternalId: all.findByExternalId, findByEmail: all.findByEmail, findByLogin: all.findByLogin, match: all.match, insert: all.insert,
    findById: async (id) => {
      const row = await all.findById(id);
      return row?.directory_tenant_id === null ? row : undefined;
    },
    update: async (id, changes) => ((await ours(id)) ? all.update(id, changes) : undefined),
    delete: async (id) => (await ours(id)) && all.delete(id),
    setPassword: async (id, hash, mustChange) => {
      if (await ours(id)) await all.setPassword(id, hash, mustChange);
    },
    markFederated: async (id, retire) => {
      if (await ours(id)) await all.markFederated(id, retire);
    },
  };
}

function tenantDirectory(db: Database, tenantId: string): DirectoryUsersRepo {
  const mine = eq(users.directory_tenant_id, tenantId);
  const withRoles = (row: { user: UserRow; roles: string[] | null }): UserRow => {
    const roles = row.roles ?? [];
    return { ...row.user, roles, is_admin: roles.includes('admin') };
  };
  const select = async (...conditions: (SQL | undefined)[]): Promise<UserRow[]> => (await db
    .select({ user: users, roles: tenantMemberships.roles }).from(users)
    .leftJoin(tenantMemberships, and(eq(tenantMemberships.user_id, users.id), eq(tenantMemberships.tenant_id, tenantId)))
    .where(and(mine, ...conditions)).orderBy(asc(users.created_at), asc(users.username))).map(withRoles);
  const one = async (...conditions: (SQL | undefined)[]) => (await select(...conditions))[0];
  const lower = (column: typeof users.username | typeof users.email, value: string) => eq(sql`lower(${column})`, value.toLowerCase());
  const byId = (id: string) => and(mine, eq(users.id, id));
  return {
    findById: async (id) => (isUuid(id) ? one(eq(users.id, id)) : undefined),
    findByExternalId: (externalId) => one(eq(users.external_id, externalId)),
    findByEmail: (email) => one(lower(users.email, email)),
    findByLogin: async (identifier) => (await one(lower(users.username, identifier))) ?? one(lower(users.email, identifier)),
    match: (m: UserMatch) => select(...matchConditions(m), m.role !== undefined ? sql`${m.role} = any(${tenantMemberships.roles})` : undefined),
    async insert(row: NewUserRow): Promise<UserRow> {
      const roles = [...new Set(row.roles ?? [])];
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ ...row, roles: [], is_admin: false, directory_tenant_id: tenantId }).returning();
        await tx.insert(tenantMemberships).values({ tenant_id: tenantId, user_id: user!.id, roles });
        return withRoles({ user: user!, roles });
      });
    },
    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const { roles, is_admin: _admin, ...own } = changes;
      const updated = await db.transaction(async (tx) => {
        const [user] = await tx.update(users).set({ ...own, updated_at: new Date() }).where(byId(id)).returning({ id: users.id });
        if (user && roles !== undefined) {
          await tx.insert(tenantMemberships).values({ tenant_id: tenantId, user_id: id, roles })
            .onConflictDoUpdate({ target: [tenantMemberships.tenant_id, tenantMemberships.user_id], set: { roles } });
        }
        return user !== undefined;
      });
      return updated ? one(eq(users.id, id)) : undefined;
    },
    delete: async (id) => isUuid(id) && (await db.delete(users).where(byId(id)).returning({ id: users.id })).length > 0,
    async setPassword(id, passwordHash, mustChange) {
      if (isUuid(id)) await db.update(users).set({ password_hash: passwordHash, must_change_password: mustChange, updated_at: new Date() }).where(byId(id));
    },
    async markFederated(id, retirePassword) {
      if (!isUuid(id)) return;
      await db.update(users).set({ federated_at: new Date(), ...(retirePassword ? { password_hash: null, must_change_password: false } : {}) }).where(byId(id));
    },
  };
}
