import { handlesTableEvent, normalizeRow, normalizeTableName, type ObjectValue, type TableEvent, type TableStore } from '../basic-interpreter/index.js';
import type { EngineBot, EngineContext } from './engine-context.js';
import { JOB_NAMES } from './engine-context.js';

/** Data of a `dialog.triggered` job: one handler script to run for one change of a bot table. */
export interface TriggeredRun {
  bot: string;
  script: string;
  table: string;
  event: TableEvent;
  /** The row inserted, or the columns an UPDATE set; null for a DELETE. */
  row: ObjectValue | null;
  /** How many rows the change touched. */
  count: number;
  /** How many handler runs led to this one: 1 when a conversation or a schedule made the change. */
  depth: number;
}

/**
 * How deep handler runs may set off further handler runs. A change made by a run this deep
 * starts none (and says so in the log), so a handler that writes its own table cannot loop.
 */
export const MAX_TRIGGER_DEPTH = 3;

/**
 * The bot's tables as a script run sees them, telling each change that was made (the store's
 * statement has committed when its promise resolves) to the scripts that declared
 * `ON INSERT/UPDATE/DELETE OF` that table (docs/basic.md, "Event handlers"): each gets a
 * `dialog.triggered` job, so it runs off the run that made the change. `depth` is how many
 * handler runs led to the run writing here (0 for a conversation or a schedule).
 */
export function watchTableChanges(ctx: EngineContext, bot: EngineBot, tables: TableStore, depth: number): TableStore {
  const changed = (event: TableEvent, table: string, row: ObjectValue | null, count: number): Promise<void> =>
    enqueueHandlers(ctx, bot, { table: normalizeTableName(table), event, row, count }, depth + 1);
  return {
    find: (table, conditions) => tables.find(table, conditions),
    count: (table, conditions) => tables.count(table, conditions),
    async insert(table, row) {
      await tables.insert(table, row);
      await changed('insert', table, normalizeRow(row), 1);
    },
    async insertMany(table, rows, options) {
      const added = await tables.insertMany(table, rows, options);
      if (added > 0) for (const row of rows) await changed('insert', table, normalizeRow(row), 1);
      return added;
    },
    async update(table, conditions, values) {
      const count = await tables.update(table, conditions, values);
      if (count > 0) await changed('update', table, normalizeRow(values), count);
      return count;
    },
    async delete(table, conditions) {
      const count = await tables.delete(table, conditions);
      if (count > 0) await changed('delete', table, null, count);
      return count;
    },
  };
}

type Change = Pick<TriggeredRun, 'table' | 'event' | 'row' | 'count'>;

/** One job per script of the bot that handles the change. */
async function enqueueHandlers(ctx: EngineContext, bot: EngineBot, change: Change, depth: number): Promise<void> {
  const handlers = bot.dialogs.names().filter((name) => {
    const script = bot.dialogs.get(name);
    return script !== undefined && handlesTableEvent(script, change.event, change.table);
  });
  if (handlers.length === 0) return;
  const log = { bot: bot.name, table: change.table, event: change.event, scripts: handlers };
  if (depth > MAX_TRIGGER_DEPTH) {
    ctx.logger.warn(log, `table trigger not run: the change was made by a handler ${MAX_TRIGGER_DEPTH} runs deep`);
    return;
  }
  for (const script of handlers) {
    const run: TriggeredRun = { bot: bot.name, script, ...change, depth };
    // The change has committed: a failure to enqueue is the log's, not the script's that wrote.
    await ctx.jobs.add(JOB_NAMES.triggered, run).catch((error: unknown) => {
      ctx.logger.error({ ...log, script, err: error }, `table trigger not enqueued: ${(error as Error).message}`);
    });
  }
}
