import path from 'node:path';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { HOST_JOBS } from './script-host-context.js';

/**
 * SET SCHEDULE date, "script.bas": one run of that script of the bot at `at` (right away when it
 * has passed); saying it again for the same script and time adds no second run.
 */
export async function scheduleScriptOnce(ctx: HostContext, bot: ScriptBot, scriptFile: string, at: string): Promise<void> {
  const script = path.basename(scriptFile, path.extname(scriptFile)).toLowerCase();
  const data: ScheduledRun = { bot: bot.name, script };
  const delay = Math.max(0, Date.parse(at) - Date.now());
  await ctx.jobs.add(HOST_JOBS.scheduled, data, { delay, jobId: `once-${bot.id}-${script.replace(/[^a-z0-9_-]/g, '_')}-${Date.parse(at)}` });
}

/** Data of a `dialog.scheduled` job: which script of which bot to run. */
export interface ScheduledRun {
  bot: string;
  script: string;
}

/**
 * SET SCHEDULE "cron": runs the script that said it on that schedule (cron in UTC), one
 * schedule per bot and script — saying it again replaces it. An invalid cron expression is a
 * runtime error of the script.
 */
export async function scheduleScript(ctx: HostContext, bot: ScriptBot, scriptFile: string, cron: string): Promise<void> {
  const script = path.basename(scriptFile, path.extname(scriptFile)).toLowerCase();
  const data: ScheduledRun = { bot: bot.name, script };
  try {
    await ctx.jobs.schedule(`script-${bot.id}-${script.replace(/[^a-z0-9_-]/g, '_')}`, HOST_JOBS.scheduled, { cron }, data);
  } catch (error) {
    throw new Error(`SET SCHEDULE: ${(error as Error).message}`, { cause: error });
  }
}
