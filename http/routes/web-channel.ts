import express, { type Request, type RequestHandler } from 'express';
import { WEB_UPLOAD_MAX_BYTES, webUploadTooLarge, type WebChannel } from '../../adapters/index.js';
import { defineRoute } from '../route.js';
import {
  BotParamsSchema,
  WebBotInfoSchema,
  WebCallAnswerSchema,
  WebCallParamsSchema,
  WebCallRequestSchema,
  WebHangUpAnswerSchema,
  WebHangUpRequestSchema,
  WebHistoryQuerySchema,
  WebHistorySchema,
  WebMessageAnswerSchema,
  WebMessageRequestSchema,
  WebSessionRenewAnswerSchema,
  WebSessionRenewRequestSchema,
  WebUploadAnswerSchema,
  WebUploadQuerySchema,
} from '../schemas/web-channel.js';

/** Where a visitor uploads a file; `http/app.ts` reads its body raw with {@link webUploadBody}. */
export const WEB_UPLOAD_PATH = '/api/channels/web/:bot/uploads';


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
      path: '/api/channels/web/:bot/info',
      summary: 'The bot as the widget needs it before the first message: its language',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      response: { description: 'The bot\'s name and language setting', schema: WebBotInfoSchema },
      errors: [404],
      handle: ({ params: { bot } }) => web.info({ bot }),
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
      path: WEB_UPLOAD_PATH,
      summary: 'Upload a file the visitor then sends with a message (Authorization: Bearer <session_token>; at most 10 MiB)',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      query: WebUploadQuerySchema,
      rawBody: { description: 'The file\'s bytes; Content-Type gives its media type (application/octet-stream when absent)' },
      status: 201,
      response: { description: 'The file, kept in the bot\'s drive, and its signed link', schema: WebUploadAnswerSchema },
      // 409 quota_exceeded: the bot's tenant has no room for it (docs/operations/tenants.md, "Quotas").
      errors: [401, 404, 409, 429],
      handle: ({ params: { bot }, query, req }) => web.upload({
        bot,
        session_token: bearerOf(req),
        name: query.name,
        // Checked by the adapter (adapters/web/web-upload.ts): octet-stream when absent or not a media type.
        mime_type: req.headers['content-type'] ?? '',
        bytes: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/channels/web/:bot/calls',
      summary: 'Call the bot from the browser: a WebRTC SDP offer answered, the bot\'s voice loop started (docs/channels/web.md, "Calls")',
      tag: 'web channel',
      access: 'public',
      params: BotParamsSchema,
      body: WebCallRequestSchema,
      status: 201,
      response: { description: 'The call and the SDP answer', schema: WebCallAnswerSchema },
      errors: [401, 404, 409, 429],
      handle: ({ params: { bot }, body }) => web.startCall({ bot, session_token: body.session_token, sdp: body.sdp }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/channels/web/:bot/calls/:call_id/hangup',
      summary: 'Hang up the visitor\'s browser call',
      tag: 'web channel',
      access: 'public',
      params: WebCallParamsSchema,
      body: WebHangUpRequestSchema,
      response: { description: 'Hung up', schema: WebHangUpAnswerSchema },
      errors: [401, 404],
      handle: ({ params: { bot, call_id }, body }) => web.hangUp({ bot, session_token: body.session_token, call_id }),
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

/** The caller's address as express sees it: the client's behind a proxy that TRUST_PROXY names (docs/operations/reverse-proxy.md). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The upload's body as raw bytes whatever its type, up to WEB_UPLOAD_MAX_BYTES; a larger one is
 * refused with 413 and a body that says the limit (docs/channels/web.md, "Files from the visitor").
 */
export function webUploadBody(): RequestHandler {
  const raw = express.raw({ type: () => true, limit: WEB_UPLOAD_MAX_BYTES });
  return (req, res, next) => {
    raw(req, res, (error?: unknown) => {
      next((error as { type?: unknown } | undefined)?.type === 'entity.too.large' ? webUploadTooLarge() : error);
    });
  };
}

/** The visitor's session token of `Authorization: Bearer <token>`; undefined without one. */
function bearerOf(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}
