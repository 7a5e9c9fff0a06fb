/**
 * A bot package's scripts at start-up (docs/basic.md): its dialogs compiled now, so broken
 * scripts are reported before the first customer meets them; endpoints two scripts both declare
 * reported; its `TABLE` definitions gathered and applied to the rows (docs/basic.md, "Table
 * definitions"); its `.gbdata` tables seeded once, while they are still empty.
 */
import path from 'node:path';
import {
  applyTableDefinitions, defineTables, gatherTableDefinitions, tablesOf, type TableChangeReport, type TableStore,
} from '../basic-interpreter/index.js';
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
  const { definitions, problems } = gatherTableDefinitions(dialogs.names().flatMap((name) => {
    const script = dialogs.get(name);
    return script ? [{ file: `${name}.bas`, ...tablesOf(script) }] : [];
  }));
  dialogs.tables = definitions;
  for (const problem of problems) logger.error({ bot: bot.name }, `bot "${bot.name}": ${problem}`);
  const tables = defineTables(deps.tables, definitions);
  try {
    const seeded = await seedTablesFromCsv(bot.dir, tables, { onlyIfEmpty: true });
    const filled = seeded.filter((t) => t.inserted > 0).map((t) => t.table);
    if (filled.length) logger.info({ bot: bot.name, tables: filled }, 'tables seeded from .gbdata');
  } catch (error) {
    // Bad seed data leaves the tables as they are; the bot's dialogs still run.
    logger.error({ bot: bot.name, err: error }, `tables not seeded: ${(error as Error).message}`);
  }
  if (definitions.tables.size > 0) {
    try {
      const reports = await applyTableDefinitions(tables, definitions);
      logger.info({ bot: bot.name, tables: reports }, `tables defined: ${reports.map(describeTableReport).join('; ')}`);
    } catch (error) {
      logger.error({ bot: bot.name, err: error }, `table definitions not applied: ${(error as Error).message}`);
    }
  }
  logger.info({ bot: bot.name, scripts: loaded }, `bot "${bot.name}" ready`);
  return dialogs;
}

/** `leads (12 columns, 3 rows; status filled in 2)`: one table's line of the start-up report. */
export function describeTableReport(report: TableChangeReport): string {
  const filled = Object.entries(report.filled).map(([column, rows]) => `${column} filled in ${rows}`);
  return `${report.table} (${report.columns} columns, ${report.rows} rows${filled.length ? `; ${filled.join(', ')}` : ''})`;
}
