import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { withTransaction } from './outbox-repo.js';
import { directoryGroupMembers, directoryGroups, users } from './schema/index.js';
import { isUuid } from './uuid.js';

export type DirectoryRole = 'owner' | 'admin' | 'member';
export type DirectoryGroupRow = typeof directoryGroups.$inferSelect & { member_count: number };
export interface DirectoryMemberRow {
  user_id: string;
  username: string;
  email: string;
  role: DirectoryRole;
  joined_at: Date;
}

const memberCount = sql<number>`(select count(*)::int from ${directoryGroupMembers} where ${directoryGroupMembers.group_id} = ${directoryGroups.id})`;

/**
 * The only code that queries the embedded identity provider's tables (db/schema/groups.ts).
 * Ids that are not UUIDs are unknown ids here, never a database error.
 */
export function createGroupsRepo(db: Database) {
  const groupColumns = { ...getTableColumns(directoryGroups), member_count: memberCount };
  const findGroup = async (id: string): Promise<DirectoryGroupRow | undefined> => {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select(groupColumns).from(directoryGroups).where(eq(directoryGroups.id, id));
    return row;
  };
  return {
    findGroup,
    /** The group and its owner's membership, together. */
    async insertGroup(input: { name: string; description: string; domain: string }, ownerId: string): Promise<DirectoryGroupRow> {
      return withTransaction(db, async (tx) => {
        const [group] = await tx.insert(directoryGroups).values(input).returning();
        await tx.insert(directoryGroupMembers).values({ group_id: group!.id, user_id: ownerId, role: 'owner' });
        return { ...group!, member_count: 1 };
      });
    },
    async updateGroup(id: string, changes: { name?: string; description?: string }): Promise<DirectoryGroupRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(directoryGroups).set({ ...changes, updated_at: sql`now()` }).where(eq(directoryGroups.id, id)).returning({ id: directoryGroups.id });
      return row && findGroup(row.id);
    },
    async deleteGroup(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(directoryGroups).where(eq(directoryGroups.id, id)).returning({ id: directoryGroups.id });
      return rows.length > 0;
    },
    /** A page by creation order; with `memberOf`, only the groups that user belongs to. */
    async listGroups(query: { limit: number; offset: number; memberOf?: string }): Promise<{ groups: DirectoryGroupRow[]; total: number }> {
      if (query.memberOf !== undefined && !isUuid(query.memberOf)) return { groups: [], total: 0 };
      const mine = query.memberOf === undefined ? undefined
        : inArray(directoryGroups.id, db.select({ id: directoryGroupMembers.group_id }).from(directoryGroupMembers).where(eq(directoryGroupMembers.user_id, query.memberOf)));
      const [groups, [total]] = await Promise.all([
        db.select(groupColumns).from(directoryGroups).where(mine).orderBy(asc(directoryGroups.created_at), asc(directoryGroups.id)).limit(query.limit).offset(query.offset),
        db.select({ n: count() }).from(directoryGroups).where(mine),
      ]);
      return { groups, total: total?.n ?? 0 };
    },
    async roleOf(groupId: string, userId: string): Promise<DirectoryRole | undefined> {
      if (!isUuid(groupId) || !isUuid(userId)) return undefined;
      const [row] = await db.select({ role: directoryGroupMembers.role }).from(directoryGroupMembers)
        .where(and(eq(directoryGroupMembers.group_id, groupId), eq(directoryGroupMembers.user_id, userId)));
      return row?.role;
    },
    /** Members with the local user's name and address, in joining order. */
    async listMembers(groupId: string): Promise<DirectoryMemberRow[]> {
      if (!isUuid(groupId)) return [];
      return db.select({
        user_id: directoryGroupMembers.user_id, username: users.username, email: users.email,
        role: directoryGroupMembers.role, joined_at: directoryGroupMembers.joined_at,
      }).from(directoryGroupMembers).innerJoin(users, eq(users.id, directoryGroupMembers.user_id))
        .where(eq(directoryGroupMembers.group_id, groupId)).orderBy(asc(directoryGroupMembers.joined_at), asc(users.username));
    },
    /** False when the user is already a member. */
    async insertMember(groupId: string, userId: string, role: DirectoryRole): Promise<boolean> {
      const rows = await db.insert(directoryGroupMembers).values({ group_id: groupId, user_id: userId, role }).onConflictDoNothing()
        .returning({ user_id: directoryGroupMembers.user_id });
      return rows.length > 0;
    },
    /** False when the user was not a member. */
    async deleteMember(groupId: string, userId: string): Promise<boolean> {
      if (!isUuid(groupId) || !isUuid(userId)) return false;
      const rows = await db.delete(directoryGroupMembers)
        .where(and(eq(directoryGroupMembers.group_id, groupId), eq(directoryGroupMembers.user_id, userId))).returning({ user_id: directoryGroupMembers.user_id });
      return rows.length > 0;
    },
    async userExists(userId: string): Promise<boolean> {
      if (!isUuid(userId)) return false;
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },
  };
}

export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
