import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { createInProcessLocks, createPostgresLocks, type LockPort } from '../../infra/locks/index.js';
import type { Logger } from '../../infra/logger.js';
import { copyMigratedPglite } from './pglite-template.js';
import { createScratchDatabase } from './postgres.js';

/**
 * The drivers this run of the suites is pointed at: real PostgreSQL and Redis when CI's second
 * pass sets `DATABASE_URL` and `REDIS_URL`, the embedded defaults when they are unset. A suite
 * whose behaviour depends on them reads them here and nowhere else: `npm run test:drivers` runs
 * exactly the suites that import this module (or the engine harness) themselves
 * (scripts/driver-suites.mjs), so the rest run once.
 */
export const testDrivers = {
  // Read when asked: the benchmarks point the same helpers at one driver, then the other.
  get databaseUrl(): string | undefined { return process.env.DATABASE_URL || undefined; },
  get redisUrl(): string | undefined { return process.env.REDIS_URL || undefined; },
};

/** Names the drivers in test titles: `embedded`, `postgresql`, `postgresql+redis`. */
export function testDriversLabel(): string {
  return `${testDrivers.databaseUrl ? 'postgresql' : 'embedded'}${testDrivers.redisUrl ? '+redis' : ''}`;
}

/** A suite's database; `url` is set when it is a PostgreSQL database (CI's second pass). */
export type TestDatabase = DatabaseHandle & { readonly url?: string };

/**
 * The database a test file runs on: a fresh PostgreSQL database when DATABASE_URL is set (CI's
 * second pass), else a PGlite copied from the migrated template (test/support/pglite-template.ts).
 * Migrated either way; `close()` removes it.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!testDrivers.databaseUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-test-db-'));
    await copyMigratedPglite(path.join(dir, 'pglite'));
    const handle = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(testDrivers.databaseUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  await handle.migrate();
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * The locks driver a service on `database` would get: advisory locks on that same PostgreSQL
 * database (the events job's lock call reads the session's events there, db/migrations/0023),
 * else one process's mutexes.
 */
export function openTestLocks(database: TestDatabase, logger: Logger, poolSize = 5): LockPort {
  return database.url ? createPostgresLocks({ databaseUrl: database.url, logger, poolSize }) : createInProcessLocks();
}
