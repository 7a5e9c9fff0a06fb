import { and, asc, eq, gte, inArray, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import {
  attendanceEvents, attendanceQueueMembers, attendanceQueues, attendantProfiles,
  type AttendantStatus,
} from './schema/index.js';

export type QueueRow = typeof attendanceQueues.$inferSelect;
export type NewQueue = typeof attendanceQueues.$inferInsert;
export type QueueMemberRow = typeof attendanceQueueMembers.$inferSelect;
/** Queue fields an update may change; `updated_at` is always set to now. */
export type QueueChanges = Partial<Omit<NewQueue, 'id' | 'created_by' | 'created_at' | 'updated_at'>>;
export type AttendantProfileRow = typeof attendantProfiles.$inferSelect;
export type AttendanceEventRow = typeof attendanceEvents.$inferSelect;
export type NewAttendanceEvent = Omit<typeof attendanceEvents.$inferInsert, 'id' | 'seq'>;
/** Profile fields an upsert writes; absent fields keep their stored (or default) value. */
export type ProfileFields = Partial<Omit<AttendantProfileRow, 'user_id' | 'updated_at'>>;


/** Queues and their members: the data the assignment selector reads. */
export function createQueuesRepo(db: Database) {
  return {
    async create(queue: NewQueue): Promise<QueueRow> {
      const [row] = await db.insert(attendanceQueues).values(queue).returning();
      return row!;
    },

    /** The queue, or undefined — also for ids that are not UUIDs. */
    async get(id: string): Promise<QueueRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(attendanceQueues).where(eq(attendanceQueues.id, id)).limit(1);
      return row;
    },

    /** Queues in assignment order (priority_order, then name); filters are optional. */
    async list(filter: { bot_id?: string; active?: boolean; channel?: string } = {}): Promise<QueueRow[]> {
      const where: SQL[] = [];
      if (filter.bot_id !== undefined) where.push(eq(attendanceQueues.bot_id, filter.bot_id));
      if (filter.active !== undefined) where.push(eq(attendanceQueues.is_active, filter.active));
      if (filter.channel !== undefined) where.push(sql`${attendanceQueues.channels} @> ${JSON.stringify([filter.channel])}::jsonb`);
      return db.select().from(attendanceQueues).where(and(...where))
        .orderBy(asc(attendanceQueues.priority_order), asc(attendanceQueues.name));
    },

    /**
     * Adds a user to a queue; adding them again updates the membership's settings instead of
     * failing, so the call is idempotent.
     */
    async addMember(member: { queue_id: string; user_id: string; max_conversations?: number; priority?: number; is_active?: boolean }): Promise<QueueMemberRow> {
      const settings = {
        ...(member.max_conversations === undefined ? {} : { max_conversations: member.max_conversations }),
        ...(member.priority === undefined ? {} : { priority: member.priority }),
        ...(member.is_active === undefined ? {} : { is_active: member.is_active }),
      };
      const [row] = await db.insert(attendanceQueueMembers).values({ queue_id: member.queue_id, user_id: member.user_id, ...settings })
        .onConflictDoUpdate({
          target: [attendanceQueueMembers.queue_id, attendanceQueueMembers.user_id],
          set: Object.keys(settings).length > 0 ? settings : { queue_id: sql`excluded.queue_id` },
        })
        .returning();
      return row!;
    },

    /** Members of a queue, lowest `priority` value first (the queue rule's order). */
    async listMembers(queueId: string): Promise<QueueMemberRow[]> {
      return db.select().from(attendanceQueueMembers).where(eq(attendanceQueueMembers.queue_id, queueId))
        .orderBy(asc(attendanceQueueMembers.priority), asc(attendanceQueueMembers.created_at));
    },

    /**
     * Every membership of every queue, in the order of {@link listMembers}: assignment reads them
     * all at once instead of one queue and one attendant at a time.
     */
    async listAllMemberships(): Promise<QueueMemberRow[]> {
      return db.select().from(attendanceQueueMembers).orderBy(asc(attendanceQueueMembers.priority), asc(attendanceQueueMembers.created_at));
    },

    /** The queues a user is a member of, for "attendants see only their queues". */
    async listMemberships(userId: string): Promise<QueueMemberRow[]> {
      return db.select().from(attendanceQueueMembers).where(eq(attendanceQueueMembers.user_id, userId));
    },

    /** Changes the given fields (and `updated_at`); undefined when the queue does not exist. */
    async update(id: string, changes: QueueChanges): Promise<QueueRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(attendanceQueues).set({ ...changes, updated_at: sql`now()` })
        .where(eq(attendanceQueues.id, id)).returning();
      return row;
    },

    /** Deletes the queue and (by cascade) its memberships; true when there was one. */
    async remove(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(attendanceQueues).where(eq(attendanceQueues.id, id)).returning({ id: attendanceQueues.id });
      return rows.length > 0;
    },

    /** One membership, or undefined. */
    async getMember(queueId: string, userId: string): Promise<QueueMemberRow | undefined> {
      if (!isUuid(queueId) || !isUuid(userId)) return undefined;
      const [row] = await db.select().from(attendanceQueueMembers)
        .where(and(eq(attendanceQueueMembers.queue_id, queueId), eq(attendanceQueueMembers.user_id, userId))).limit(1);
      return row;
    },

    /**
     * Active queues without an active member: nobody staffs them yet, so they are open — their
     * conversations go where those of no queue go (docs/attendance/README.md, "Open queues").
     */
    async openQueueIds(): Promise<string[]> {
      const staffed = db.select({ one: sql`1` }).from(attendanceQueueMembers)
        .where(and(eq(attendanceQueueMembers.queue_id, attendanceQueues.id), eq(attendanceQueueMembers.is_active, true)));
      const rows = await db.select({ id: attendanceQueues.id }).from(attendanceQueues)
        .where(and(eq(attendanceQueues.is_active, true), notExists(staffed)));
      return rows.map((r) => r.id);
    },

    /** How many members each queue has, by queue id (queues without members are absent). */
    async memberCounts(): Promise<Map<string, number>> {
      const rows = await db.select({ queue: attendanceQueueMembers.queue_id, n: sql<number>`count(*)::int` })
        .from(attendanceQueueMembers).groupBy(attendanceQueueMembers.queue_id);
      return new Map(rows.map((r) => [r.queue, r.n]));
    },

    /** Removes a membership; true when there was one. */
    async removeMember(queueId: string, userId: string): Promise<boolean> {
      const rows = await db.delete(attendanceQueueMembers)
        .where(and(eq(attendanceQueueMembers.queue_id, queueId), eq(attendanceQueueMembers.user_id, userId))).returning();
      return rows.length > 0;
    },
  };
}

