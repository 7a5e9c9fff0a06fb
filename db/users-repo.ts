import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { users } from './schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The only code that queries the users table. */
export function createUsersRepo(db: Database) {
  return {
    async findByLogin(identifier: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, identifier.toLowerCase()), eq(sql`lower(${users.email})`, identifier.toLowerCase())))
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
        .where(or(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(sql`lower(${users.email})`, email.toLowerCase()))).limit(1);
      return row;
    },
    /** Sets a new password hash; false when no user has this username (any case). */
    async setPasswordHash(username: string, passwordHash: string): Promise<boolean> {
      const updated = await db.update(users).set({ password_hash: passwordHash, updated_at: new Date() })
        .where(eq(sql`lower(${users.username})`, username.toLowerCase())).returning({ id: users.id });
      return updated.length > 0;
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    async list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.created_at), asc(users.username));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
