import type { HostContext } from './script-host-context.js';
import { createTriggeredHost } from './effect-host.js';
import { runBackgroundScript } from './run-background-script.js';
import type { TriggeredJob } from './table-triggers.js';

/**
 * Starts after which a pending run is given up (logged and removed): one that keeps stopping its
 * process, or keeps failing to finish, must not come back at every start-up.
 */
export const MAX_TRIGGER_RUN_STARTS = 5;

/**
 * The `dialog.triggered` job: one run of a script that declared `ON <event> OF "<table>"`, after
 * such a change (docs/basic.md, "Event handlers"), read from its pending row and removed from it
 * once done. It runs like a SET SCHEDULE run, with the change in TRIGGER_TABLE, TRIGGER_OPERATION
 * (INSERT, UPDATE or DELETE), TRIGGER_ROW (the row inserted, or the columns an UPDATE set),
 * TRIGGER_ROW_ID (that row's `id` column) and TRIGGER_COUNT (rows touched). A job whose run is no
 * longer pending (an earlier job finished it) does nothing.
 */
export async function runTriggeredScript(ctx: HostContext, job: TriggeredJob): Promise<void> {
  if (typeof job.run_id !== 'string') {
    ctx.logger.warn({ job }, 'table trigger job without a run id skipped (enqueued by an older version)');
    return;
  }
  const run = await ctx.repos.triggerRuns.claim(job.run_id);
  if (!run) return;
  const what = `ON ${run.event.toUpperCase()} OF "${run.table_name}" run`;
  const log = { bot: run.bot, script: run.script, run: run.id };
  const bot = ctx.bots(run.bot);
  if (!bot) {
    ctx.logger.warn(log, 'table trigger skipped: the bot is not loaded');
  } else if (run.attempts > MAX_TRIGGER_RUN_STARTS) {
    ctx.logger.error({ ...log, attempts: run.attempts }, `${what} given up: started ${MAX_TRIGGER_RUN_STARTS} times without finishing`);
  } else {
    const variables = {
      trigger_table: run.table_name,
      trigger_operation: run.event.toUpperCase(),
      trigger_row: run.row,
      trigger_row_id: run.row?.id ?? null,
      trigger_count: run.count,
    };
    await runBackgroundScript(ctx, bot, { script: run.script, host: createTriggeredHost(ctx, bot, run.depth), variables, what });
  }
  await ctx.repos.triggerRuns.settle(run.id);
}
