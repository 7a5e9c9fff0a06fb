import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';

/** Where an attendance webhook message stands (docs/attendance/webhooks.md, "Retries"). */
export const ATTENDANCE_WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type AttendanceWebhookStatus = (typeof ATTENDANCE_WEBHOOK_STATUSES)[number];

/**
 * One attendance event POSTed to a bot's `attendance-chatops-webhook`: the message as signed (its
 * id is the `webhook-id` header, the same on every retry), and the outcome of the attempts so far.
 * The delivery job works from this row, so start-up can hand out what is still pending.
 */
export const attendanceWebhookDeliveries = pgTable(
  'attendance_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ATTENDANCE_WEBHOOK_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The receiver's HTTP status on the last attempt; null when it could not be reached. */
    last_status: integer('last_status'),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('attendance_webhook_deliveries_status_idx').on(t.status),
    index('attendance_webhook_deliveries_bot_idx').on(t.bot_id, t.created_at),
  ],
);
