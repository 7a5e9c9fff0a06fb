import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';

/**
 * Handler runs of `ON INSERT/UPDATE/DELETE OF "table"` still to happen (docs/basic.md, "Event
 * handlers"): each is written in the transaction of the bot table change that calls for it, so a
 * change is never stored without its runs. A `dialog.triggered` job runs it and then removes the
 * row; start-up hands out every row still here (a crash, or a job lost with the in-process queue).
 */
export const tableTriggerRuns = pgTable('table_trigger_runs', {
  id: uuid('id').primaryKey(),
  /** The order of the changes, which start-up keeps when it hands the runs out again. */
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
  /** The handler script, as the bot's dialogs name it. */
  script: text('script').notNull(),
  /** Lower-case, as bot tables are kept. */
  table_name: text('table_name').notNull(),
  event: text('event', { enum: ['insert', 'update', 'delete'] }).notNull(),
  /** The row inserted, or the columns an UPDATE set; null for a DELETE. */
  row: jsonb('row').$type<Record<string, unknown>>(),
  /** Rows the change touched. */
  count: integer('count').notNull(),
  /** How many handler runs led to this one (1 when a conversation or a schedule made the change). */
  depth: integer('depth').notNull(),
  /** Times a job started the run without finishing it. */
  attempts: integer('attempts').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
