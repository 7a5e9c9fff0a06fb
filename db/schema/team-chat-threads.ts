import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { sessions } from './sessions.js';

/**
 * Where a conversation's team_chat notice was posted (docs/channels/team-chat.md): the channel and
 * the message timestamp, which is also the thread attendants reply in. One per session: a new
 * hand-over of the same session posts a new notice and takes its place.
 */
export const teamChatThreads = pgTable(
  'team_chat_threads',
  {
    session_id: uuid('session_id').primaryKey().references(() => sessions.id, { onDelete: 'cascade' }),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    ts: text('ts').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_chat_threads_thread_key').on(t.bot_id, t.channel, t.ts)],
);
