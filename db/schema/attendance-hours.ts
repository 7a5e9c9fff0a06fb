import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attendanceQueues } from './attendance.js';

/** What happens to a conversation that arrives while its queue is closed or unstaffed. */
export const CLOSED_ACTIONS = ['wait', 'ticket', 'bot'] as const;
export type ClosedAction = (typeof CLOSED_ACTIONS)[number];

/** One automatic reply, as stored: `channel` and `language` are `*` for any. */
export interface StoredAutoReply {
  kind: 'closed' | 'nobody_online' | 'all_busy';
  channel: string;
  language: string;
  text: string;
}

/**
 * A queue's business hours and automatic replies (docs/attendance/business-hours.md): the weekly
 * table (`weekly` null: always open) in `time_zone`, the local dates of `holidays`, what a
 * conversation that arrives closed or unstaffed does (`closed_action`), and the replies. A queue
 * without a row is always open and has no automatic replies.
 */
export const attendanceQueueHours = pgTable(
  'attendance_queue_hours',
  {
    queue_id: uuid('queue_id').primaryKey().references(() => attendanceQueues.id, { onDelete: 'cascade' }),
    time_zone: text('time_zone').notNull().default('UTC'),
    weekly: jsonb('weekly').$type<Record<string, { open: string; close: string }[]> | null>(),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    closed_action: text('closed_action', { enum: CLOSED_ACTIONS }).notNull().default('wait'),
    auto_replies: jsonb('auto_replies').$type<StoredAutoReply[]>().notNull().default([]),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('attendance_queue_hours_action_check', sql`${t.closed_action} in ('wait', 'ticket', 'bot')`)],
);
