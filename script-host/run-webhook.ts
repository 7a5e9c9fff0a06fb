import { NotFoundError, ScriptFailedError, UnauthorizedError } from '../infra/errors.js';
import { runWebhookScript } from './call-webhook.js';
import { admitEndpointRequest } from './endpoint-guard.js';
import { formFields, headerOf, parseBody, scriptHeaders, secretProof, SIGNATURE_HEADER, type RequestHeaders } from './endpoint-request.js';
import type { HostContext } from './script-host-context.js';
import { createEndpointHost } from './effect-host.js';
import type { ScriptWebhookAnswer } from './webhook-answer.js';

/** A request to `/api/{bot}/webhook/{name}`, as the HTTP route received it. */
export interface WebhookRequest {
  bot: string;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as requested, without the query. */
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: RequestHeaders;
  /** The body's bytes as received: the signature is over them. */
  rawBody: Buffer;
  /** Who is calling, for the rate limit. */
  clientAddress: string;
}

/**
 * One request to a bot's WEBHOOK script (docs/basic.md, "Webhooks and forms"): the bot and the
 * rate limit, the bot's `webhook-secret` when it has one, the script (404 when no script declares
 * the name), then its run — the answer waits for it, within the bot's turn limits. A run that
 * fails is a 500 that names nothing of the script; the log has the error.
 */
export async function runWebhook(ctx: HostContext, request: WebhookRequest): Promise<ScriptWebhookAnswer> {
  const bot = await admitEndpointRequest(ctx, request.bot, request.clientAddress);
  const secret = bot.config['webhook-secret'];
  const proof = secret === undefined ? undefined : secretProof(secret, request.headers, request.rawBody);
  if (secret !== undefined && proof === undefined) {
    throw new UnauthorizedError(`This webhook needs the bot's secret: Authorization: Bearer <secret>, or ${SIGNATURE_HEADER}: sha256=<HMAC-SHA256 of the body>`);
  }
  const input = {
    params: formFields(request.query),
    body: parseBody(request.rawBody, headerOf(request.headers, 'content-type')),
    // The script never sees the credential that let the request in.
    headers: scriptHeaders(request.headers, proof === 'bearer' ? ['authorization'] : []),
    method: request.method,
    path: request.path,
  };
  const outcome = await runWebhookScript(ctx, bot, request.name, input, createEndpointHost(ctx, bot, 0));
  switch (outcome.kind) {
    case 'answered':
      return outcome.answer;
    case 'unknown':
      throw new NotFoundError(`Bot "${bot.name}" has no webhook "${request.name}"`, 'webhook_not_found');
    case 'ambiguous':
    case 'failed':
      throw new ScriptFailedError('The webhook\'s script failed; the error is in the service log');
  }
}
