import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';

/**
 * The rows of the tables BASIC scripts write with SAVE/INSERT and read with FIND: one row per
 * record, all of a bot's tables in one SQL table, each record a JSON object. `seq` gives a total
 * insertion order: rows inserted in one transaction share `created_at`, so reads order by `seq`.
 */
export const botTableRows = pgTable(
  'bot_table_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    /** Lower-case identifier, as the script named it. */
    table_name: text('table_name').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_table_rows_table_idx').on(t.bot_id, t.table_name, t.seq)],
);

/**
 * SET BOT MEMORY and REMEMBER: one JSON value per key, per bot (`scope` = 'bot') or per user of the
 * bot (`scope` = the user id).
 */
export const botMemory = pgTable(
  'bot_memory',
  {
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bot_id, t.scope, t.key] })],
);
