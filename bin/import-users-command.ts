import { readFile } from 'node:fs/promises';
import cliProgress from 'cli-progress';
import type { ProcessSettings } from '../config/index.js';
import { createUsersRepo } from '../db/index.js';
import { importUsers, parseUsersCsv, USER_CSV_COLUMNS } from '../identity/index.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage: switchboard import users <file.csv>

  Creates or updates one user per row; re-running the file never duplicates anyone.
  Columns (header line, any order): ${USER_CSV_COLUMNS.join(', ')} — only email is required.
  Prints a JSON summary with the rows that failed; exits 1 when any row failed.`;

/**
 * `switchboard import users <file.csv>` (docs/migration/identity.md, "CSV import"): a progress
 * bar on stderr when it is a terminal, the JSON report on stdout.
 */
export async function importUsersCommand(args: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const text = await readFile(file, 'utf8');
  return withDatabase(settings, io, async (database) => {
    const rows = parseUsersCsv(text);
    const tty = (io.stderr as NodeJS.WriteStream).isTTY === true;
    const bar = tty ? new cliProgress.SingleBar({ stream: io.stderr, format: 'users {bar} {value}/{total}' }, cliProgress.Presets.shades_classic) : undefined;
    bar?.start(rows.length, 0);
    const report = await importUsers({ users: createUsersRepo(database.db) }, rows, (done) => bar?.update(done));
    bar?.stop();
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.failed ? 1 : 0;
  });
}
