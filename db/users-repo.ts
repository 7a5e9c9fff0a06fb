import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { users } from './schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** The columns a directory, an import or a SCIM client may change (docs/migration/identity.md). */
export type UserChanges = Partial<Pick<UserRow, 'username' | 'email' | 'display_name' | 'phone' | 'department' | 'external_id' | 'roles' | 'is_active' | 'is_admin' | 'source'>>;
/** Exact matches, all given ones at once (SCIM `eq` filters joined by `and`); text compared regardless of case. */
export interface UserMatch {
  username?: string;
  email?: string;
  external_id?: string;
  display_name?: string;
  source?: UserRow['source'];
  role?: string;
  ids?: string[];
}

/**
 * The installation's accounts, as opposed to those of a tenant's own directory
 * (db/directory-users-repo.ts): the only ones a look-up by name, a match or the list finds here.
 */
const installation = isNull(users.directory_tenant_id);

/** The conditions of a `UserMatch` but its role, which a tenant's directory reads from the membership. */
export function matchConditions(m: Omit<UserMatch, 'role'>): (SQL | undefined)[] {
  const lower = (column: AnyPgColumn, value: string) => eq(sql`lower(${column})`, value.toLowerCase());
  return [
    m.username !== undefined ? lower(users.username, m.username) : undefined,
    m.email !== undefined ? lower(users.email, m.email) : undefined,
    m.display_name !== undefined ? lower(users.display_name, m.display_name) : undefined,
    m.external_id !== undefined ? eq(users.external_id, m.external_id) : undefined,
    m.source !== undefined ? eq(users.source, m.source) : undefined,
    m.ids !== undefined ? (m.ids.filter(isUuid).length ? inArray(users.id, m.ids.filter(isUuid)) : sql`false`) : undefined,
  ];
}

/**
 * The only code that queries the users table for the installation's accounts: by name, by match
 * and in the list only those (a tenant's directory keeps its own, docs/operations/tenants.md,
 * "Identity"); by id any account, since an id names one account wherever it was provisioned.
 */
export function createUsersRepo(db: Database) {
  return {
    async findByLogin(identifier: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(installation, or(eq(sql`lower(${users.username})`, identifier.toLowerCase()), eq(sql`lower(${users.email})`, identifier.toLowerCase()))))
        .limit(1);
      return row;
    },
    /** The user, or undefined — also for ids that are not UUIDs. */
    async findById(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Usernames and emails are compared regardless of case. */
    async findByUsernameOrEmail(username: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users)
        .where(and(installation, or(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(sql`lower(${users.email})`, email.toLowerCase())))).limit(1);
      return row;
    },
    /** Sets a new password hash; false when no user has this username (any case). */
    async setPasswordHash(username: string, passwordHash: string): Promise<boolean> {
      const updated = await db.update(users).set({ password_hash: passwordHash, updated_at: new Date() })
        .where(and(installation, eq(sql`lower(${users.username})`, username.toLowerCase()))).returning({ id: users.id });
      return updated.length > 0;
    },
    async findByExternalId(externalId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(installation, eq(users.external_id, externalId))).limit(1);
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(installation, eq(sql`lower(${users.email})`, email.toLowerCase()))).limit(1);
      return row;
    },
    /** Users matching every given field, oldest first. */
    async match(m: UserMatch): Promise<UserRow[]> {
      const role = m.role !== undefined ? sql`${m.role} = any(${users.roles})` : undefined;
      return db.select().from(users).where(and(installation, ...matchConditions(m), role)).orderBy(asc(users.created_at), asc(users.username));
    },
    /** Applies the changes; undefined when no user has this id. */
    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(users).set({ ...changes, updated_at: new Date() }).where(eq(users.id, id)).returning();
      return row;
    },
    /** A new password hash (null: no local password) and whether it must be changed at the next login. */
    async setPassword(id: string, passwordHash: string | null, mustChange: boolean): Promise<void> {
      await db.update(users).set({ password_hash: passwordHash, must_change_password: mustChange, updated_at: new Date() }).where(eq(users.id, id));
    },
    /** Records a federated sign-in; with `retirePassword` the local password stops working. */
    async markFederated(id: string, retirePassword: boolean): Promise<void> {
      await db.update(users).set({ federated_at: new Date(), ...(retirePassword ? { password_hash: null, must_change_password: false } : {}) }).where(eq(users.id, id));
    },
    /** Whether the account exists and is active: deactivated users' tokens are refused. */
    async isActive(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db.select({ active: users.is_active }).from(users).where(eq(users.id, id)).limit(1);
      return row?.active ?? false;
    },
    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    async list(): Promise<UserRow[]> {
      return db.select().from(users).where(installation).orderBy(asc(users.created_at), asc(users.username));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
