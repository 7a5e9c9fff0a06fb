import { startDialog, turnLimitsFrom, type EffectHost, type Value } from '../basic-interpreter/index.js';
import type { EngineBot, EngineContext } from './engine-context.js';

/**
 * One run of a bot script with no conversation (a SET SCHEDULE run, a table trigger's handler):
 * its TALK output is only logged, and a HEAR or WAIT ends the run (nothing could resume it).
 * `what` names the kind of run in the log.
 */
export async function runBackgroundScript(
  ctx: EngineContext,
  bot: EngineBot,
  run: { script: string; host: EffectHost; variables: Record<string, Value>; what: string },
): Promise<void> {
  const log = { bot: bot.name, script: run.script };
  const result = await startDialog({
    library: bot.dialogs,
    host: run.host,
    limits: turnLimitsFrom(bot.config),
    now: ctx.now,
    entry: run.script,
    variables: { ...bot.params, bot: bot.name, channel: '', ...run.variables },
  });
  if (result.outputs.length) ctx.logger.debug({ ...log, outputs: result.outputs.map((o) => o.text) }, `${run.what} output (no customer)`);
  switch (result.status) {
    case 'done':
      return;
    case 'error':
      ctx.logger.warn({ ...log, file: result.error.file, line: result.error.line }, `${run.what} failed: ${result.error.message}`);
      return;
    case 'waiting':
    case 'sleeping':
      ctx.logger.warn({ ...log, status: result.status }, `${run.what} stopped at HEAR or WAIT: there is no conversation to resume it`);
  }
}
