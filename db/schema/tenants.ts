import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/**
 * The organizations one deployment serves (docs/operations/tenants.md). Every business table has
 * a `tenant_id` and a row-level security policy (migration 0036); the quotas are the operator's,
 * null meaning no limit.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique('tenants_slug_key'),
  name: text('name').notNull(),
  status: text('status', { enum: TENANT_STATUSES }).notNull().default('active'),
  max_bots: integer('max_bots'),
  max_attendants: integer('max_attendants'),
  max_storage_bytes: bigint('max_storage_bytes', { mode: 'number' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  suspended_at: timestamp('suspended_at', { withTimezone: true }),
});

/** A user's roles in a tenant other than the default one, where `users.roles` stays the roles. */
export const tenantMemberships = pgTable('tenant_memberships', {
  tenant_id: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'tenant_memberships_pkey', columns: [t.tenant_id, t.user_id] })]);

/**
 * The `tenant_id` of a tenant-owned table, for the tables whose statements name it (a unique key
 * that includes it); the others have the column in the database only, filled by its default, the
 * connection's tenant (db/tenant-session.ts).
 */
export const tenantId = () => uuid('tenant_id').notNull().default(sql`switchboard_tenant()`);
