import type { Request } from 'express';
import type { WebChannel } from '../../adapters/index.js';
import { defineRoute } from '../route.js';
import {
  BotParamsSchema,
  WebHistoryQuerySchema,
  WebHistorySchema,
  WebMessageAnswerSchema,
  WebMessageRequestSchema,
  WebSessionRenewAnswerSchema,
  WebSessionRenewRequestSchema,
} from '../schemas/web-channel.js';

/**
 * The public web channel's HTTP door (item 8): validate, call the web channel's use case
 * (adapters/web/web-channel.ts), answer. The WebSocket half lives in `http/web-socket.ts`.
 */
export function webChannelRoutes(web: WebChannel) {
  return [
    defineRoute({
      method: 'post',
      path: '/api/channels/web/:bot/messages',
      summary: 'Send a visitor message to a bot and get its replies',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      body: WebMessageRequestSchema,
      response: { description: 'The session, its token and the replies of this turn', schema: WebMessageAnswerSchema },
      errors: [401, 404, 409, 429],
      handle: ({ params: { bot }, body, req }) => web.receive({ bot, body, headers: req.headers, clientAddress: clientAddress(req) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/channels/web/:bot/messages',
      summary: 'The messages of the visitor\'s session, oldest first',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      query: WebHistoryQuerySchema,
      response: { description: 'The transcript', schema: WebHistorySchema },
      errors: [401, 404],
      handle: ({ params: { bot }, query }) => web.history({ bot, session_token: query.session_token }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/channels/web/:bot/session/renew',
      summary: 'Renew a visitor session token before it expires (web-session-ttl-days)',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      body: WebSessionRenewRequestSchema,
      response: { description: 'A fresh token for the same visitor and session', schema: WebSessionRenewAnswerSchema },
      errors: [401, 404],
      handle: ({ params: { bot }, body }) => web.renew({ bot, session_token: body.session_token }),
    }),
  ];
}

/** The caller's address as express sees it (set `trust proxy` behind a load balancer so it is the client's). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
