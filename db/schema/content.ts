import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { crmContacts } from './crm.js';

/**
 * Who may see a content record besides its owner and admins (docs/content.md, "Ownership and
 * sharing"): user ids and group ids (groups at the identity provider). Every content table has them.
 */
const sharing = () => ({
  owner_id: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  shared_with_users: jsonb('shared_with_users').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  shared_with_groups: jsonb('shared_with_groups').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The file store's index: one row per path (folders are the path's prefixes); bytes live in the FileStore port. */
export const contentFiles = pgTable('content_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...sharing(),
  // Unique in its tenant (migration 0036).
  path: text('path').notNull(),
  folder: text('folder').notNull(),
  version: integer('version').notNull(),
  content_type: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('content_files_folder_idx').on(t.folder), index('content_files_owner_idx').on(t.owner_id)]);

/** Every version of a file, oldest first; `source_version` is the id the importer's source gave it (idempotent re-runs). */
export const contentFileVersions = pgTable('content_file_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  file_id: uuid('file_id').notNull().references(() => contentFiles.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  storage_key: text('storage_key').notNull(),
  content_type: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  source_version: text('source_version'),
  created_at: createdAt(),
}, (t) => [unique('content_file_versions_file_version_key').on(t.file_id, t.version)]);

/** The mail archive: one row per message of a source mailbox folder; (owner, source, folder, uid) is its identity in its tenant. */
export const contentMailMessages = pgTable('content_mail_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...sharing(),
  source: text('source').notNull(),
  folder: text('folder').notNull(),
  uid: text('uid').notNull(),
  message_id: text('message_id'),
  subject: text('subject').notNull().default(''),
  from_address: text('from_address').notNull().default(''),
  to_addresses: jsonb('to_addresses').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  sent_at: timestamp('sent_at', { withTimezone: true }),
  flags: jsonb('flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  body_text: text('body_text').notNull().default(''),
  size: integer('size').notNull().default(0),
  created_at: createdAt(),
}, (t) => [
  // In the database the key leads with the tenant (migration 0038), a column drizzle's schema does not name.
  unique('content_mail_messages_source_uid_key').on(t.owner_id, t.source, t.folder, t.uid),
  index('content_mail_messages_owner_idx').on(t.owner_id, t.sent_at),
]);

/** Calendar events; a recurring one keeps its rule and original iCalendar text, expanded when listed. */
export const contentCalendarEvents = pgTable('content_calendar_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...sharing(),
  source: text('source').notNull(),
  uid: text('uid').notNull(),
  recurrence_id: text('recurrence_id').notNull().default(''),
  summary: text('summary').notNull().default(''),
  description: text('description').notNull().default(''),
  location: text('location').notNull().default(''),
  starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
  ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
  all_day: boolean('all_day').notNull().default(false),
  time_zone: text('time_zone'),
  rrule: text('rrule'),
  /** The VEVENT (with its VTIMEZONE) as imported, so recurrences and zones expand exactly as the source meant. */
  ical: text('ical'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  // In the database the key leads with the tenant (migration 0038), a column drizzle's schema does not name.
  unique('content_calendar_events_uid_key').on(t.owner_id, t.source, t.uid, t.recurrence_id),
  index('content_calendar_events_range_idx').on(t.owner_id, t.starts_at),
]);

/** Address-book entries from VCF files, CardDAV and PST; `vcard` is the source card when there was one. */
export const contentContacts = pgTable('content_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...sharing(),
  source: text('source').notNull(),
  external_id: text('external_id').notNull(),
  full_name: text('full_name').notNull().default(''),
  emails: jsonb('emails').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  phones: jsonb('phones').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  organization: text('organization').notNull().default(''),
  vcard: text('vcard'),
  etag: text('etag'),
  /** The CRM contact this card is linked to, matched by email or phone (docs/crm.md, "Address book and CRM"). */
  crm_contact_id: uuid('crm_contact_id').references(() => crmContacts.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  // In the database the key leads with the tenant (migration 0038), a column drizzle's schema does not name.
  unique('content_contacts_source_key').on(t.owner_id, t.source, t.external_id),
]);

/** Tasks (`POST /api/tasks`): a title, optional notes and due date, open or done. */
export const contentTasks = pgTable('content_tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...sharing(),
  title: text('title').notNull(),
  notes: text('notes').notNull().default(''),
  due_at: timestamp('due_at', { withTimezone: true }),
  status: text('status').$type<'open' | 'done'>().notNull().default('open'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('content_tasks_owner_idx').on(t.owner_id, t.created_at)]);

/** One row per import source (`switchboard import <kind>`): where a resumed run picks up, and what it has done. */
export const contentImportCheckpoints = pgTable('content_import_checkpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  source: text('source').notNull(),
  cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  imported: integer('imported').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  status: text('status').$type<'running' | 'done'>().notNull().default('running'),
  updated_at: updatedAt(),
  // (kind, source) is unique in its tenant (migration 0036).
});
