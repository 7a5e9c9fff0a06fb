import type { Channel, InboundMessage, OutboundMessage } from './messages.js';

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
  /** The path and query string the request was made to, as the provider signed it (sms signs the URL). */
  path?: string;
  /** The webhook's event segment, when its path has one (`/webhooks/sms/{bot}/status` → `status`). */
  event?: string;
}

/** What the provider said about a delivered message. */
export interface DeliveryReceipt {
  /** The provider's id of the sent message, when its status callbacks name it (sms): recorded with the outbox row. */
  provider_message_id?: string;
  /** The provider's status at acceptance (Twilio `queued`); default `accepted`. */
  status?: string;
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
   */
  readonly delivery?: 'inline' | 'provider';
  /** True when the request really comes from the provider (signature, token). */
  verify(req: ChannelRequest): boolean | Promise<boolean>;
  /**
   * The customer messages in a webhook request (possibly none: statuses, echoes). Asynchronous
   * where the channel records something of its own first (sms: opt-outs, status callbacks).
   */
  parse(req: ChannelRequest): InboundMessage[] | Promise<InboundMessage[]>;
  /**
   * Delivers one message. Throw `PermanentDeliveryError` when retrying cannot help (bad
   * recipient, blocked); any other error is retried with backoff.
   */
  send(message: OutboundMessage): Promise<DeliveryReceipt>;
}

/** A delivery the provider refused for good; `reason` is the provider's words. */
export class PermanentDeliveryError extends Error {
  /**
   * @param options.unreachable the customer cannot be reached on this channel at all (they
   *   blocked the bot): the session is marked `unreachable` (engine/outbox/deliver-outbox.ts).
   */
  constructor(readonly reason: string, readonly options: { unreachable?: boolean } = {}) {
    super(reason);
    this.name = 'PermanentDeliveryError';
  }
}
