/**
 * The legacy attendant list at a bot package's root (`attendant.csv`), imported onto attendant
 * profiles each time the package loads (import-attendants.ts). A bad file is reported and skipped.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../infra/logger.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { parseAttendantCsv } from './attendant-csv.js';
import { importAttendants } from './import-attendants.js';

/** Where a bot package keeps its legacy attendant list. */
export const ATTENDANT_FILE = 'attendant.csv';

export async function importAttendantFile(bot: { name: string; dir: string }, deps: { repos: AttendanceRepositories; logger: Logger }): Promise<void> {
  const { logger } = deps;
  const file = path.join(bot.dir, ATTENDANT_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return;
  try {
    const { imported, unmatched } = await importAttendants({ repos: deps.repos }, parseAttendantCsv(text, file));
    logger.info({ bot: bot.name, imported: imported.length }, `${ATTENDANT_FILE} imported onto attendant profiles`);
    if (unmatched.length) {
      logger.warn({ bot: bot.name, unmatched }, `${ATTENDANT_FILE}: no user for ${unmatched.join(', ')} (match is by username = id, or email); create the users and restart`);
    }
  } catch (error) {
    logger.error({ bot: bot.name, err: error }, `${ATTENDANT_FILE} not imported: ${(error as Error).message}`);
  }
}
