import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per bot package found in BOTS_DIR; sessions and messages point at it. */
export const bots = pgTable('bots', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Unique in its tenant (migration 0036: the key is (tenant_id, name), a column only the database names).
  name: text('name').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
