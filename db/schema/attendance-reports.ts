import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { users } from './users.js';

/**
 * One row per attendance cycle (a transfer to a human until its resolve), rolled up from the
 * attendance event log by attendance/reports/roll-up-facts.ts. Custom reports read only this
 * table (and the tickets), so a report over a million conversations is one scan of narrow rows
 * instead of a replay of the log (docs/attendance/reports.md, "Speed").
 */
export const attendanceReportFacts = pgTable(
  'attendance_report_facts',
  {
    session_id: uuid('session_id').notNull(),
    /** The cycle's opening `queued`: with the session, the cycle's identity. */
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    queue_id: uuid('queue_id'),
    attendant_id: uuid('attendant_id'),
    campaign_id: text('campaign_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    wait_seconds: real('wait_seconds'),
    handle_seconds: real('handle_seconds'),
    first_response_seconds: real('first_response_seconds'),
    /** The survey's 0–10 score, when the customer answered. */
    csat: integer('csat'),
    transferred: boolean('transferred').notNull().default(false),
    /** Closed (resolved, or the call ended) before anyone accepted it. */
    abandoned: boolean('abandoned').notNull().default(false),
    is_call: boolean('is_call').notNull().default(false),
    talk_seconds: real('talk_seconds'),
  },
  (t) => [
    primaryKey({ name: 'attendance_report_facts_pkey', columns: [t.session_id, t.started_at] }),
    index('attendance_report_facts_started_idx').on(t.started_at),
    index('attendance_report_facts_bot_started_idx').on(t.bot_id, t.started_at),
  ],
);

/** Where the roll-up stands in the event log: one row. */
export const attendanceReportRollup = pgTable('attendance_report_rollup', {
  // With the tenant, the key (migration 0036): one row per tenant.
  id: integer('id').notNull().default(1),
  /** Every event with a lower `seq` that was older than the settle time is in the facts. */
  last_seq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('attendance_report_rollup_one_row', sql`${t.id} = 1`)]);

export const REPORT_SCHEDULES = ['none', 'daily', 'weekly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

/** A supervisor's saved report: its definition, who it is shared with, its e-mail schedule. */
export const attendanceReports = pgTable(
  'attendance_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The definition as validated by attendance/reports/report-definition.ts. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    shared_roles: text('shared_roles').array().notNull().default(sql`'{}'::text[]`),
    shared_user_ids: uuid('shared_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    schedule: text('schedule', { enum: REPORT_SCHEDULES }).notNull().default('none'),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('attendance_reports_schedule_check', sql`${t.schedule} in ('none', 'daily', 'weekly')`),
    index('attendance_reports_owner_idx').on(t.owner_id),
  ],
);
