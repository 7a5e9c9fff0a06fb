import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
