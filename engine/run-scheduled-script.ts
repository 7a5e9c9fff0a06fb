import { startDialog, turnLimitsFrom } from '../basic-interpreter/index.js';
import type { EngineContext } from './engine-context.js';
import { createScheduledHost } from './engine-host.js';
import type { ScheduledRun } from './schedule-script.js';

/**
 * The `dialog.scheduled` job: one run of a script on its SET SCHEDULE. There is no customer, so
 * its TALK output is only logged, and a HEAR or WAIT ends the run (nothing to resume it with).
 */
export async function runScheduledScript(ctx: EngineContext, run: ScheduledRun): Promise<void> {
  const bot = ctx.bots(run.bot);
  const log = { bot: run.bot, script: run.script };
  if (!bot) {
    ctx.logger.warn(log, 'scheduled script skipped: the bot is not loaded');
    return;
  }
  const result = await startDialog({
    library: bot.dialogs,
    host: createScheduledHost(ctx, bot),
    limits: turnLimitsFrom(bot.config),
    now: ctx.now,
    entry: run.script,
    variables: { ...bot.params, bot: bot.name, channel: '', scheduled: true },
  });
  if (result.outputs.length) ctx.logger.debug({ ...log, outputs: result.outputs.map((o) => o.text) }, 'scheduled run output (no customer)');
  switch (result.status) {
    case 'done':
      return;
    case 'error':
      ctx.logger.warn({ ...log, file: result.error.file, line: result.error.line }, `scheduled run failed: ${result.error.message}`);
      return;
    case 'waiting':
    case 'sleeping':
      ctx.logger.warn({ ...log, status: result.status }, 'scheduled run stopped at HEAR or WAIT: there is no conversation to resume it');
  }
}
