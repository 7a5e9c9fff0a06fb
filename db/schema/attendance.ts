import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { crmContacts } from './crm.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

/**
 * A queue of conversations waiting for a human. Assignment picks the active queue whose
 * `channels` include the conversation's channel; `auto_assign` chooses between the queue rule and
 * the attendant-list rule; `max_wait_seconds` is the SLA after which an alert goes out.
 */
export const attendanceQueues = pgTable(
  'attendance_queues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    channels: jsonb('channels').$type<string[]>().notNull().default(['mobile_msg']),
    is_active: boolean('is_active').notNull().default(true),
    priority_order: integer('priority_order').notNull().default(0),
    max_wait_seconds: integer('max_wait_seconds').notNull().default(600),
    auto_assign: boolean('auto_assign').notNull().default(true),
    /** Skills every conversation of the queue needs, as `{name, min_level}` (docs/attendance/skills-routing.md). */
    required_skills: jsonb('required_skills').$type<{ name: string; min_level: number }[]>().notNull().default([]),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attendance_queues_bot_idx').on(t.bot_id)],
);

/**
 * An attendant's membership of a queue: the queue rule prefers the lowest `priority`
 * and never gives a member more than `max_conversations` at once. One row per (queue, user).
 */
export const attendanceQueueMembers = pgTable(
  'attendance_queue_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue_id: uuid('queue_id').notNull().references(() => attendanceQueues.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    is_active: boolean('is_active').notNull().default(true),
    max_conversations: integer('max_conversations').notNull().default(5),
    priority: integer('priority').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_queue_members_queue_user_key').on(t.queue_id, t.user_id),
    index('attendance_queue_members_user_idx').on(t.user_id),
  ],
);

/** Attendant presence: only `online` attendants receive new conversations. */
export const ATTENDANT_STATUSES = ['online', 'busy', 'away', 'offline'] as const;
export type AttendantStatus = (typeof ATTENDANT_STATUSES)[number];

/**
 * What the attendant-list rule needs to know about a user who attends: the channel they
 * serve (`all` or one channel), their topic preference, department, the names a TRANSFER TO HUMAN
 * may use for them (`aliases`), contact details and presence. Also what a legacy attendant.csv
 * is imported into.
 */
export const attendantProfiles = pgTable(
  'attendant_profiles',
  {
    user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    /** Display name shown to customers and in queue items (`assigned_to_name`); the username when null. */
    name: text('name'),
    channel: text('channel').notNull().default('all'),
    /** Topic preference: sales, support, technical, collections… */
    preferences: text('preferences'),
    department: text('department'),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    /** What the attendant knows, as `{name, level}` with level 1–5 (docs/attendance/skills-routing.md). */
    skills: jsonb('skills').$type<{ name: string; level: number }[]>().notNull().default([]),
    phone: text('phone'),
    email: text('email'),
    status: text('status', { enum: ATTENDANT_STATUSES }).notNull().default('offline'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('attendant_profiles_status_check', sql`${t.status} in ('online', 'busy', 'away', 'offline')`),
    index('attendant_profiles_department_idx').on(t.department),
  ],
);

/** Ticket statuses and priorities. */
export const TICKET_STATUSES = ['open', 'in_progress', 'pending', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * A support ticket opened from a conversation. `ticket_number` is the number people quote,
 * counted from 1 in each tenant; `customer_id` is the CRM contact. Categories (sales,
 * support, billing, technical) are not checked in SQL, so an installation may add its own.
 */
export const attendanceTickets = pgTable(
  'attendance_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    session_id: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    // The tenant's next number (migration 0038: a counter row per tenant, taken in the inserting
    // statement); unique with the tenant, a column drizzle's schema does not name.
    ticket_number: integer('ticket_number').notNull().default(sql`switchboard_next_ticket_number()`),
    subject: text('subject').notNull(),
    description: text('description'),
    status: varchar('status', { length: 50, enum: TICKET_STATUSES }).notNull().default('open'),
    priority: varchar('priority', { length: 20, enum: TICKET_PRIORITIES }).notNull().default('normal'),
    category: varchar('category', { length: 50 }),
    assigned_to: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    attendant_id: varchar('attendant_id', { length: 50 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    channel: varchar('channel', { length: 20 }),
    customer_id: uuid('customer_id').references(() => crmContacts.id, { onDelete: 'set null' }),
    contact_phone: varchar('contact_phone', { length: 20 }),
    contact_email: varchar('contact_email', { length: 100 }),
    tags: jsonb('tags').$type<string[]>(),
    custom_fields: jsonb('custom_fields').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('attendance_tickets_status_check', sql`${t.status} in ('open', 'in_progress', 'pending', 'resolved', 'closed')`),
    check('attendance_tickets_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    index('attendance_tickets_session_idx').on(t.session_id),
    index('attendance_tickets_assigned_status_idx').on(t.assigned_to, t.status),
  ],
);

/**
 * The last ticket number each tenant gave (migration 0038): one row per tenant, keyed by its
 * `tenant_id`, a column drizzle's schema does not name. Only the database's
 * `switchboard_next_ticket_number()`, the tickets' default, writes it.
 */
export const attendanceTicketNumbers = pgTable('attendance_ticket_numbers', {
  last_number: integer('last_number').notNull(),
});

/**
 * Kinds of attendance event. Every KPI is computed from these: wait time from
 * `transferred` → `assigned`, first response from `accepted` → `first_response`, and so on.
 * The `ticket_*` kinds are the audit trail of tickets (attendance/tickets/ticket-events.ts);
 * no KPI reads them.
 */
export const ATTENDANCE_EVENT_TYPES = [
  'transferred', 'queued', 'assigned', 'accepted', 'first_response', 'customer_message', 'attendant_message',
  'resolved', 'transferred_to_attendant', 'satisfaction', 'status_changed',
  'ticket_created', 'ticket_updated', 'ticket_assigned', 'ticket_transferred', 'ticket_resolved', 'ticket_deleted',
  // Meetings (meetings/meeting-events.ts): the video KPIs are computed from these.
  'video_requested', 'video_started', 'video_ended', 'screen_share_started', 'transcription_scored',
  // Phone calls (attendance/calls/call-facts.ts): the call KPIs are computed from these.
  'call_started', 'call_queued', 'call_ended', 'call_held', 'call_resumed', 'call_transferred',
] as const;
export type AttendanceEventType = (typeof ATTENDANCE_EVENT_TYPES)[number];

/**
 * The append-only log of what happened in attendance, the single source of the insights KPIs.
 * `seq` orders events that share `at` (several written in one transaction).
 */
export const attendanceEvents = pgTable(
  'attendance_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    queue_id: uuid('queue_id').references(() => attendanceQueues.id, { onDelete: 'set null' }),
    attendant_id: uuid('attendant_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<AttendanceEventType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_events_bot_at_idx').on(t.bot_id, t.at),
    index('attendance_events_session_at_idx').on(t.session_id, t.at),
  ],
);
