import { index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

/**
 * A customer as the CRM knows them. Attendance matches an incoming conversation to a
 * contact by (bot_id, phone), phone in E.164, to fill `customer_id` of sessions and tickets.
 */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Organisation the contact belongs to; free UUID (there is no organisations table yet). */
    org_id: uuid('org_id'),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    /** E.164, so the lookup by phone is an equality. */
    phone: text('phone'),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_contacts_bot_phone_idx').on(t.bot_id, t.phone)],
);

/** A sales opportunity; resolving a sales ticket may create one. */
export const crmDeals = pgTable(
  'crm_deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    value: numeric('value', { mode: 'number' }),
    /** Name of a pipeline stage; free text so deals survive a renamed stage. */
    stage: text('stage'),
    contact_id: uuid('contact_id').references(() => crmContacts.id, { onDelete: 'set null' }),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_deals_contact_idx').on(t.contact_id)],
);

/** The ordered stages of the sales pipeline; `probability` is 0–100. */
export const crmPipelineStages = pgTable('crm_pipeline_stages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  order_index: integer('order_index').notNull().default(0),
  probability: numeric('probability', { mode: 'number' }).notNull().default(0),
});

/**
 * One attendance as the CRM remembers it (`attendance-crm-logging`): written when an
 * attendance is resolved, with exactly the fields `attendance-log-fields` names, on the session's
 * contact when it has one. The satisfaction survey adds `customer_satisfaction` later, so the
 * fields are a JSON object rather than columns.
 */
export const crmAttendanceLogs = pgTable(
  'crm_attendance_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').references(() => crmContacts.id, { onDelete: 'set null' }),
    /** Null once the session is deleted: the CRM keeps the history. */
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_attendance_logs_contact_idx').on(t.contact_id, t.created_at),
    index('crm_attendance_logs_session_idx').on(t.session_id, t.created_at),
  ],
);
