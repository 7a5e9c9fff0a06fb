import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Local accounts plus the roles that gate the API: admin, supervisor, attendant, author. Usernames
 * and emails are unique regardless of case ("ADMIN" cannot sit next to "admin").
 *
 * The identity columns (docs/migration/identity.md) record where an account came from (`source`:
 * local, scim, ldap, csv), the directory's own id for it (`external_id`, unique), and the login
 * rules of a migration: `must_change_password` after bulk credentials, no `password_hash` once
 * federated sign-in retired the local password.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
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
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  uniqueIndex('users_external_id_key').on(t.external_id),
]);
