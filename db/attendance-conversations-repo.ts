import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import {
  attendanceConversations, attendanceEvents, attendanceQueues, attendantProfiles, crmContacts, sessions, users,
  type AttendanceConversationStatus,
} from './schema/index.js';

export type ConversationRow = typeof attendanceConversations.$inferSelect;
export type NewConversation = Omit<typeof attendanceConversations.$inferInsert, 'updated_at'>;
/** Columns other than the key and status that a status change may set at the same time. */
export type ConversationFields = Partial<Omit<ConversationRow, 'session_id' | 'status' | 'updated_at'>>;
const HELD = ['assigned', 'active', 'pending'] as const;

/** Which rows a status write expects to find: the status (and holder) the caller read before. */
export interface ExpectedState {
  status: AttendanceConversationStatus;
  /** When given (null included), the row must still be held by exactly this user. */
  assigned_to?: string | null;
}

/** A row read by plain SQL, with its timestamps as dates as drizzle's own queries give them (drivers answer text). */
function asConversationRow(raw: ConversationRow): ConversationRow {
  const date = (v: Date | string | null) => (v === null || v instanceof Date ? v : new Date(v));
  return {
    ...raw, waiting_since: date(raw.waiting_since), accepted_at: date(raw.accepted_at), resolved_at: date(raw.resolved_at),
    updated_at: date(raw.updated_at)!,
  };
}

/** The row a new cycle starts with (see `startLogged`). */
export interface StartedConversation {
  session_id: string;
  bot_id: string;
  channel: string;
  status: AttendanceConversationStatus;
  priority: number;
  queue_id: string | null;
  assigned_to: string | null;
  topic: string | null;
  /** The skills the cycle needs (docs/attendance/skills-routing.md); none when absent. */
  required_skills?: { name: string; min_level: number }[];
  last_message: string | null;
  waiting_since: Date;
}

