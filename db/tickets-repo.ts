import { and, count, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import {
  attendanceConversations, attendanceTickets, TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus,
} from './schema/index.js';

/** The ticket statuses and priorities, for callers that validate or switch on them. */
export { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus };

/** A stored ticket. */
export type TicketRow = typeof attendanceTickets.$inferSelect;
/** What a create writes; id, number and timestamps come from the database. */
export type NewTicket = Omit<typeof attendanceTickets.$inferInsert, 'id' | 'ticket_number' | 'created_at' | 'updated_at'>;
/** Ticket fields a use case may change; `updated_at` is always set to now. */
export type TicketChanges = Partial<Omit<NewTicket, 'session_id'>>;

/**
 * Which tickets a list returns. Every field is optional; `null` for `assigned_to` or `category`
 * means "none set". `visible_to` narrows to what an attendant may see: tickets assigned to them,
 * or whose conversation they hold or is in one of `queue_ids` (`null` there: conversations of no queue).
 */
export interface TicketFilter {
  session_id?: string;
  status?: TicketStatus | readonly TicketStatus[];
  assigned_to?: string | null;
  category?: string | null;
  priority?: TicketPriority;
  visible_to?: { user_id: string; queue_ids: readonly (string | null)[] };
}

/** A page of tickets, newest first: `offset` rows skipped, at most `limit` returned (100 when absent). */
export interface TicketPage {
  limit?: number;
  offset?: number;
}


/**
 * Tickets, the only code that queries `attendance_tickets`. `ticket_number` is the tenant's next
 * (the column's default, migration 0038) and is returned on create; the status a use case writes
 * was checked against attendance/tickets/ticket-status.ts, and {@link update} can insist the row
 * still has the status read.
 */
export function createTicketsRepo(db: Database) {
  const t = attendanceTickets;
  const where = (filter: TicketFilter): SQL | undefined => {
    const parts: SQL[] = [];
    if (filter.session_id !== undefined) parts.push(eq(t.session_id, filter.session_id));
    if (typeof filter.status === 'string') parts.push(eq(t.status, filter.status));
    else if (filter.status !== undefined) parts.push(inArray(t.status, [...filter.status]));
    if (filter.assigned_to !== undefined) parts.push(filter.assigned_to === null ? isNull(t.assigned_to) : eq(t.assigned_to, filter.assigned_to));
    if (filter.category !== undefined) parts.push(filter.category === null ? isNull(t.category) : eq(t.category, filter.category));
    if (filter.priority !== undefined) parts.push(eq(t.priority, filter.priority));
    if (filter.visible_to) parts.push(visibleTo(db, filter.visible_to));
    return and(...parts);
  };

  return {
    async create(ticket: NewTicket): Promise<TicketRow> {
      const [row] = await db.insert(t).values(ticket).returning();
      return row!;
    },

    /** The ticket, or undefined — also for ids that are not UUIDs (so callers answer "not found"). */
    async get(id: string): Promise<TicketRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row;
    },

    /** The tenant's ticket of that number: numbers repeat across tenants, and the policies show only the tenant's rows. */
    async getByNumber(ticketNumber: number): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(t).where(eq(t.ticket_number, ticketNumber)).limit(1);
      return row;
    },

    /** Newest (highest number) first. */
    async list(filter: TicketFilter & TicketPage = {}): Promise<TicketRow[]> {
      return db.select().from(t).where(where(filter))
        .orderBy(desc(t.ticket_number)).limit(filter.limit ?? 100).offset(filter.offset ?? 0);
    },

    /** How many tickets match, for the `total` of a paged list. */
    async count(filter: TicketFilter = {}): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t).where(where(filter));
      return row?.n ?? 0;
    },

    /**
     * Applies the changes; undefined when the ticket does not exist or, with `expectedStatus`,
     * when its status is no longer that one (another writer came first).
     */
    async update(id: string, changes: TicketChanges, expectedStatus?: TicketStatus): Promise<TicketRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(t).set({ ...changes, updated_at: sql`now()` })
        .where(and(eq(t.id, id), expectedStatus === undefined ? undefined : eq(t.status, expectedStatus))).returning();
      return row;
    },

    /** Deletes the ticket; true when there was one. */
    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

/** Assigned to the user, or the ticket's conversation is held by them or sits in one of their queues. */
function visibleTo(db: Database, scope: NonNullable<TicketFilter['visible_to']>): SQL {
  const c = attendanceConversations;
  const queues = scope.queue_ids.filter((q): q is string => q !== null);
  const inQueues = or(
    queues.length > 0 ? inArray(c.queue_id, queues) : undefined,
    scope.queue_ids.includes(null) ? isNull(c.queue_id) : undefined,
  );
  const conversation = db.select({ one: sql`1` }).from(c)
    .where(and(eq(c.session_id, attendanceTickets.session_id), or(eq(c.assigned_to, scope.user_id), inQueues)));
  return or(eq(attendanceTickets.assigned_to, scope.user_id), exists(conversation))!;
}

export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
