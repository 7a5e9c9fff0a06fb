import pg from 'pg';
import type { Logger } from '../logger.js';
import { KeyedMutex } from './in-process-locks.js';
import type { LockPort, ReadUnderLock } from './locks-port.js';

/** Options for {@link createPostgresLocks}. */
export interface PostgresLocksOptions {
  databaseUrl: string;
  /** Connections held by lock owners at once (one per key being worked on); default 10. */
  poolSize?: number;
  /**
   * Where the locks' connections come from. The service's are brought to the work's tenant and
   * role first (db/connection.ts, `lockConnections`), since a lock's call may carry the caller's
   * statements; without it, a plain pool of `databaseUrl` (what the locks' own contract tests use).
   */
  connections?: LockConnections;
  logger: Logger;
}

/** A pool's checkout and end: what the locks need of it. */
export interface LockConnections {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/**
 * The multi-instance locks driver: a PostgreSQL session-level advisory lock
 * (`pg_advisory_lock(hashtextextended(key, 0))`) held on a connection of a dedicated pool for
 * the whole of `fn`, so work on one key is exclusive across every instance on the database.
 * Inside one process callers of a key first queue on a {@link KeyedMutex}: that keeps their
 * call order, and only one connection per key ever waits on the server.
 *
 * Two keys whose 64-bit hashes collide share a lock: harmless, they merely wait for each other.
 * If the lock connection breaks while `fn` runs the server drops the lock; the connection is
 * then discarded, never reused.
 */
export function createPostgresLocks(options: PostgresLocksOptions): LockPort {
  const pool = options.connections ?? plainPool(options);
  const local = new KeyedMutex();

  /** The lock's own statement: it takes the lock and reads nothing. */
  const lockOnly: ReadUnderLock<undefined> = {
    call: { text: 'select pg_advisory_lock(hashtextextended($1, 0))', values: [] },
    fromRows: () => undefined,
    read: async () => undefined,
  };

  /** Takes the lock with `lock.call` (which may read as well), runs `fn` with what it read, then unlocks. */
  async function holdOnServer<R, T>(key: string, lock: ReadUnderLock<R>, fn: (value: R) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // Set when the connection itself failed (not when `fn` did): such a connection is destroyed.
    let broken: Error | undefined;
    const onError = (error: Error) => (broken = error);
    client.on('error', onError);
    try {
      let value: R;
      try {
        const result = await client.query<Record<string, unknown>>(lock.call.text, [key, ...lock.call.values]);
        value = lock.fromRows(result.rows);
      } catch (error) {
        // The call may have failed after taking the lock: only a destroyed connection surely lets go.
        broken = error as Error;
        throw error;
      }
      try {
        return await fn(value);
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((error: Error) => {
          broken = error;
          options.logger.warn({ err: error, key }, 'advisory unlock failed; discarding the connection');
        });
      }
    } finally {
      client.off('error', onError);
      // A connection whose unlock failed may still hold the lock: destroy it rather than reuse it.
      client.release(broken);
    }
  }

  return {
    withLock: (key, fn) => local.run(key, () => holdOnServer(key, lockOnly, fn)),
    withLockReading: (key, read, fn) => local.run(key, () => holdOnServer(key, read, fn)),
    close: () => pool.end(),
  };
}

function plainPool(options: PostgresLocksOptions): LockConnections {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the next connect retries.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'lock connection lost'));
  return pool;
}
