import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Provider messages accepted by a webhook and not yet processed (docs/architecture.md, "Provider
 * webhooks"). A webhook is answered once its messages are rows here; a job then runs each
 * customer's rows in order and removes them. A crash between the two loses nothing: start-up
 * hands out what is left, and the turn's own dedupe answers a row whose turn already committed.
 * A message the channel's screen handled itself (an attendant's line from their phone) never
 * reaches a turn, so its row stays as `screened`: the unique provider id keeps a redelivery out.
 */
export const inboundQueue = pgTable(
  'inbound_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Arrival order, the order a customer's messages are processed in. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    bot: text('bot').notNull(),
    external_user_id: text('external_user_id').notNull(),
    provider_message_id: text('provider_message_id'),
    /** The InboundMessage as JSON (received_at as an ISO string). */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['pending', 'failed', 'screened'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    accepted_at: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // With tenant_id first since migration 0037; the schema leaves the column unnamed (docs/operations/tenants.md, "Isolation").
    uniqueIndex('inbound_queue_provider_message_idx').on(t.channel, t.bot, t.provider_message_id),
    index('inbound_queue_customer_idx').on(t.channel, t.bot, t.external_user_id, t.seq),
  ],
);
