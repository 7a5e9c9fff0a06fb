import type { Attachment, Channel, InboundMessage, OutboundMessage } from './messages.js';

/** The parts of an HTTP request an adapter needs; kept free of express so adapters stay portable. */
export interface ChannelRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  /** The raw body bytes, as the provider signed them. */
  rawBody: Buffer;
  /** The body parsed as JSON (or form fields), when it could be. */
  body: unknown;
  /** The bot named in the webhook path. */
  bot: string;
  /** The path segment after the bot, for a provider's second endpoint (`/webhooks/sms/{bot}/status` → `status`). */
  event?: string;
  /** Path and query as the client sent them, for signatures over the URL (resolve against `PUBLIC_URL`). */
  originalUrl: string;
}

/** How a webhook request is answered when the adapter has something particular to say. */
export interface WebhookAnswer {
  status: number;
  /** Content type of `body`; default `text/plain`. */
  contentType?: string;
  body: string;
}

/** What the provider said about a delivered message. */
export interface DeliveryReceipt {
  provider_message_id?: string;
}

/**
 * One channel. Every adapter has this shape and knows its provider and nothing else; all are
 * registered in the one map of adapters (adapters/index.ts) and delivered through by the outbox. Cross-channel rules (dedupe, 160 characters,
 * echoes) belong to the engine, not here.
 */
export interface ChannelAdapter {
  readonly channel: Channel;
  /**
   * `inline` when the channel hands the customer their messages itself, with the turn (the web
   * channel: the HTTP answer and the WebSocket). The engine then stores them as delivered in the
   * turn's transaction and never calls `send`; otherwise (the default) an outbox job calls `send`.
   * `turns` when the channel hands out the replies of the customer's own turns itself but nothing
   * else (a phone call speaks its turn's replies as they come back): those are stored as delivered,
   * and a message committed outside the customer's turns (an attendant's, a system notice, a WAIT
   * waking up) goes through the outbox and `send` (docs/channels/rtc-sip.md).
   */
  readonly delivery?: 'inline' | 'turns' | 'provider';
  /**
   * Whether the bot has this channel on (enabled and its credentials set). A webhook for a bot
   * where it is off answers 404 (docs/architecture.md, "Provider webhooks"). Absent: on for every bot.
   */
  isEnabled?(bot: string): boolean;
  /** Answers `GET /webhooks/{channel}/{bot}` (a subscription handshake). Absent: the GET answers 404. */
  handshake?(req: ChannelRequest): WebhookAnswer;
  /** What a request that fails `verify` gets: 401 (default) or 403 where the provider's convention says so. */
  readonly rejectStatus?: 401 | 403;
  /**
   * Handles what a verified request carries besides customer messages (delivery statuses, button
   * callbacks to acknowledge, opt-outs), before its messages are accepted.
   */
  handleNotices?(req: ChannelRequest): Promise<void>;
  /** The answer to a verified request whose messages were accepted; default 200 `{"ok":true}`. */
  acknowledge?(req: ChannelRequest): WebhookAnswer;
  /** True when the request really comes from the provider (signature, token). */
  verify(req: ChannelRequest): boolean | Promise<boolean>;
  /** The customer messages in a webhook request (possibly none: statuses, echoes). */
  parse(req: ChannelRequest): InboundMessage[];
  /**
   * Delivers one message. Throw `PermanentDeliveryError` when retrying cannot help (bad
   * recipient, blocked); any other error is retried with backoff.
   */
  send(message: OutboundMessage): Promise<DeliveryReceipt>;
  /**
   * For an `inline` channel, which never gets `send`: a message sent outside the customer's own
   * turns and marked `voice_reply` (an attendant's reply under `/voice on`) with its spoken audio
   * attached, before it is committed and published (the web widget plays it, docs/channels/web.md,
   * "Voice"). `botId` is the session's bot. Absent: such messages go as text.
   */
  withSpeech?(message: OutboundMessage, botId: string): Promise<OutboundMessage>;
  /**
   * The bytes of a file an inbound message of this channel carries, at most `maxBytes` (HEAR's
   * media types, docs/basic.md): for files the provider keeps by id or behind its token.
   * `customer` is the external id of the customer who sent it (the session's; on workchat, the
   * conversation). Resolves to undefined for an attachment that is not such a file; its http(s)
   * `url` is then fetched through the bot's guarded HTTP client. Absent: every attachment is
   * fetched by its `url`.
   */
  fetchAttachment?(bot: string, attachment: Attachment, maxBytes: number, customer: string): Promise<ReceivedFile | undefined>;
}

/** The bytes of a file a customer sent, as the channel's provider gave them. */
export interface ReceivedFile {
  bytes: Buffer;
  mime_type?: string;
  /**
   * The path in the bot's drive where the file already is (the web channel's uploads): the
   * engine links to it instead of keeping a copy.
   */
  drive_path?: string;
}

/** A delivery the provider refused for good; `reason` is the provider's words. */
export class PermanentDeliveryError extends Error {
  /**
   * @param options.unreachable the customer cannot be reached on this channel at all (they
   *   blocked the bot): the session is marked unreachable (engine/outbox/deliver-outbox.ts).
   */
  constructor(readonly reason: string, readonly options: { unreachable?: boolean } = {}) {
    super(reason);
    this.name = 'PermanentDeliveryError';
  }
}
