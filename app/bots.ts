import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkWorkchatSettings } from '../adapters/index.js';
import { importAttendants, parseAttendantCsv } from '../attendance/index.js';
import { loadBotPackages, type LoadedBotPackage } from '../config/index.js';
import { createAttendanceRepositories, createBotDataRepo, createBotsRepo, type DatabaseHandle } from '../db/index.js';
import { endpointConflicts, ScriptFolder, seedTablesFromCsv } from '../script-host/index.js';
import type { Logger } from '../infra/logger.js';
import { workchatSettingsOf } from './channel-settings.js';

/** A loaded bot package with its database row and its dialogs (re-read when a .bas file changes). */
export interface RunnableBot extends LoadedBotPackage {
  readonly id: string;
  readonly dialogs: ScriptFolder;
}

/**
 * Loads every bot package: config, database row, dialogs (compiled now so broken scripts are
 * reported at start-up), `.gbdata` tables (seeded once, when still empty) and a legacy
 * `attendant.csv` (imported onto attendant profiles at every load). In production
 * (`options.production`) a bot whose channel settings would accept unsigned requests is not
 * loaded (workchat without an app id: docs/channels/workchat.md); elsewhere it loads with a warning.
 */
export async function prepareBots(botsDir: string, database: DatabaseHandle, logger: Logger, options: { production?: boolean } = {}): Promise<RunnableBot[]> {
  const { bots } = await loadBotPackages(botsDir, logger);
  const botsRepo = createBotsRepo(database.db);
  const botData = createBotDataRepo(database.db);
  const ready: RunnableBot[] = [];
  for (const bot of bots) {
    const workchat = checkWorkchatSettings(workchatSettingsOf(bot.config), options.production ?? false);
    if (workchat.kind === 'refuse') {
      logger.error({ bot: bot.name }, `bot "${bot.name}" not loaded: ${workchat.message}`);
      continue;
    }
    if (workchat.kind === 'warn') logger.warn({ bot: bot.name }, `WARNING bot "${bot.name}": ${workchat.message} (refused in production)`);
    const { id } = await botsRepo.ensure(bot.name);
    const dialogs = new ScriptFolder(path.join(bot.dir, `${bot.name}.gbdialog`), (file, errors) =>
      logger.error({ bot: bot.name, file }, `script not loaded:\n${errors.join('\n\n')}`),
    );
    const { loaded } = dialogs.loadAll();
    // Two scripts declaring one WEBHOOK or form name: that endpoint answers no request (docs/basic.md, "Webhooks and forms").
    for (const conflict of endpointConflicts({ dialogs })) {
      logger.error({ bot: bot.name }, `bot "${bot.name}": ${conflict}`);
    }
    try {
      const seeded = await seedTablesFromCsv(bot.dir, botData.tables(id), { onlyIfEmpty: true });
      const filled = seeded.filter((t) => t.inserted > 0).map((t) => t.table);
      if (filled.length) logger.info({ bot: bot.name, tables: filled }, 'tables seeded from .gbdata');
    } catch (error) {
      // Bad seed data leaves the tables as they are; the bot's dialogs still run.
      logger.error({ bot: bot.name, err: error }, `tables not seeded: ${(error as Error).message}`);
    }
    await loadAttendantFile(bot, database, logger);
    logger.info({ bot: bot.name, scripts: loaded }, `bot "${bot.name}" ready`);
    ready.push({ ...bot, id, dialogs });
  }
  logger.info({ bots: ready.map((b) => b.name), dir: botsDir }, `${ready.length} bot(s) loaded`);
  return ready;
}


/** Legacy attendant definitions at the package root; a bad file is reported and skipped. */
async function loadAttendantFile(bot: LoadedBotPackage, database: DatabaseHandle, logger: Logger): Promise<void> {
  const file = path.join(bot.dir, ATTENDANT_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return;
  try {
    const { imported, unmatched } = await importAttendants({ repos: createAttendanceRepositories(database.db) }, parseAttendantCsv(text, file));
    logger.info({ bot: bot.name, imported: imported.length }, `${ATTENDANT_FILE} imported onto attendant profiles`);
    if (unmatched.length) {
      logger.warn({ bot: bot.name, unmatched }, `${ATTENDANT_FILE}: no user for ${unmatched.join(', ')} (match is by username = id, or email); create the users and restart`);
    }
  } catch (error) {
    logger.error({ bot: bot.name, err: error }, `${ATTENDANT_FILE} not imported: ${(error as Error).message}`);
  }
}

/** Where a bot package keeps its legacy attendant list. */
export const ATTENDANT_FILE = 'attendant.csv';

/** The loaded bots, by id or by name: the one look-up every area's wiring goes through. */
export interface BotRegistry {
  readonly all: readonly RunnableBot[];
  /** A bot by its id or its name (ports of areas that were handed either). */
  find(idOrName: string): RunnableBot | undefined;
  /** A bot by its name only: what public addresses name (`/api/channels/web/{bot}`, `/webhooks/{channel}/{bot}`). */
  named(name: string): RunnableBot | undefined;
}

export function createBotRegistry(bots: readonly RunnableBot[]): BotRegistry {
  const byName = new Map(bots.map((b) => [b.name, b]));
  const byId = new Map(bots.map((b) => [b.id, b]));
  return {
    all: bots,
    find: (idOrName) => byId.get(idOrName) ?? byName.get(idOrName),
    named: (name) => byName.get(name),
  };
}
