import type { HostContext } from './script-host-context.js';
import { createScheduledHost } from './effect-host.js';
import { runBackgroundScript } from './run-background-script.js';
import type { ScheduledRun } from './schedule-script.js';

/**
 * The `dialog.scheduled` job: one run of a script on its SET SCHEDULE. There is no customer, so
 * its TALK output is only logged, and a HEAR or WAIT ends the run (nothing to resume it with).
 */
export async function runScheduledScript(ctx: HostContext, run: ScheduledRun): Promise<void> {
  const bot = ctx.bots(run.bot);
  if (!bot) {
    ctx.logger.warn({ bot: run.bot, script: run.script }, 'scheduled script skipped: the bot is not loaded');
    return;
  }
  await runBackgroundScript(ctx, bot, { script: run.script, host: createScheduledHost(ctx, bot), variables: { scheduled: true }, what: 'scheduled run' });
}
