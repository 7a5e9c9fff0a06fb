import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { outbox } from './outbox.js';

/**
 * What a provider said about each message it accepted (the sms channel's status callbacks):
 * the provider's id of the sent message, its outbox row, and the latest status and error code.
 * Keyed by (channel, provider id), since a status callback names nothing else.
 */
export const deliveryReceipts = pgTable(
  'delivery_receipts',
  {
    channel: text('channel').notNull(),
    provider_message_id: text('provider_message_id').notNull(),
    outbox_id: uuid('outbox_id').notNull().references(() => outbox.id, { onDelete: 'cascade' }),
    /** The provider's word (Twilio: queued, sent, delivered, undelivered, failed…). */
    status: text('status').notNull(),
    error_code: text('error_code'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.provider_message_id] })],
);

/**
 * Phone numbers that answered STOP (docs/channels/sms.md): no bot sends them an SMS until they
 * answer START. One row per number, for every bot, as the carriers' rule is per number.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  /** The keyword the customer sent (STOP, UNSUBSCRIBE…). */
  keyword: text('keyword').notNull(),
  opted_out_at: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
