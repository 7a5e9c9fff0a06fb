import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { users } from './users.js';

/**
 * A conversation of one customer with one bot on one channel. `needs_human` decides who
 * answers; `dialog_state` holds the suspended BASIC dialog as JSON so it survives restarts.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    /** The customer's id in our system, stable for (bot, channel, external_user_id). */
    user_id: uuid('user_id').notNull().defaultRandom(),
    channel: text('channel').notNull(),
    /** The customer's id at the provider (phone number, chat id, visitor id…). */
    external_user_id: text('external_user_id').notNull(),
    needs_human: boolean('needs_human').notNull().default(false),
    assigned_to: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    queue_id: uuid('queue_id'),
    customer_id: uuid('customer_id'),
    call_type: text('call_type'),
    context_data: jsonb('context_data').$type<Record<string, unknown>>().notNull().default({}),
    dialog_state: jsonb('dialog_state').$type<unknown>(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    /**
     * Bumped by every write of a turn or a resolve: a turn commits only if the version it read is
     * still there, so two instances never both apply a turn to the same session state
     * (docs/architecture.md, "one turn, one transaction").
     */
    version: integer('version').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open session per customer of a bot on a channel; closed ones are history.
    uniqueIndex('sessions_open_customer_idx')
      .on(t.bot_id, t.channel, t.external_user_id)
      .where(sql`status = 'open'`),
    index('sessions_assigned_to_idx').on(t.assigned_to),
  ],
);
