import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The embedded identity provider's organization directory (docs/groups.md, "embedded"). Only
 * that adapter reads these tables, through db/groups-repo.ts; with IDP=keycloak|zitadel|ldap they
 * stay empty, as the service stores no group data of its own.
 */
export const directoryGroups = pgTable('directory_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  domain: text('domain').notNull().default(''),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who belongs to a directory group, with the role the role matrix reads: owner, admin or member. */
export const directoryGroupMembers = pgTable(
  'directory_group_members',
  {
    group_id: uuid('group_id').notNull().references(() => directoryGroups.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.user_id] }), index('directory_group_members_user_idx').on(t.user_id)],
);
