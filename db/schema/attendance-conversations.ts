import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attendanceQueues } from './attendance.js';
import { bots } from './bots.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

/** Queue item statuses (plus `pending`); attendance/conversation-status.ts decides every change. */
export const ATTENDANCE_CONVERSATION_STATUSES = ['waiting', 'assigned', 'active', 'pending', 'resolved'] as const;
export type AttendanceConversationStatus = (typeof ATTENDANCE_CONVERSATION_STATUSES)[number];

/**
 * The queue item: one row per session that was ever handed to a human, reused by the
 * next cycle after a resolve. `status` is only written with the previous status in the WHERE
 * clause (an optimistic check), so two writers racing on one conversation cannot both win.
 */
export const attendanceConversations = pgTable(
  'attendance_conversations',
  {
    session_id: uuid('session_id').primaryKey().references(() => sessions.id, { onDelete: 'cascade' }),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status', { enum: ATTENDANCE_CONVERSATION_STATUSES }).notNull(),
    /** 0 low, 1 normal, 2 high, 3 urgent. */
    priority: integer('priority').notNull().default(1),
    queue_id: uuid('queue_id').references(() => attendanceQueues.id, { onDelete: 'set null' }),
    assigned_to: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** Topic, named target or department from the transfer; the attendant-list rule reads it. */
    topic: text('topic'),
    /**
     * The skills this cycle needs, from the transfer and the bot's skill rules, as `{name, min_level}`
     * (docs/attendance/skills-routing.md); the queue's own requirement is added at assignment.
     */
    required_skills: jsonb('required_skills').$type<{ name: string; min_level: number }[]>().notNull().default([]),
    last_message: text('last_message'),
    waiting_since: timestamp('waiting_since', { withTimezone: true }),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('attendance_conversations_status_check', sql`${t.status} in ('waiting', 'assigned', 'active', 'pending', 'resolved')`),
    index('attendance_conversations_status_priority_idx').on(t.status, t.priority.desc(), t.waiting_since),
    index('attendance_conversations_assigned_status_idx').on(t.assigned_to, t.status),
  ],
);
