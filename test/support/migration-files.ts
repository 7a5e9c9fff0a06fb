import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/connection.js';

/**
 * The migration files run by hand, for the upgrade tests that put rows in a database standing just
 * before one migration: split at drizzle's statement breakpoints and run in order, as drizzle runs them.
 */
const MIGRATIONS = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

/** Every migration's file name, in the order they run. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort();
}

/** Runs the statements of `files`, one file after the other. */
export async function runMigrationFiles(handle: DatabaseHandle, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const statements = readFileSync(`${MIGRATIONS}${file}`, 'utf8').split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
    for (const statement of statements) await handle.db.execute(sql.raw(statement));
  }
}