/** An attendance event-log row written with its conversation (the row gives session, bot and queue). */
export interface LogEntry {
  /** Null: the conversation's holder. */
  attendant_id: string | null;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/** A queue item as the API shows it, plus the queue and topic. */
export interface QueueItemRow extends ConversationRow {
  user_id: string;
  external_user_id: string;
  context_data: Record<string, unknown>;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  assigned_to_name: string | null;
  /** The required skills of the item's queue ([] without a queue). */
  queue_required_skills: { name: string; min_level: number }[];
}

/**
 * The only code that queries `attendance_conversations`. It never decides a status: it persists
 * the one `transition()` returned, guarded by the status the caller read (optimistic check), and
 * answers undefined when another writer changed the row first.
 */
export function createAttendanceConversationsRepo(db: Database) {
  const t = attendanceConversations;
  const expected = (e: ExpectedState): SQL =>
    and(
      eq(t.status, e.status),
      e.assigned_to === undefined ? undefined : e.assigned_to === null ? isNull(t.assigned_to) : eq(t.assigned_to, e.assigned_to),
    )!;

  return {
    async get(sessionId: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(t).where(eq(t.session_id, sessionId)).limit(1);
      return row;
    },

    /** Starts a cycle: inserts the item (from 'none') or reuses a resolved one; undefined when someone else did first. */
    async start(row: NewConversation & { status: AttendanceConversationStatus }, from: 'none' | 'resolved'): Promise<ConversationRow | undefined> {
      if (from === 'none') {
        const [inserted] = await db.insert(t).values(row).onConflictDoNothing().returning();
        return inserted;
      }
      const { session_id: id, ...fields } = row;
      const [updated] = await db.update(t).set({ ...fields, accepted_at: null, resolved_at: null, updated_at: sql`now()` })
        .where(and(eq(t.session_id, id), expected({ status: 'resolved' }))).returning();
      return updated;
    },

    /**
     * {@link start} and the event log of the new cycle in one statement (docs/performance.md,
     * "Handoff round trips"): the `log` rows are written only when the item was started, with the
     * item's bot and queue, and its holder where a row names no attendant.
     */
    async startLogged(row: StartedConversation, from: 'none' | 'resolved', log: readonly LogEntry[]): Promise<ConversationRow | undefined> {
      const skills = JSON.stringify(row.required_skills ?? []);
      const item = from === 'none'
        ? sql`insert into attendance_conversations
              (session_id, bot_id, channel, status, priority, queue_id, assigned_to, topic, required_skills, last_message, waiting_since)
            values (${row.session_id}, ${row.bot_id}, ${row.channel}, ${row.status}, ${row.priority}, ${row.queue_id}, ${row.assigned_to},
              ${row.topic}, ${skills}::jsonb, ${row.last_message}, ${row.waiting_since.toISOString()}::timestamptz)
            on conflict do nothing returning *`
        : sql`update attendance_conversations set bot_id = ${row.bot_id}, channel = ${row.channel}, status = ${row.status},
              priority = ${row.priority}, queue_id = ${row.queue_id}, assigned_to = ${row.assigned_to}, topic = ${row.topic},
              required_skills = ${skills}::jsonb, last_message = ${row.last_message}, waiting_since = ${row.waiting_since.toISOString()}::timestamptz,
              accepted_at = null, resolved_at = null, updated_at = now()
            where session_id = ${row.session_id} and status = 'resolved' returning *`;
      const entries = JSON.stringify(log.map((e, ord) => ({ ord, attendant_id: e.attendant_id, type: e.type, data: e.data, at: e.at.toISOString() })));
      const result = await db.execute(sql`
        with item as (${item}),
        logged as (
          insert into attendance_events (session_id, bot_id, queue_id, attendant_id, type, data, at)
          select item.session_id, item.bot_id, item.queue_id, coalesce(e.attendant_id, item.assigned_to), e.type, e.data, e.at
          from item cross join jsonb_to_recordset(${entries}::jsonb) as e(ord int, attendant_id uuid, type text, data jsonb, at timestamptz)
          order by e.ord
        )
        select * from item`);
      const started = rowsOf<ConversationRow>(result)[0];
      return started && asConversationRow(started);
    },

    /** Replaces the skills a waiting item needs (the contact's tier known only after it was queued); undefined when it is no longer waiting. */
    async setRequiredSkills(sessionId: string, required: { name: string; min_level: number }[]): Promise<ConversationRow | undefined> {
      const [row] = await db.update(t).set({ required_skills: required, updated_at: sql`now()` })
        .where(and(eq(t.session_id, sessionId), eq(t.status, 'waiting'))).returning();
      return row;
    },

    /** Writes `next` (and `fields`) only while the row is still as `from` says; undefined when it is not. */
    async apply(sessionId: string, from: ExpectedState, next: AttendanceConversationStatus, fields: ConversationFields = {}): Promise<ConversationRow | undefined> {
      const [row] = await db.update(t).set({ ...fields, status: next, updated_at: sql`now()` })
        .where(and(eq(t.session_id, sessionId), expected(from))).returning();
      return row;
    },

    /**
     * The atomic claim for assignment: like {@link apply}, but under a transaction-scoped advisory
     * lock on the attendant and only while they hold fewer than `max` conversations, so two
     * concurrent assignments never push one attendant over capacity. One statement (the
     * `attendance_claim` function, db/migrations/0022_attendance_claim.sql), which also writes
     * `also.log` to the event log and, with `also.mirror`, the holder onto the session row (and
     * its CRM contact, when one is given) — all only when the claim succeeded.
     */
    async claim(
      sessionId: string, from: ExpectedState, next: AttendanceConversationStatus, attendantId: string, max: number,
      fields: { queue_id?: string | null } = {}, also: { log?: readonly LogEntry[]; mirror?: { customer_id?: string } } = {},
    ): Promise<ConversationRow | undefined> {
      const entries = JSON.stringify((also.log ?? []).map((e, ord) => ({ ord, attendant_id: e.attendant_id, type: e.type, data: e.data, at: e.at.toISOString() })));
      const result = await db.execute(sql`
        with claimed as (
          select * from attendance_claim(${sessionId}::uuid, ${from.status}, ${from.assigned_to ?? null}::uuid, ${from.assigned_to !== undefined},
            ${next}, ${attendantId}::uuid, ${max}::int, ${fields.queue_id ?? null}::uuid, ${'queue_id' in fields})
        ),
        mirrored as (
          update sessions s set assigned_to = c.assigned_to, queue_id = c.queue_id,
            customer_id = coalesce(${also.mirror?.customer_id ?? null}::uuid, s.customer_id), updated_at = now()
          from claimed c where s.id = c.session_id and ${also.mirror !== undefined}
        ),
        logged as (
          insert into attendance_events (session_id, bot_id, queue_id, attendant_id, type, data, at)
          select c.session_id, c.bot_id, c.queue_id, coalesce(e.attendant_id, c.assigned_to), e.type, e.data, e.at
          from claimed c cross join jsonb_to_recordset(${entries}::jsonb) as e(ord int, attendant_id uuid, type text, data jsonb, at timestamptz)
          order by e.ord
        )
        select * from claimed`);
      const claimed = rowsOf<ConversationRow>(result)[0];
      return claimed && asConversationRow(claimed);
    },

    /** Records the customer's latest text without touching the status. */
    async setLastMessage(sessionId: string, text: string): Promise<void> {
      await db.update(t).set({ last_message: text, updated_at: sql`now()` }).where(eq(t.session_id, sessionId));
    },

    /** Waiting items, optionally of one bot and/or some queues (`null` in the list: items with no queue). */
    async listWaiting(filter: { bot_id?: string; queue_ids?: readonly (string | null)[]; channels?: readonly string[] } = {}): Promise<ConversationRow[]> {
      const where: (SQL | undefined)[] = [eq(t.status, 'waiting')];
      if (filter.bot_id !== undefined) where.push(eq(t.bot_id, filter.bot_id));
      if (filter.queue_ids !== undefined) {
        const ids = filter.queue_ids.filter((q): q is string => q !== null);
        const withNull = filter.queue_ids.includes(null);
        where.push(sql`(${ids.length ? inArray(t.queue_id, ids) : sql`false`} or ${withNull ? isNull(t.queue_id) : sql`false`})`);
      }
      if (filter.channels !== undefined) where.push(filter.channels.length ? inArray(t.channel, [...filter.channels]) : sql`false`);
      return db.select().from(t).where(and(...where)).orderBy(desc(t.priority), asc(t.waiting_since), asc(t.session_id));
    },

    async countWaiting(botId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(and(eq(t.bot_id, botId), eq(t.status, 'waiting')));
      return row?.n ?? 0;
    },

    /** Conversations each attendant holds now (assigned, active or pending), by user id. */
    async heldCounts(): Promise<Map<string, number>> {
      const rows = await db.select({ user: t.assigned_to, n: sql<number>`count(*)::int` }).from(t)
        .where(inArray(t.status, [...HELD])).groupBy(t.assigned_to);
      return new Map(rows.filter((r) => r.user !== null).map((r) => [r.user!, r.n]));
    },

    /** The round-robin cursor: the last user an `assigned` event gave a conversation of each queue. */
    async lastAssigned(queueIds: readonly string[]): Promise<Record<string, string>> {
      if (queueIds.length === 0) return {};
      const e = attendanceEvents;
      const rows = await db.selectDistinctOn([e.queue_id], { queue: e.queue_id, user: e.attendant_id }).from(e)
        .where(and(eq(e.type, 'assigned'), inArray(e.queue_id, [...queueIds])))
        .orderBy(e.queue_id, desc(e.seq));
      return Object.fromEntries(rows.filter((r) => r.queue && r.user).map((r) => [r.queue!, r.user!]));
    },

    /** Mean seconds from `accepted` to `resolved` over a bot's attendances resolved since `since`; undefined without any. */
    async averageHandleSeconds(botId: string, since: Date): Promise<number | undefined> {
      const result = await db.execute(sql`
        select avg(extract(epoch from r.at - a.at))::float8 as avg
        from attendance_events r
        cross join lateral (
          select at from attendance_events a
          where a.session_id = r.session_id and a.type = 'accepted' and a.seq < r.seq
          order by a.seq desc limit 1
        ) a
        where r.bot_id = ${botId} and r.type = 'resolved' and r.at >= ${since.toISOString()}::timestamptz`);
      const value = rowsOf<{ avg: number | string | null }>(result)[0]?.avg;
      return value === null || value === undefined ? undefined : Number(value);
    },

    /** Mirrors an assignment on the session row: assigned_to (null once requeued), queue_id and the CRM customer. */
    async setSessionAssignment(sessionId: string, fields: { assigned_to: string | null; queue_id: string | null; customer_id?: string }): Promise<void> {
      await db.update(sessions).set({ ...fields, updated_at: sql`now()` }).where(eq(sessions.id, sessionId));
    },

    /** Queue items with the customer (session + CRM contact) and the attendant's display name. */
    async listItems(filter: { bot_id?: string; statuses?: readonly AttendanceConversationStatus[]; queue_ids?: readonly string[]; assigned_to?: string } = {}): Promise<QueueItemRow[]> {
      const where: SQL[] = [];
      if (filter.bot_id !== undefined) where.push(eq(t.bot_id, filter.bot_id));
      if (filter.statuses !== undefined) where.push(inArray(t.status, [...filter.statuses]));
      if (filter.queue_ids !== undefined) where.push(filter.queue_ids.length ? inArray(t.queue_id, [...filter.queue_ids]) : sql`false`);
      if (filter.assigned_to !== undefined) where.push(eq(t.assigned_to, filter.assigned_to));
      const rows = await db.select({
        item: t, user_id: sessions.user_id, external_user_id: sessions.external_user_id, context_data: sessions.context_data,
        contact_first_name: crmContacts.first_name, contact_last_name: crmContacts.last_name,
        contact_email: crmContacts.email, contact_phone: crmContacts.phone,
        assigned_to_name: sql<string | null>`coalesce(${attendantProfiles.name}, ${users.username})`,
        queue_required_skills: sql<{ name: string; min_level: number }[]>`coalesce(${attendanceQueues.required_skills}, '[]'::jsonb)`,
      }).from(t)
        .innerJoin(sessions, eq(sessions.id, t.session_id))
        .leftJoin(crmContacts, eq(crmContacts.id, sessions.customer_id))
        .leftJoin(attendanceQueues, eq(attendanceQueues.id, t.queue_id))
        .leftJoin(users, eq(users.id, t.assigned_to))
        .leftJoin(attendantProfiles, eq(attendantProfiles.user_id, t.assigned_to))
        .where(and(...where))
        .orderBy(desc(t.priority), asc(t.waiting_since), asc(t.session_id));
      return rows.map(({ item, ...rest }) => ({ ...item, ...rest }));
    },

    /** The display name of a user who attends (profile name, else username). */
    async attendantName(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: sql<string>`coalesce(${attendantProfiles.name}, ${users.username})` }).from(users)
        .leftJoin(attendantProfiles, eq(attendantProfiles.user_id, users.id)).where(eq(users.id, userId)).limit(1);
      return row?.name;
    },
  };
}

export type AttendanceConversationsRepo = ReturnType<typeof createAttendanceConversationsRepo>;
