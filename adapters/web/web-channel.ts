import type { ChannelAdapter, ChannelRequest, Engine, OutboundMessage } from '../../engine/index.js';
import { ConflictError, NotFoundError, RateLimitError, UnauthorizedError } from '../../infra/errors.js';
import type { RateLimiter, RateLimitRule } from '../../infra/rate-limit/index.js';
import type { VisitorTokens, WebMessageBody } from './index.js';
import { storeWebUpload, type WebUploadDeps } from './web-upload.js';
import { speakWebReplies, transcribeWebVoice, type WebVoiceDeps } from './web-voice.js';
import type { Logger } from '../../infra/logger.js';
import type { VoiceModels } from '../../engine/index.js';

/** The per-visitor limit when the bot's config says nothing: 30 messages a minute. */
export const DEFAULT_WEB_RATE_LIMIT: RateLimitRule = { points: 30, durationSeconds: 60 };

/** One transcript row as the history needs it (a subset of the messages table's row). */
export interface TranscriptRow {
  direction: 'inbound' | 'outbound';
  sender: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  created_at: Date;
  /** The row's extras; the history shows their `attachments`. */
  payload?: Record<string, unknown>;
}

/** What the web channel is built from; each is a narrow function, so tests can pass small fakes. */
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
  /** Where visitors' uploads go (the bot's drive); without it `upload` answers 404. */
  uploads?: WebUploadDeps;
  /** The bot's `language` (config), undefined when it sets none: the widget's language (docs/configuration.md, "Languages"). */
  languageOf?(bot: string): string | undefined;
  /** The bot's `web-prechat-form`: the widget asks a new visitor's name and e-mail first. */
  prechatFormOf?(bot: string): boolean;
  /**
   * The bot's voice service (`voice-models-url`), undefined when it has none: voice messages are
   * transcribed and replies to them spoken (docs/channels/web.md, "Voice"). Needs `uploads`.
   */
  voiceFor?(bot: string): VoiceModels | undefined;
  /** Calls from the visitor's browser into the bot's voice loop (the rtc_sip channel's browser calls); none when this instance takes no calls. */
  calls?: VisitorCalls;
  logger?: Logger;
}

/** The rtc_sip channel's calls from browsers, as the web channel uses them (given by the composition root). */
export interface VisitorCalls {
  takes(bot: string): boolean;
  start(request: { bot: string; caller: string; offerSdp: string }): Promise<{ callId: string; answerSdp: string }>;
  hangUp(callId: string, caller: string): Promise<void>;
}

/** A visitor's call is an rtc_sip session of their own, named after their web visitor id. */
const callerOf = (visitorId: string) => `web:${visitorId}`;

/** A visitor's file as the upload route received it. */
export interface WebUploadRequest {
  bot: string;
  /** From `Authorization: Bearer <session_token>`; undefined when the header is missing. */
  session_token: string | undefined;
  name: string;
  mime_type: string;
  bytes: Buffer;
}

/** A visitor's message as the HTTP route received it (validated). */
export interface WebMessageRequest {
  bot: string;
  body: WebMessageBody;
  headers: Record<string, string | string[] | undefined>;
  /** The caller's address: the client's behind a proxy only when TRUST_PROXY names it (docs/operations/reverse-proxy.md). */
  clientAddress: string;
}

// The web channel signs nothing: its credential is the session token inside the body.
const NO_RAW_BODY = Buffer.alloc(0);

/**
 * The public web channel's use cases (docs/architecture.md): a visitor's message — bot check,
 * token check, rate limits, the engine's turn, the token for the next message — and the history.
 * The HTTP route only validates and calls these.
 */
