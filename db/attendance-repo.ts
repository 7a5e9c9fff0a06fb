import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import {
  attendanceEvents, attendanceQueueMembers, attendanceQueues, attendanceTickets, attendantProfiles,
  type AttendantStatus,
} from './schema/index.js';

export type QueueRow = typeof attendanceQueues.$inferSelect;
export type NewQueue = typeof attendanceQueues.$inferInsert;
export type QueueMemberRow = typeof attendanceQueueMembers.$inferSelect;
export type AttendantProfileRow = typeof attendantProfiles.$inferSelect;
export type AttendanceEventRow = typeof attendanceEvents.$inferSelect;
export type NewAttendanceEvent = Omit<typeof attendanceEvents.$inferInsert, 'id' | 'seq'>;
export type TicketRow = typeof attendanceTickets.$inferSelect;
export type NewTicket = Omit<typeof attendanceTickets.$inferInsert, 'id' | 'ticket_number' | 'created_at' | 'updated_at'>;
/** Ticket fields a use case may change; `updated_at` is always set to now. */
export type TicketChanges = Partial<Omit<NewTicket, 'session_id'>>;
/** Profile fields an upsert writes; absent fields keep their stored (or default) value. */
export type ProfileFields = Partial<Omit<AttendantProfileRow, 'user_id' | 'updated_at'>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

/** Queues (seed 2.7) and their members (seed 2.8): the data the assignment selector reads. */
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

    /** The queues a user is a member of, for "attendants see only their queues". */
    async listMemberships(userId: string): Promise<QueueMemberRow[]> {
      return db.select().from(attendanceQueueMembers).where(eq(attendanceQueueMembers.user_id, userId));
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

    /** Creates the profile or overwrites the given fields of the existing one. */
    async upsert(userId: string, fields: ProfileFields): Promise<AttendantProfileRow> {
      const [row] = await db.insert(attendantProfiles).values({ ...fields, user_id: userId })
        .onConflictDoUpdate({ target: attendantProfiles.user_id, set: { ...fields, updated_at: sql`now()` } })
        .returning();
      return row!;
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

    /** Events in the order they happened; `from` is inclusive, `to` exclusive. */
    async list(filter: { bot_id?: string; session_id?: string; from?: Date; to?: Date } = {}): Promise<AttendanceEventRow[]> {
      const where: SQL[] = [];
      if (filter.bot_id !== undefined) where.push(eq(attendanceEvents.bot_id, filter.bot_id));
      if (filter.session_id !== undefined) where.push(eq(attendanceEvents.session_id, filter.session_id));
      if (filter.from !== undefined) where.push(gte(attendanceEvents.at, filter.from));
      if (filter.to !== undefined) where.push(lt(attendanceEvents.at, filter.to));
      return db.select().from(attendanceEvents).where(and(...where)).orderBy(asc(attendanceEvents.at), asc(attendanceEvents.seq));
    },
  };
}

/** Tickets (seed 2.11); `ticket_number` comes from the serial and is returned on create. */
export function createTicketsRepo(db: Database) {
  return {
    async create(ticket: NewTicket): Promise<TicketRow> {
      const [row] = await db.insert(attendanceTickets).values(ticket).returning();
      return row!;
    },

    async get(id: string): Promise<TicketRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(attendanceTickets).where(eq(attendanceTickets.id, id)).limit(1);
      return row;
    },

    async getByNumber(ticketNumber: number): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(attendanceTickets).where(eq(attendanceTickets.ticket_number, ticketNumber)).limit(1);
      return row;
    },

    /** Newest first; every filter is optional. */
    async list(filter: Partial<Pick<TicketRow, 'session_id' | 'status' | 'assigned_to' | 'category'>> & { limit?: number } = {}): Promise<TicketRow[]> {
      const where: SQL[] = [];
      if (filter.session_id !== undefined) where.push(eq(attendanceTickets.session_id, filter.session_id));
      if (filter.status !== undefined) where.push(eq(attendanceTickets.status, filter.status));
      if (filter.assigned_to !== undefined) {
        where.push(filter.assigned_to === null ? sql`${attendanceTickets.assigned_to} is null` : eq(attendanceTickets.assigned_to, filter.assigned_to));
      }
      if (filter.category !== undefined) {
        where.push(filter.category === null ? sql`${attendanceTickets.category} is null` : eq(attendanceTickets.category, filter.category));
      }
      return db.select().from(attendanceTickets).where(and(...where))
        .orderBy(desc(attendanceTickets.ticket_number)).limit(filter.limit ?? 100);
    },

    /** Applies the changes; undefined when the ticket does not exist. */
    async update(id: string, changes: TicketChanges): Promise<TicketRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(attendanceTickets).set({ ...changes, updated_at: sql`now()` })
        .where(eq(attendanceTickets.id, id)).returning();
      return row;
    },
  };
}

export type QueuesRepo = ReturnType<typeof createQueuesRepo>;
export type AttendantProfilesRepo = ReturnType<typeof createAttendantProfilesRepo>;
export type AttendanceEventsRepo = ReturnType<typeof createAttendanceEventsRepo>;
export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
