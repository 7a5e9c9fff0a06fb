import type { EngineContext } from './engine-context.js';
import { createTriggeredHost } from './engine-host.js';
import { runBackgroundScript } from './run-background-script.js';
import type { TriggeredRun } from './table-triggers.js';

/**
 * The `dialog.triggered` job: one run of a script that declared `ON <event> OF "<table>"`, after
 * such a change (docs/basic.md, "Event handlers"). It runs like a SET SCHEDULE run, with the
 * change in TRIGGER_TABLE, TRIGGER_OPERATION (INSERT, UPDATE or DELETE), TRIGGER_ROW (the row
 * inserted, or the columns an UPDATE set), TRIGGER_ROW_ID (that row's `id` column) and
 * TRIGGER_COUNT (rows touched).
 */
export async function runTriggeredScript(ctx: EngineContext, run: TriggeredRun): Promise<void> {
  const bot = ctx.bots(run.bot);
  if (!bot) {
    ctx.logger.warn({ bot: run.bot, script: run.script }, 'table trigger skipped: the bot is not loaded');
    return;
  }
  const variables = {
    trigger_table: run.table,
    trigger_operation: run.event.toUpperCase(),
    trigger_row: run.row,
    trigger_row_id: run.row?.id ?? null,
    trigger_count: run.count,
  };
  await runBackgroundScript(ctx, bot, { script: run.script, host: createTriggeredHost(ctx, bot, run.depth), variables, what: `ON ${run.event.toUpperCase()} OF "${run.table}" run` });
}
