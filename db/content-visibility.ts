import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose content a query may return (docs/content.md, "Ownership and sharing"): `all` for admins,
 * otherwise what the user owns or what is shared with them or one of their groups.
 */
export interface ContentReader {
  user_id: string;
  groups: readonly string[];
  all: boolean;
}

interface SharedTable {
  owner_id: PgColumn;
  shared_with_users: PgColumn;
  shared_with_groups: PgColumn;
}

/** The WHERE condition of "visible to `reader`" on a content table; undefined (no filter) for admins. */
export function visibleTo(table: SharedTable, reader: ContentReader): SQL | undefined {
  if (reader.all) return undefined;
  const member = (column: PgColumn, id: string) => sql`${column} @> ${JSON.stringify([id])}::jsonb`;
  return or(
    sql`${table.owner_id} = ${reader.user_id}`,
    member(table.shared_with_users, reader.user_id),
    ...reader.groups.map((group) => member(table.shared_with_groups, group)),
  );
}

/** The sharing columns' new values. */
export interface SharingChange {
  shared_with_users: string[];
  shared_with_groups: string[];
}