export function createWebChannel(deps: WebChannelDeps) {
  const voice: WebVoiceDeps | undefined = deps.voiceFor && deps.uploads
    ? { voiceFor: deps.voiceFor, adapter: deps.adapter, uploads: deps.uploads, ...(deps.logger ? { logger: deps.logger } : {}) }
    : undefined;
  const assertBot = async (bot: string) => {
    if (!(await deps.botExists(bot))) throw new NotFoundError(`No bot named "${bot}"`, 'bot_not_found');
  };

  /** Spends one point of each key's budget under the bot's rule; refuses with the 429 rate-limit body of the first refusal. */
  const enforceLimits = async (bot: string, keys: readonly string[]) => {
    const rule = await deps.limitFor(bot);
    // Counted together: one round trip to Redis for both counts of a first message.
    const decisions = await Promise.all(keys.map((key) => deps.rateLimiter.consume(`web:${bot}:${key}`, rule)));
    const decision = decisions.find((d) => !d.allowed);
    if (!decision) return;
    throw new RateLimitError(
      decision.limit,
      decision.window,
      decision.retryAfterSeconds,
      `Too many messages: at most ${decision.limit} per ${decision.window}; try again in ${decision.retryAfterSeconds} s`,
    );
  };

  return {
    /** A visitor's message: the bot's replies of this turn and the session token for the next one. */
    async receive({ bot, body, headers, clientAddress }: WebMessageRequest) {
      await assertBot(bot);
      const request: ChannelRequest = { headers, query: {}, rawBody: NO_RAW_BODY, body, bot, originalUrl: `/api/channels/web/${bot}/messages` };
      if (!(await deps.adapter.verify(request))) throw new UnauthorizedError('The session token is invalid');
      const [parsed] = deps.adapter.parse(request);
      if (!parsed) throw new UnauthorizedError('The message could not be read');
      const visitorId = parsed.customer.external_id;
      // A first message has no visitor to count yet: it counts against the client's address
      // (which bounds how fast one address opens sessions) and starts the new visitor's count.
      await enforceLimits(bot, body.session_token ? [`visitor:${visitorId}`] : [`ip:${clientAddress}`, `visitor:${visitorId}`]);

      // Counted before the voice service is asked: a visitor over the limit costs no transcription.
      const inbound = voice ? await transcribeWebVoice(voice, parsed) : parsed;
      const outcome = await deps.engine.receive(inbound);
      if (!outcome.session_id) throw new ConflictError('This message was already received', 'duplicate_message');
      const session_token = await deps.visitorTokens.issue({ bot, visitor_id: visitorId, session_id: outcome.session_id });
      const replies = voice ? await speakWebReplies(voice, bot, visitorId, outcome.replies) : outcome.replies;
      // A duplicate (a retried client_message_id) answers with the replies its first delivery got.
      return { session_id: outcome.session_id, session_token, replies: replies.map(toReply) };
    },

    /**
     * A visitor's file, kept in the bot's drive under the visitor's upload folder; answers the
     * signed link to attach to a message (docs/channels/web.md, "Files from the visitor"). Counted
     * against the visitor's budget of the bot's web rate limit, apart from their messages.
     */
    async upload({ bot, session_token, name, mime_type, bytes }: WebUploadRequest) {
      await assertBot(bot);
      if (!session_token) throw new UnauthorizedError('A session token is required: Authorization: Bearer <session_token>');
      const { visitor_id } = await deps.visitorTokens.verify(session_token, bot);
      if (!deps.uploads) throw new NotFoundError('This service keeps no uploads', 'uploads_unavailable');
      await enforceLimits(bot, [`upload:${visitor_id}`]);
      return storeWebUpload(deps.uploads, { bot, visitorId: visitor_id, name, mimeType: mime_type, bytes });
    },
    /**
     * A fresh token for a valid one, valid for the bot's full `web-session-ttl-days` again: a
     * client that only reads (history, WebSocket) keeps its session alive with it.
     */
    async renew({ bot, session_token }: { bot: string; session_token: string }) {
      await assertBot(bot);
      const claims = await deps.visitorTokens.verify(session_token, bot);
      const renewed = await deps.visitorTokens.issueWithExpiry(claims);
      return { session_token: renewed.token, expires_at: renewed.expiresAt.toISOString() };
    },
    /**
     * What the widget needs before the visitor says anything: the bot's language, or null when it
     * sets none (then the widget follows the visitor's browser), and whether it asks the visitor's
     * name and e-mail first, and whether it takes voice messages (it has a voice service). Public, as the bot's name is.
     */
    async info({ bot }: { bot: string }) {
      await assertBot(bot);
      return {
        bot, language: deps.languageOf?.(bot) ?? null, prechat_form: deps.prechatFormOf?.(bot) ?? false,
        voice: voice?.voiceFor(bot) !== undefined, call: deps.calls?.takes(bot) ?? false,
      };
    },
    /**
     * A live call from the visitor's browser to the bot (docs/channels/web.md, "Calls"): its SDP
     * offer answered, the bot's voice loop started as for a phone caller. Counted against the
     * visitor's web rate limit, apart from their messages.
     */
    async startCall({ bot, session_token, sdp }: { bot: string; session_token: string; sdp: string }) {
      await assertBot(bot);
      const { visitor_id } = await deps.visitorTokens.verify(session_token, bot);
      if (!deps.calls?.takes(bot)) throw new NotFoundError('This bot takes no calls here', 'calls_unavailable');
      await enforceLimits(bot, [`call:${visitor_id}`]);
      const started = await deps.calls.start({ bot, caller: callerOf(visitor_id), offerSdp: sdp });
      return { call_id: started.callId, sdp: started.answerSdp };
    },
    /** The visitor hangs up their call. */
    async hangUp({ bot, session_token, call_id }: { bot: string; session_token: string; call_id: string }) {
      await assertBot(bot);
      const { visitor_id } = await deps.visitorTokens.verify(session_token, bot);
      if (!deps.calls) throw new NotFoundError('No such call of yours is in progress', 'call_not_found');
      await deps.calls.hangUp(call_id, callerOf(visitor_id));
      return { ok: true as const };
    },
    /** The messages of the visitor's session, oldest first. */
    async history({ bot, session_token }: { bot: string; session_token: string }) {
      await assertBot(bot);
      const claims = await deps.visitorTokens.verify(session_token, bot);
      const rows = claims.session_id ? await deps.history(claims.session_id) : [];
      return {
        messages: rows.map((m) => {
          const attachments = attachmentsOf(m.payload);
          return { direction: m.direction, from: m.sender, text: m.text, at: m.created_at.toISOString(), ...(attachments.length ? { attachments } : {}) };
        }),
      };
    },
  };
}

export type WebChannel = ReturnType<typeof createWebChannel>;

function toReply(message: OutboundMessage) {
  return {
    text: message.text, ...(message.suggestions?.length ? { suggestions: message.suggestions } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
}

/** The files of a transcript row the visitor may see again: kind, link, name and media type, nothing else kept with them. */
function attachmentsOf(payload: Record<string, unknown> | undefined) {
  const given = Array.isArray(payload?.attachments) ? (payload.attachments as Record<string, unknown>[]) : [];
  return given.flatMap((a) => {
    if (typeof a !== 'object' || a === null || typeof a.url !== 'string' || !['image', 'audio', 'video', 'file'].includes(String(a.type))) return [];
    return [{
      type: a.type as string, url: a.url,
      ...(typeof a.name === 'string' ? { name: a.name } : {}), ...(typeof a.mime_type === 'string' ? { mime_type: a.mime_type } : {}),
      ...(a.voice === true ? { voice: true } : {}),
    }];
  });
}
