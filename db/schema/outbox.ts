import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { sessions } from './sessions.js';

/**
 * Outbound messages committed before delivery. A job delivers each row; at start-up rows still
 * `pending` are enqueued again, so a crash between commit and delivery loses nothing.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message_id: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    session_id: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.state, t.next_attempt_at)],
);
