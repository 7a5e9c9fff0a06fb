import { startDialog, turnLimitsFrom, type EffectHost, type TurnResult, type Value } from '../basic-interpreter/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';

/** One run of a script with no conversation: which script, its host and preset variables. */
export interface BackgroundRun {
  script: string;
  host: EffectHost;
  variables: Record<string, Value>;
  /** Names the kind of run in the log. */
  what: string;
  /** Start at the script's `ON FORM SUBMIT "form"` block. */
  form?: string;
  /** Give the script's top-level variables with the result (a WEBHOOK's `result_*`). */
  keepVariables?: boolean;
}

/**
 * One run of a bot script with no conversation (a SET SCHEDULE run, a table trigger's handler, a
 * WEBHOOK or form request): its TALK output is only logged, and a HEAR or WAIT ends the run
 * (nothing could resume it). Failures are logged here; the result is the caller's to answer with.
 */
export async function runBackgroundScript(ctx: HostContext, bot: ScriptBot, run: BackgroundRun): Promise<TurnResult> {
  const log = { bot: bot.name, script: run.script };
  const result = await startDialog({
    library: bot.dialogs,
    host: run.host,
    limits: turnLimitsFrom(bot.config),
    now: ctx.now,
    entry: run.script,
    variables: { ...bot.params, bot: bot.name, channel: '', ...run.variables },
    ...(run.form === undefined ? {} : { form: run.form }),
    ...(run.keepVariables ? { keepVariables: true } : {}),
  });
  if (result.outputs.length) ctx.logger.debug({ ...log, outputs: result.outputs.map((o) => o.text) }, `${run.what} output (no customer)`);
  switch (result.status) {
    case 'done':
      break;
    case 'error':
      ctx.logger.warn({ ...log, file: result.error.file, line: result.error.line }, `${run.what} failed: ${result.error.message}`);
      break;
    case 'waiting':
    case 'sleeping':
      ctx.logger.warn({ ...log, status: result.status }, `${run.what} stopped at HEAR or WAIT: there is no conversation to resume it`);
  }
  return result;
}