/** Attendant profiles: channel, topic, department, aliases and presence of users who attend. */
export function createAttendantProfilesRepo(db: Database) {
  return {
    async get(userId: string): Promise<AttendantProfileRow | undefined> {
      if (!isUuid(userId)) return undefined;
      const [row] = await db.select().from(attendantProfiles).where(eq(attendantProfiles.user_id, userId)).limit(1);
      return row;
    },

    /** Every profile, optionally only those with one status (e.g. `online` for assignment). */
    async list(filter: { status?: AttendantStatus } = {}): Promise<AttendantProfileRow[]> {
      return db.select().from(attendantProfiles)
        .where(filter.status === undefined ? undefined : eq(attendantProfiles.status, filter.status))
        .orderBy(asc(attendantProfiles.user_id));
    },

    /**
     * Creates the profile or overwrites the given fields of the existing one. A person has a profile
     * in each tenant it attends in (migration 0037), whose key drizzle's schema leaves unnamed: so an
     * update, else an insert, else (a concurrent insert won) the update again.
     */
    async upsert(userId: string, fields: ProfileFields): Promise<AttendantProfileRow> {
      const update = () => db.update(attendantProfiles).set({ ...fields, updated_at: sql`now()` }).where(eq(attendantProfiles.user_id, userId)).returning();
      const [updated] = await update();
      if (updated) return updated;
      const [inserted] = await db.insert(attendantProfiles).values({ ...fields, user_id: userId }).onConflictDoNothing().returning();
      return inserted ?? (await update())[0]!;
    },

    /** Sets presence, creating a default profile when the user has none; returns the row. */
    async setStatus(userId: string, status: AttendantStatus): Promise<AttendantProfileRow> {
      return this.upsert(userId, { status });
    },
  };
}

/** The append-only attendance event log that every insights KPI is computed from. */
export function createAttendanceEventsRepo(db: Database) {
  return {
    async append(event: NewAttendanceEvent): Promise<AttendanceEventRow> {
      const [row] = await db.insert(attendanceEvents).values(event).returning();
      return row!;
    },

    /**
     * Events in the order they happened; `from` is inclusive, `to` exclusive. `bot_ids` may hold
     * null for the events of no bot (an attendant's status changes).
     */
    async list(filter: { bot_id?: string; bot_ids?: readonly (string | null)[]; session_id?: string; from?: Date; to?: Date } = {}): Promise<AttendanceEventRow[]> {
      const where: SQL[] = [];
      if (filter.bot_id !== undefined) where.push(eq(attendanceEvents.bot_id, filter.bot_id));
      if (filter.bot_ids !== undefined) {
        const ids = filter.bot_ids.filter((id): id is string => id !== null);
        where.push(or(ids.length ? inArray(attendanceEvents.bot_id, ids) : sql`false`, filter.bot_ids.includes(null) ? isNull(attendanceEvents.bot_id) : sql`false`)!);
      }
      if (filter.session_id !== undefined) where.push(eq(attendanceEvents.session_id, filter.session_id));
      if (filter.from !== undefined) where.push(gte(attendanceEvents.at, filter.from));
      if (filter.to !== undefined) where.push(lt(attendanceEvents.at, filter.to));
      return db.select().from(attendanceEvents).where(and(...where)).orderBy(asc(attendanceEvents.at), asc(attendanceEvents.seq));
    },
  };
}

export type QueuesRepo = ReturnType<typeof createQueuesRepo>;
export type AttendantProfilesRepo = ReturnType<typeof createAttendantProfilesRepo>;
export type AttendanceEventsRepo = ReturnType<typeof createAttendanceEventsRepo>;
