import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { copyMigratedPglite } from './pglite-template.js';
import { createScratchDatabase } from './postgres.js';

/**
 * The drivers this run of the suites is pointed at: real PostgreSQL and Redis when CI's second
 * pass sets `DATABASE_URL` and `REDIS_URL`, the embedded defaults when they are unset. A suite
 * whose behaviour depends on them reads them here and nowhere else: `npm run test:drivers` runs
 * exactly the suites that import this module (jest `--findRelatedTests`), so the rest run once.
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

/**
 * The database a test file runs on: a fresh PostgreSQL database when DATABASE_URL is set (CI's
 * second pass), else a PGlite copied from the migrated template (test/support/pglite-template.ts).
 * Migrated either way; `close()` removes it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
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
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
