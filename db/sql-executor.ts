import type pg from 'pg';
import type { PgliteThread } from './pglite-thread.js';

/**
 * A statement of the hot path: fixed SQL text with `$n` parameters and a name. On PostgreSQL the
 * name makes it a prepared statement, parsed and planned once per connection instead of once per
 * turn (docs/performance.md), on PGlite too (db/pglite-thread-worker.ts).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/**
 * Plain parameterised SQL for the few statements every turn runs, next to drizzle for everything
 * else: building a query with drizzle costs more CPU than the database spends running it. Each
 * statement is atomic on its own; the turn needs no more (db/turn-store.ts).
 */
export interface SqlExecutor {
  query<T>(statement: Statement, params: readonly unknown[]): Promise<T[]>;
}

export function createPgExecutor(pool: { query(config: pg.QueryConfig): Promise<pg.QueryResult> }): SqlExecutor {
  return {
    async query<T>(statement: Statement, params: readonly unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...params] });
      return result.rows as T[];
    },
  };
}

export function createPgliteExecutor(client: Pick<PgliteThread, 'prepared'>): SqlExecutor {
  return {
    async query<T>(statement: Statement, params: readonly unknown[]) {
      return (await client.prepared<T>(statement.name, statement.text, [...params])).rows;
    },
  };
}
