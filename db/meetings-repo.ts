import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { meetingConversations, meetingRooms, sessions, type MeetingMedia, type MeetingProviderKind } from './schema/index.js';

export type { MeetingMedia, MeetingProviderKind };

export type MeetingRoomRow = typeof meetingRooms.$inferSelect;
export type NewMeetingRoom = Omit<typeof meetingRooms.$inferInsert, 'id' | 'created_at'>;
export type MeetingRoomChanges = Partial<Pick<MeetingRoomRow, 'transcription_status' | 'transcript' | 'participants' | 'started_at' | 'ended_at'>>;
export type MeetingConversationRow = typeof meetingConversations.$inferSelect;

/** Reads and writes of meeting rooms and user conversations (db/schema/meetings.ts). */
export function createMeetingsRepo(db: Database) {
  return {
    async insert(room: NewMeetingRoom): Promise<MeetingRoomRow> {
      const [row] = await db.insert(meetingRooms).values(room).returning();
      return row!;
    },

    /** By id, or by the provider's room name (what a join link carries). */
    async find(idOrName: string): Promise<MeetingRoomRow | undefined> {
      const where = isUuid(idOrName) ? eq(meetingRooms.id, idOrName) : eq(meetingRooms.name, idOrName);
      const [row] = await db.select().from(meetingRooms).where(where).limit(1);
      return row;
    },

    /**
     * Newest first; `session_id` narrows to a conversation's rooms, `open` to rooms not ended,
     * `visible_to` to the rooms a user is in: created, invited to by user id, or of a conversation
     * assigned to them (the rule of meetings/room-access.ts).
     */
    async list(filter: { session_id?: string; visible_to?: string; open?: boolean; limit?: number } = {}): Promise<MeetingRoomRow[]> {
      const where: SQL[] = [];
      if (filter.session_id !== undefined) where.push(eq(meetingRooms.session_id, filter.session_id));
      if (filter.visible_to !== undefined) {
        const user = filter.visible_to;
        where.push(or(
          eq(meetingRooms.created_by, user),
          sql`${meetingRooms.participants} ? ${user}`,
          inArray(meetingRooms.session_id, db.select({ id: sessions.id }).from(sessions).where(eq(sessions.assigned_to, user))),
        )!);
      }
      if (filter.open) where.push(isNull(meetingRooms.ended_at));
      return db.select().from(meetingRooms).where(and(...where)).orderBy(desc(meetingRooms.created_at)).limit(filter.limit ?? 100);
    },

    async update(id: string, changes: MeetingRoomChanges): Promise<MeetingRoomRow | undefined> {
      const [row] = await db.update(meetingRooms).set(changes).where(eq(meetingRooms.id, id)).returning();
      return row;
    },

    /** Sets `started_at` once: true for the caller that set it (the call is logged once). */
    async markStarted(id: string, at: Date): Promise<boolean> {
      const rows = await db.update(meetingRooms).set({ started_at: at }).where(and(eq(meetingRooms.id, id), isNull(meetingRooms.started_at))).returning({ id: meetingRooms.id });
      return rows.length > 0;
    },

    /** Sets `ended_at` once: the room as ended by this call, or undefined when it had ended already. */
    async markEnded(id: string, at: Date): Promise<MeetingRoomRow | undefined> {
      const [row] = await db.update(meetingRooms).set({ ended_at: at }).where(and(eq(meetingRooms.id, id), isNull(meetingRooms.ended_at))).returning();
      return row;
    },

    async insertConversation(fields: { title: string; members: string[]; created_by: string | null }): Promise<MeetingConversationRow> {
      const [row] = await db.insert(meetingConversations).values(fields).returning();
      return row!;
    },

    async findConversation(id: string): Promise<MeetingConversationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(meetingConversations).where(eq(meetingConversations.id, id)).limit(1);
      return row;
    },

    /** Adds `userId` to the members once. */
    async addMember(id: string, userId: string): Promise<MeetingConversationRow | undefined> {
      const [row] = await db.update(meetingConversations)
        .set({ members: sql`case when ${meetingConversations.members} ? ${userId} then ${meetingConversations.members} else ${meetingConversations.members} || ${JSON.stringify([userId])}::jsonb end` })
        .where(eq(meetingConversations.id, id)).returning();
      return row;
    },
  };
}

export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
