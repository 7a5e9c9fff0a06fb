import path from 'node:path';
import type { ProcessSettings } from '../config/index.js';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { DomainError } from '../infra/errors.js';
import type { CliIo } from './run-command.js';

/**
 * Runs an operator command on the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR), migrated first and always closed; a domain error is printed and exits 1.
 */
export async function withDatabase(settings: ProcessSettings, io: CliIo, work: (database: DatabaseHandle) => Promise<number>): Promise<number> {
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, pgliteDir: path.join(settings.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    return await work(database);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}
