import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { sessions } from './sessions.js';

/**
 * The transcript: every inbound and outbound message. The unique index on the provider's message
 * id is what makes inbound delivery exactly-once: a second copy fails the insert instead of racing
 * a read.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Transcript order: assigned at insert, so the messages of one turn keep their order (timestamps can tie). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    session_id: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    sender: text('sender', { enum: ['customer', 'bot', 'attendant', 'system'] }).notNull(),
    text: text('text').notNull().default(''),
    /** Attachments, suggestions and other channel-neutral extras. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    provider_message_id: text('provider_message_id'),
    /** For a reply: the inbound message whose turn produced it, so a redelivered message gets the same answer. */
    reply_to: uuid('reply_to'),
    delivery_state: text('delivery_state', { enum: ['received', 'pending', 'delivered', 'failed'] }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_provider_id_idx').on(t.channel, t.bot_id, t.provider_message_id),
    index('messages_session_seq_idx').on(t.session_id, t.seq),
    index('messages_reply_to_idx').on(t.reply_to),
  ],
);
