import type { Request, Response } from 'express';
import type { ChannelWebhooks, WebhookRequest } from '../../adapters/index.js';
import type { WebhookAnswer } from '../../engine/index.js';
import { defineRoute } from '../route.js';
import { WebhookEventParamsSchema, WebhookParamsSchema } from '../schemas/channel-webhooks.js';

/**
 * Provider webhooks (docs/architecture.md, "Provider webhooks"). The body reaches the adapter as
 * the raw bytes the provider signed (`http/app.ts` reads `/webhooks` bodies raw); the adapter's
 * answer is sent as it is, since providers expect their own shapes (a challenge, TwiML).
 */
export function channelWebhookRoutes(webhooks: ChannelWebhooks) {
  const tag = 'provider webhooks';
  return [
    defineRoute({
      method: 'get',
      path: '/webhooks/:channel/:bot',
      summary: 'Subscription handshake of a provider channel (for example hub.challenge)',
      tag,
      access: 'public',
      params: WebhookParamsSchema,
      response: { description: 'What the provider expects, as plain text' },
      errors: [404],
      handle: async ({ params, req, res }) => send(res, webhooks.handshake(webhookRequest(req, params))),
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/:channel/:bot',
      summary: 'Events from a provider channel: verified over the raw body, messages stored, processed after the answer',
      tag,
      access: 'public',
      params: WebhookParamsSchema,
      response: { description: 'Accepted; the body is what the provider expects' },
      errors: [401, 404],
      handle: async ({ params, req, res }) => send(res, await webhooks.receive(webhookRequest(req, params))),
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/:channel/:bot/:event',
      summary: 'A provider channel\'s second endpoint (for example SMS status callbacks)',
      tag,
      access: 'public',
      params: WebhookEventParamsSchema,
      response: { description: 'Accepted; the body is what the provider expects' },
      errors: [401, 404],
      handle: async ({ params, req, res }) => send(res, await webhooks.receive(webhookRequest(req, params))),
    }),
  ];
}

function webhookRequest(req: Request, params: { channel: string; bot: string; event?: string }): WebhookRequest {
  return {
    ...params,
    headers: req.headers,
    query: req.query as Record<string, unknown>,
    rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    originalUrl: req.originalUrl,
  };
}

function send(res: Response, answer: WebhookAnswer): void {
  res.status(answer.status).type(answer.contentType ?? 'text/plain').send(answer.body);
}
