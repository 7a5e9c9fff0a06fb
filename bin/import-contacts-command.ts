import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadBotConfig, type ProcessSettings } from '../config/index.js';
import { createCrmApi, IMPORT_FIELDS, parseMapping } from '../crm/index.js';
import { createBotsRepo, createCrmRepo } from '../db/index.js';
import { createLogger } from '../infra/logger.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage: switchboard import contacts <file.csv> --bot <name> [--map column=field ...] [--dry-run]

  Adds the rows to the bot's CRM; a row whose phone or email the bot already has updates that contact.
  Headers naming a field (or first name, e-mail, mobile…) need no --map; fields: ${IMPORT_FIELDS.join(', ')},
  custom.<key>, or ignore. Phones without + are read in the bot's crm-default-country.
  Prints a JSON report (created, updated, rejected rows with their lines); exits 1 when a row was rejected.`;

/**
 * `switchboard import contacts` (docs/crm.md, "Import and export"): the file streamed into the
 * import use case, a progress bar over its bytes on a terminal, the JSON report on stdout.
 */
export async function importContactsCommand(argv: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { bot: { type: 'string' }, map: { type: 'string', multiple: true }, 'dry-run': { type: 'boolean', default: false } },
    });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  const botName = parsed.values.bot;
  if (!file || rest.length || !botName) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const logger = createLogger({ level: 'warn' });
  const { config } = await loadBotConfig(path.join(settings.BOTS_DIR, `${botName}.gbai`, `${botName}.gbot`, 'config.csv'), logger);
  const { size } = await stat(file);
  return withDatabase(settings, io, async (database) => {
    const botRow = await createBotsRepo(database.db).findByName(botName);
    if (!botRow) {
      io.stderr.write(`No bot "${botName}" in the database: start the service once with it in BOTS_DIR.\n`);
      return 1;
    }
    const bot = { id: botRow.id, name: botName, config };
    const crm = createCrmApi({ stores: createCrmRepo(database.db), bots: { all: [bot], find: (ref) => (ref === bot.id || ref === bot.name ? bot : undefined) } });
    const source = createReadStream(file);
    const tty = (io.stderr as NodeJS.WriteStream).isTTY === true;
    const bar = tty ? new cliProgress.SingleBar({ stream: io.stderr, format: 'contacts {bar} {percentage}% | {rows} rows' }, cliProgress.Presets.shades_classic) : undefined;
    bar?.start(size, 0, { rows: 0 });
    const report = await crm.contacts.import({
      bot: botName, source, mapping: parseMapping(parsed.values.map ?? []), dryRun: parsed.values['dry-run'],
      onProgress: (p) => bar?.update(source.bytesRead, { rows: p.rows }),
    });
    bar?.update(size, { rows: report.rows });
    bar?.stop();
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.rejected_count ? 1 : 0;
  });
}
