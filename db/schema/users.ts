import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * Local accounts plus the roles that gate the API: admin, supervisor, attendant, author. Usernames
 * and emails are unique regardless of case ("ADMIN" cannot sit next to "admin").
 *
 * The identity columns (docs/migration/identity.md) record where an account came from (`source`:
 * local, scim, ldap, csv), the directory's own id for it (`external_id`, unique), and the login
 * rules of a migration: `must_change_password` after bulk credentials, no `password_hash` once
 * federated sign-in retired the local password.
 *
 * An account of a tenant's own directory (its SCIM client's, its LDAP sync's) carries the tenant in
 * `directory_tenant_id` (migration 0039, docs/operations/tenants.md, "Identity"): its username,
 * email and directory id are unique within that directory only. Null is the installation's
 * accounts, unique among themselves as before.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  // Null: the account has no local password (provisioned by a directory, or retired by OIDC).
  password_hash: text('password_hash'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  is_active: boolean('is_active').notNull().default(true),
  is_admin: boolean('is_admin').notNull().default(false),
  display_name: text('display_name').notNull().default(''),
  phone: text('phone'),
  department: text('department'),
  source: text('source', { enum: ['local', 'scim', 'ldap', 'csv'] }).notNull().default('local'),
  external_id: text('external_id'),
  must_change_password: boolean('must_change_password').notNull().default(false),
  federated_at: timestamp('federated_at', { withTimezone: true }),
  directory_tenant_id: uuid('directory_tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`).where(sql`${t.directory_tenant_id} is null`),
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`).where(sql`${t.directory_tenant_id} is null`),
  uniqueIndex('users_external_id_key').on(t.external_id).where(sql`${t.directory_tenant_id} is null`),
  uniqueIndex('users_directory_username_key').on(t.directory_tenant_id, sql`lower(${t.username})`).where(sql`${t.directory_tenant_id} is not null`),
  uniqueIndex('users_directory_email_key').on(t.directory_tenant_id, sql`lower(${t.email})`).where(sql`${t.directory_tenant_id} is not null`),
  uniqueIndex('users_directory_external_id_key').on(t.directory_tenant_id, t.external_id).where(sql`${t.directory_tenant_id} is not null`),
]);
