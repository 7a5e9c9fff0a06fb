import type { Request } from 'express';
import type { ChannelAdapter, ChannelRequest, VisitorTokens } from '../../adapters/index.js';
import type { Engine } from '../../engine/engine-api.js';
import type { OutboundMessage } from '../../engine/messages.js';
import { ConflictError, NotFoundError, RateLimitError, UnauthorizedError } from '../../infra/errors.js';
import type { RateLimiter, RateLimitRule } from '../../infra/rate-limit/index.js';
import { defineRoute } from '../route.js';
import {
  BotParamsSchema,
  WebHistoryQuerySchema,
  WebHistorySchema,
  WebMessageAnswerSchema,
  WebMessageRequestSchema,
} from '../schemas/web-channel.js';

/** The per-visitor limit when the bot's config says nothing: 30 messages a minute. */
export const DEFAULT_WEB_RATE_LIMIT: RateLimitRule = { points: 30, durationSeconds: 60 };

/** One transcript row as the history needs it (a subset of the messages table's row). */
export interface TranscriptRow {
  direction: 'inbound' | 'outbound';
  sender: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  created_at: Date;
}

/** What the web channel's HTTP routes need; each is a narrow function so tests can pass small fakes. */
export interface WebChannelDeps {
  engine: Pick<Engine, 'receive'>;
  /** The `web` adapter of the adapters map. */
  adapter: ChannelAdapter;
  visitorTokens: VisitorTokens;
  botExists(bot: string): boolean | Promise<boolean>;
  rateLimiter: RateLimiter;
  /** The bot's per-visitor message limit (config `web-rate-limit` per `web-rate-window-seconds`). */
  limitFor(bot: string): RateLimitRule | Promise<RateLimitRule>;
  /** The transcript of a session, oldest first. */
  history(sessionId: string): Promise<TranscriptRow[]>;
}

// The web channel signs nothing: its credential is the session token inside the body.
const NO_RAW_BODY = Buffer.alloc(0);

/**
 * The public web channel (issue 4, item 8): a visitor posts a message and gets the bot's replies
 * of that turn plus the session token for the next one; the history reads the transcript. The
 * WebSocket half lives in `http/web-socket.ts`.
 */
export function webChannelRoutes(deps: WebChannelDeps) {
  const assertBot = async (bot: string) => {
    if (!(await deps.botExists(bot))) throw new NotFoundError(`No bot named "${bot}"`, 'bot_not_found');
  };

  /** Spends one point of `key`'s budget under the bot's rule; refuses with the seed's 429 body. */
  const enforceLimit = async (bot: string, key: string) => {
    const decision = await deps.rateLimiter.consume(`web:${bot}:${key}`, await deps.limitFor(bot));
    if (decision.allowed) return;
    throw new RateLimitError(
      decision.limit,
      decision.window,
      decision.retryAfterSeconds,
      `Too many messages: at most ${decision.limit} per ${decision.window}; try again in ${decision.retryAfterSeconds} s`,
    );
  };

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
      handle: async ({ params: { bot }, body, req }) => {
        await assertBot(bot);
        const request: ChannelRequest = { headers: req.headers, query: {}, rawBody: NO_RAW_BODY, body, bot };
        if (!(await deps.adapter.verify(request))) throw new UnauthorizedError('The session token is invalid');
        const [inbound] = deps.adapter.parse(request);
        if (!inbound) throw new UnauthorizedError('The message could not be read');
        const visitorId = inbound.customer.external_id;
        // A first message has no visitor to count yet: it counts against the client's address
        // (which bounds how fast one address opens sessions) and starts the new visitor's count.
        if (!body.session_token) await enforceLimit(bot, `ip:${clientAddress(req)}`);
        await enforceLimit(bot, `visitor:${visitorId}`);

        const outcome = await deps.engine.receive(inbound);
        // A duplicate (a retried client_message_id) was answered the first time: no replies now.
        if (!outcome.session_id) throw new ConflictError('This message was already received', 'duplicate_message');
        const session_token = await deps.visitorTokens.issue({ bot, visitor_id: visitorId, session_id: outcome.session_id });
        const replies = outcome.status === 'processed' ? outcome.replies.map(toReply) : [];
        return { session_id: outcome.session_id, session_token, replies };
      },
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
      handle: async ({ params: { bot }, query }) => {
        await assertBot(bot);
        const claims = await deps.visitorTokens.verify(query.session_token, bot);
        const rows = claims.session_id ? await deps.history(claims.session_id) : [];
        return {
          messages: rows.map((m) => ({ direction: m.direction, from: m.sender, text: m.text, at: m.created_at.toISOString() })),
        };
      },
    }),
  ];
}

function toReply(message: OutboundMessage) {
  return { text: message.text, ...(message.suggestions?.length ? { suggestions: message.suggestions } : {}) };
}

/** The caller's address as express sees it (set `trust proxy` behind a load balancer so it is the client's). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
