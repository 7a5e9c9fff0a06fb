/**
 * A bot package's scripts at start-up (docs/basic.md): its dialogs compiled now, so broken
 * scripts are reported before the first customer meets them; endpoints two scripts both declare
 * reported; its `.gbdata` tables seeded once, while they are still empty.
 */
import path from 'node:path';
import type { TableStore } from '../basic-interpreter/index.js';
import type { Logger } from '../infra/logger.js';
import { seedTablesFromCsv } from './host/seed-tables.js';
import { ScriptFolder } from './host/script-folder.js';
import { endpointConflicts } from './script-endpoints.js';

export async function loadBotScripts(bot: { name: string; dir: string }, deps: { tables: TableStore; logger: Logger }): Promise<ScriptFolder> {
  const { logger } = deps;
  const dialogs = new ScriptFolder(path.join(bot.dir, `${bot.name}.gbdialog`), (file, errors) =>
    logger.error({ bot: bot.name, file }, `script not loaded:\n${errors.join('\n\n')}`),
  );
  const { loaded } = dialogs.loadAll();
  // Two scripts declaring one WEBHOOK or form name: that endpoint answers no request (docs/basic.md, "Webhooks and forms").
  for (const conflict of endpointConflicts({ dialogs })) logger.error({ bot: bot.name }, `bot "${bot.name}": ${conflict}`);
  try {
    const seeded = await seedTablesFromCsv(bot.dir, deps.tables, { onlyIfEmpty: true });
    const filled = seeded.filter((t) => t.inserted > 0).map((t) => t.table);
    if (filled.length) logger.info({ bot: bot.name, tables: filled }, 'tables seeded from .gbdata');
  } catch (error) {
    // Bad seed data leaves the tables as they are; the bot's dialogs still run.
    logger.error({ bot: bot.name, err: error }, `tables not seeded: ${(error as Error).message}`);
  }
  logger.info({ bot: bot.name, scripts: loaded }, `bot "${bot.name}" ready`);
  return dialogs;
}
