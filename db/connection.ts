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
import { APPLICATION_ROLE, DROP_TO_APPLICATION_ROLE_SQL, TenantScopedPool } from './tenant-session.js';

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
  /**
   * On PostgreSQL, a pool of `max` connections of its own for the advisory locks
   * (infra/locks/postgres-locks.ts), brought to the work's tenant and the application's role like
   * every other connection: the statements that ride on a lock's call (the events under it, a
   * handoff's queueing) are the tenant's, checked by its policies. Absent on PGlite.
   */
  lockConnections?(max: number): TenantScopedPool;
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
  // PGlite's one user is a superuser: once the application's role exists, the connection runs as it (db/tenant-session.ts).
  const dropToApplicationRole = async () => {
    const { rows } = await client.query<{ drop_role: boolean }>(DROP_TO_APPLICATION_ROLE_SQL);
    if (rows[0]?.drop_role) await client.exec(`set role ${APPLICATION_ROLE}`);
  };
  await dropToApplicationRole();
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    sql: createPgliteExecutor(client),
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await client.exec('reset role');
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      await dropToApplicationRole();
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const raw = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  raw.on('error', () => undefined);
  const pool = new TenantScopedPool(raw);
  const db = drizzleNodePg(pool as unknown as pg.Pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    sql: createPgExecutor(pool),
    ping: async () => {
      await raw.query('select 1');
    },
    migrate: async () => {
      // A connection of its own, as the connecting user: the pool's may have dropped to the application's role.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Several instances may start at once: an advisory lock lets one migrate while the others wait.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        await pool.decideRole(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end();
      }
    },
    close: () => pool.end(),
    lockConnections(max) {
      const own = new pg.Pool({ connectionString: url, max });
      own.on('error', () => undefined);
      return new TenantScopedPool(own);
    },
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
