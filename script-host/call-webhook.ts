import type { EffectHost, Value } from '../basic-interpreter/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { runBackgroundScript } from './run-background-script.js';
import { webhookScripts } from './script-endpoints.js';
import { webhookAnswer, type ScriptWebhookAnswer } from './webhook-answer.js';

/**
 * How many CALL "/name" runs may be nested: a WEBHOOK that calls itself stops there instead of
 * running until the turn's time limit.
 */
export const MAX_WEBHOOK_CALL_DEPTH = 3;

/** What a WEBHOOK script is run with: its request, as `params`, `body`, `headers`, `method`, `path`. */
export interface WebhookInput {
  params: Record<string, Value>;
  body: Value;
  headers: Record<string, Value>;
  method: string;
  path: string;
}

/** Why a WEBHOOK run gave no answer: no script, two scripts, or the script failed (logged). */
export type WebhookOutcome =
  | { kind: 'answered'; answer: ScriptWebhookAnswer }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; scripts: string[] }
  | { kind: 'failed'; message: string };

/**
 * Runs the bot's WEBHOOK script `name` once with `input`, as a run without a conversation
 * (script-host/run-background-script.ts), and builds its answer (webhook-answer.ts). Shared by the
 * HTTP endpoint and CALL "/name".
 */
export async function runWebhookScript(ctx: HostContext, bot: ScriptBot, name: string, input: WebhookInput, host: EffectHost): Promise<WebhookOutcome> {
  const scripts = webhookScripts(bot, name);
  if (scripts.length === 0) return { kind: 'unknown' };
  if (scripts.length > 1) {
    ctx.logger.error({ bot: bot.name, webhook: name, scripts }, `WEBHOOK "${name}" is declared by ${scripts.length} scripts: not run`);
    return { kind: 'ambiguous', scripts };
  }
  const result = await runBackgroundScript(ctx, bot, {
    script: scripts[0]!, host, what: `WEBHOOK "${name}" run`, keepVariables: true,
    variables: { params: input.params, body: input.body, headers: input.headers, method: input.method, path: input.path },
  });
  switch (result.status) {
    case 'done':
      return { kind: 'answered', answer: webhookAnswer(result.value, result.variables ?? {}) };
    case 'error':
      return { kind: 'failed', message: `${result.error.message} (${result.error.file}:${result.error.line})` };
    case 'waiting':
    case 'sleeping':
      return { kind: 'failed', message: 'it stopped at HEAR or WAIT, which need a conversation' };
  }
}

/**
 * CALL "/name" [, body] from a running script: the same bot's WEBHOOK script, in process, with
 * `params` from the query written after the name, the body given (method POST; GET without one)
 * and no headers. The value is its answer's body; an answer of status 400 or more is
 * `{status, error, body}`, as the HTTP keywords give a failed call. No such endpoint, or a run
 * that fails, is a runtime error of the CALL line.
 */
export async function callWebhook(
  ctx: HostContext,
  bot: ScriptBot,
  call: { name: string; params: Record<string, string>; body: Value },
  depth: number,
  host: EffectHost,
): Promise<Value> {
  const what = `CALL "/${call.name}"`;
  if (depth > MAX_WEBHOOK_CALL_DEPTH) throw new Error(`${what}: calls of webhooks nested deeper than ${MAX_WEBHOOK_CALL_DEPTH}`);
  const input: WebhookInput = {
    params: call.params, body: call.body, headers: {}, method: call.body === null ? 'GET' : 'POST',
    path: `/api/${bot.name}/webhook/${call.name}`,
  };
  const outcome = await runWebhookScript(ctx, bot, call.name, input, host);
  switch (outcome.kind) {
    case 'unknown':
      throw new Error(`${what}: no script of this bot declares WEBHOOK "${call.name}"`);
    case 'ambiguous':
      throw new Error(`${what}: WEBHOOK "${call.name}" is declared by ${outcome.scripts.join(' and ')}`);
    case 'failed':
      throw new Error(`${what} failed: ${outcome.message}`);
    case 'answered': {
      const { status, body } = outcome.answer;
      if (status < 400) return body;
      const error = typeof body === 'object' && body !== null && !Array.isArray(body) && typeof body.error === 'string' ? body.error : `HTTP ${status}`;
      return { status, error, body };
    }
  }
}
