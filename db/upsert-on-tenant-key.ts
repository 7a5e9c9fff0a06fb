import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from './connection.js';

/** What {@link upsertOnTenantKey} did: `inserted` false when it updated the row already there. */
export interface UpsertOutcome {
  inserted: boolean;
  id: string;
}

/**
 * Inserts the row, or updates the one of the same key in the tenant with the row's values. The
 * key leads with `tenant_id` in the database (docs/operations/tenants.md, "Unique keys"), a
 * column drizzle's schema does not name, so drizzle's `onConflictDoUpdate` cannot name it; the
 * statement is written here, with the columns' own encodings (jsonb, timestamps). `touch`, when
 * given, is set to now() on an update. The table needs an `id` column.
 */
export async function upsertOnTenantKey<T extends PgTable>(
  db: Database, table: T, row: T['$inferInsert'], key: readonly PgColumn[], touch?: PgColumn,
): Promise<UpsertOutcome> {
  const values = row as Record<string, unknown>;
  const given = Object.entries(getTableColumns(table)).filter(([property]) => values[property] !== undefined);
  const keyNames = new Set(key.map((column) => column.name));
  const name = (column: PgColumn) => sql.identifier(column.name);
  const updates: SQL[] = given
    .filter(([, column]) => !keyNames.has(column.name) && column.name !== touch?.name)
    .map(([, column]) => sql`${name(column)} = excluded.${name(column)}`);
  if (touch) updates.push(sql`${name(touch)} = now()`);
  // An update is needed for RETURNING to give the row already there, even when only its key is given.
  if (updates.length === 0) updates.push(sql`${name(key[0]!)} = excluded.${name(key[0]!)}`);
  const result = await db.execute(sql`insert into ${table} (${sql.join(given.map(([, column]) => name(column)), sql`, `)})
    values (${sql.join(given.map(([property, column]) => sql.param(values[property], column)), sql`, `)})
    on conflict (tenant_id, ${sql.join(key.map(name), sql`, `)}) do update set ${sql.join(updates, sql`, `)}
    returning (xmax = 0) as inserted, id`);
  return rowsOf<UpsertOutcome>(result)[0]!;
}
