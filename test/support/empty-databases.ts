import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { createScratchDatabase, postgresUrlForTests } from './postgres.js';

/** A database with no migration run yet, and how to throw it away. */
export interface EmptyDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * Openers of an empty database on each driver, named for `describe.each`: PGlite always, and a
 * scratch PostgreSQL database when a server answers (left out with a warning only when none does
 * and REQUIRE_SERVICES is unset). For the suites that run the migrations themselves.
 */
export async function emptyDatabaseDrivers(): Promise<[string, () => Promise<EmptyDatabase>][]> {
  const drivers: [string, () => Promise<EmptyDatabase>][] = [
    ['pglite', async () => {
      const handle = await openDatabase({});
      return { handle, dispose: () => handle.close() };
    }],
  ];
  const postgresServer = await postgresUrlForTests();
  if (postgresServer) {
    drivers.push(['postgres', async () => {
      const scratch = await createScratchDatabase(postgresServer);
      const handle = await openDatabase({ databaseUrl: scratch.url });
      return { handle, dispose: async () => { await handle.close(); await scratch.drop(); } };
    }]);
  }
  return drivers;
}
