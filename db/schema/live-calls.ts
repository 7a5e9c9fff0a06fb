import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The instances that hold phone calls, each with its heartbeat (docs/operations/kamailio.md, "When
 * an instance dies"). An instance is one process: its id is drawn at start, so a restarted
 * instance is a new one and the calls of the old one count as dropped.
 */
export const callInstances = pgTable('call_instances', {
  id: text('id').primaryKey(),
  /** Where its SIP user agent is reached (`host:port`, the public address when set). */
  sip_address: text('sip_address').notNull(),
  /** Its own HTTP address (`http://host:port`), for what must reach the instance that holds a call. */
  http_url: text('http_url').notNull(),
  started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The phone calls in progress on every instance: which instance holds each, so any instance can
 * tell where a call lives, and a surviving one can call back the callers of an instance that died.
 * `taken_by` is the instance that claimed a dropped call (one claim per call).
 */
export const liveCalls = pgTable('live_calls', {
  call_id: text('call_id').primaryKey(),
  instance_id: text('instance_id').notNull(),
  bot: text('bot').notNull(),
  /** The customer's number: the caller of a call that came in, the callee of one a bot placed. */
  caller: text('caller').notNull(),
  session_id: uuid('session_id'),
  started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  taken_by: text('taken_by'),
  dropped_at: timestamp('dropped_at', { withTimezone: true }),
}, (t) => [index('live_calls_instance_idx').on(t.instance_id), index('live_calls_session_idx').on(t.session_id)]);
