import type { Request } from 'express';
import { z } from 'zod';
import type { FormAnswer, FormSubmission, ScriptWebhookAnswer, WebhookRequest } from '../../script-host/index.js';
import { defineRoute } from '../route.js';

/** The bots' WEBHOOK scripts and forms, as the script host answers them (script-host/run-webhook.ts, script-host/submit-form.ts). */
export interface ScriptEndpoints {
  runWebhook(request: WebhookRequest): Promise<ScriptWebhookAnswer>;
  submitForm(submission: FormSubmission): Promise<FormAnswer>;
}

/** Where the two entry points live; their bodies are read raw (app.ts): a signature is over the bytes. */
export const WEBHOOK_PATH = '/api/:bot/webhook/:name';
export const FORM_PATH = '/api/:bot/forms/:form';

const Name = z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, - and _, starting with a letter or digit');
const BotName = z.string().min(1).max(100).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'a bot name');
const WebhookParams = z.object({ bot: BotName, name: Name });
const FormParams = z.object({ bot: BotName, form: Name });
const AnyJson = z.unknown().meta({ description: 'What the script answered (docs/basic.md, "Webhooks and forms")' });
const FormAck = z.object({
  success: z.literal(true),
  form: z.string(),
  messages: z.array(z.string()).meta({ description: 'What the form\'s block said with TALK' }),
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The query as the script reads it: every name, a list when given twice (nothing here to validate). */
function queryOf(req: Request): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}

function rawBody(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

/**
 * `/api/{bot}/webhook/{name}` (any of GET, POST, PUT, PATCH, DELETE) runs the bot's script that
 * declared `WEBHOOK "name"` and answers what it built; `POST /api/{bot}/forms/{form}` runs the
 * form's `ON FORM SUBMIT` block. Public: a webhook is guarded by the bot's `webhook-secret` when
 * it has one, both by the bot's rate limit (docs/basic.md, "Webhooks and forms").
 */
export function scriptEndpointRoutes(endpoints: ScriptEndpoints) {
  const webhooks = METHODS.map((method) => defineRoute({
    method, path: WEBHOOK_PATH, tag: 'bot scripts', access: 'public',
    summary: `A bot's WEBHOOK script, called by ${method.toUpperCase()}: params, body (JSON, urlencoded or text, at most 1 MB), headers`,
    params: WebhookParams, errors: [401, 404, 429],
    response: { description: 'The JSON the script built (its RETURN value, `result`, or its `result_*` variables), with the status it chose; 500 `script_failed` when it failed', schema: AnyJson },
    handle: async ({ params, req, res }) => {
      const answer = await endpoints.runWebhook({
        bot: params.bot, name: params.name, method: req.method.toUpperCase() as WebhookRequest['method'], path: req.path,
        query: queryOf(req), headers: req.headers, rawBody: rawBody(req), clientAddress: req.ip ?? '',
      });
      res.status(answer.status).set(answer.headers).json(answer.body);
    },
  }));
  const form = defineRoute({
    method: 'post', path: FORM_PATH, tag: 'bot scripts', access: 'public',
    summary: 'A form posted to a bot (urlencoded or JSON, at most 1 MB): its ON FORM SUBMIT block runs with FORM holding the fields',
    params: FormParams, errors: [404, 429],
    response: { description: 'The acknowledgement; 303 to the `_next` field\'s path on this server when the form gave one', schema: FormAck },
    handle: async ({ params, req, res }) => {
      const answer = await endpoints.submitForm({
        bot: params.bot, form: params.form, query: queryOf(req), headers: req.headers, rawBody: rawBody(req), clientAddress: req.ip ?? '',
      });
      if (answer.kind === 'redirect') res.redirect(303, answer.location);
      else res.status(200).json(answer.body);
    },
  });
  return [...webhooks, form];
}
