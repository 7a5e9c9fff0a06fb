import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { openPgliteThread } from './pglite-thread.js';
import { createPgExecutor, createPgliteExecutor, type SqlExecutor } from './sql-executor.js';

/** The drizzle handle repositories build queries on; the same type for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database plus what the service needs to run it: readiness, migrations, shutdown. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Plain prepared SQL for the hot path (db/sql-executor.ts), on the same connections as `db`. */
  readonly sql: SqlExecutor;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder of the PGlite files; absent means in memory (tests). */
  pgliteDir?: string;
}

// Any constant works: it only has to be the same for every instance migrating this database.
const MIGRATION_LOCK_ID = 7_204_113;

/** Opens PostgreSQL when a URL is given, else PGlite — the two drivers of the database port. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) await mkdir(dir, { recursive: true });
  // PGlite on its own thread (db/pglite-thread.ts); drizzle only calls the part of PGlite it offers.
  const client = await openPgliteThread(dir);
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    sql: createPgliteExecutor(client),
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    sql: createPgExecutor(pool),
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      // Several instances may start at once: an advisory lock lets one migrate while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The SQL migrations live beside the schema in the source tree, also when running from dist/. */
function migrationsFolder(): string {
  const candidates = ['./migrations', '../../db/migrations'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Names of the tables in the public schema; used by tests and diagnostics. */
export async function listTables(db: Database): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}

/** PGlite returns `{ rows }`, node-postgres a QueryResult with `rows` too; this hides the difference. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
