import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { attendanceQueues } from './attendance.js';

/** The two targets of an SLA policy. */
export const SLA_METRICS = ['first_response', 'resolution'] as const;
export type SlaMetric = (typeof SLA_METRICS)[number];
/** What an SLA clock runs for. */
export const SLA_SUBJECTS = ['conversation', 'ticket'] as const;
export type SlaSubject = (typeof SLA_SUBJECTS)[number];

/**
 * An SLA policy (docs/attendance/sla.md): targets for one queue (null: every queue) and one customer
 * tier (null: every tier). The most specific policy applies; a target left null is not measured.
 * `business_hours` measures the targets on the queue's business-hours clock.
 */
export const attendanceSlaPolicies = pgTable(
  'attendance_sla_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    queue_id: uuid('queue_id').references(() => attendanceQueues.id, { onDelete: 'cascade' }),
    tier: text('tier'),
    first_response_seconds: integer('first_response_seconds'),
    resolution_seconds: integer('resolution_seconds'),
    business_hours: boolean('business_hours').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('attendance_sla_policies_scope_key').on(t.queue_id, t.tier).nullsNotDistinct()],
);

/**
 * One SLA target running for one conversation cycle or ticket: started, due (null when the queue
 * never opens), then met or breached. The clocks are the live timers of the console and the
 * source of the SLA attainment insights; a job at `due_at` breaches a clock still running.
 */
export const attendanceSlaClocks = pgTable(
  'attendance_sla_clocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject', { enum: SLA_SUBJECTS }).notNull(),
    /** The session id of a conversation, the id of a ticket. */
    subject_id: uuid('subject_id').notNull(),
    /** The conversation's `waiting_since` or the ticket's `created_at`: one set of clocks per cycle. */
    cycle_at: timestamp('cycle_at', { withTimezone: true }).notNull(),
    metric: text('metric', { enum: SLA_METRICS }).notNull(),
    bot_id: uuid('bot_id'),
    queue_id: uuid('queue_id'),
    /** Who held the subject when the clock stopped. */
    attendant_id: uuid('attendant_id'),
    policy_id: uuid('policy_id'),
    target_seconds: integer('target_seconds').notNull(),
    business_hours: boolean('business_hours').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    due_at: timestamp('due_at', { withTimezone: true }),
    met_at: timestamp('met_at', { withTimezone: true }),
    breached_at: timestamp('breached_at', { withTimezone: true }),
  },
  (t) => [
    check('attendance_sla_clocks_subject_check', sql`${t.subject} in ('conversation', 'ticket')`),
    check('attendance_sla_clocks_metric_check', sql`${t.metric} in ('first_response', 'resolution')`),
    unique('attendance_sla_clocks_cycle_key').on(t.subject, t.subject_id, t.metric, t.cycle_at),
    index('attendance_sla_clocks_running_idx').on(t.subject_id).where(sql`${t.met_at} is null`),
    index('attendance_sla_clocks_started_idx').on(t.started_at),
  ],
);
