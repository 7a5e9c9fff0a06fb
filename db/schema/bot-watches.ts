import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';

/**
 * Where each watch of a bot stands (docs/basic.md, "Event handlers"): for ON EMAIL, the mailbox's
 * UIDVALIDITY and the last UID whose handlers ran; for ON CHANGE, the version of every file seen
 * under the folder. Written after the handlers ran, so a restart neither loses nor repeats work.
 */
export const botWatches = pgTable('bot_watches', {
  bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
  /** `mail:<user>@<host>:<port>/<mailbox>` or `folder:<path>`. */
  watch_key: text('watch_key').notNull(),
  state: jsonb('state').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.bot_id, t.watch_key] })]);
