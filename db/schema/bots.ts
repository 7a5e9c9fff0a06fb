import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per bot package found in BOTS_DIR; sessions and messages point at it. */
export const bots = pgTable('bots', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
