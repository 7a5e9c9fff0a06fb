import { index, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { users } from './users.js';

/**
 * Canned responses of the attendant console: text an attendant inserts in the reply box by typing
 * `/` and the shortcut. `bot_id` null serves every bot; `owner_id` null is the team's (kept by
 * supervisors), otherwise the attendant's own. A shortcut is unique within its bot and owner.
 */
export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    shortcut: varchar('shortcut', { length: 50 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In the database the key leads with the tenant (migration 0036), a column drizzle's schema does not name.
    unique('canned_responses_scope_shortcut_key').on(t.bot_id, t.owner_id, t.shortcut).nullsNotDistinct(),
    index('canned_responses_owner_idx').on(t.owner_id),
  ],
);
