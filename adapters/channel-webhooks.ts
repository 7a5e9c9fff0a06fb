import type { ChannelAdapter, ChannelRequest, Engine, WebhookAnswer } from '../engine/index.js';
import { CHANNELS, type Channel } from '../engine/index.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../infra/errors.js';
import { assertJsonDepth } from '../infra/json-depth.js';
import type { ChannelAdapters } from './index.js';
import { storableBody } from './storable-body.js';

/** A webhook request as the HTTP layer hands it over: the route's parameters and the bytes as received. */
export interface WebhookRequest {
  channel: string;
  bot: string;
  event?: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  rawBody: Buffer;
  originalUrl: string;
}

/** The one door of every provider channel's webhooks (docs/architecture.md, "Provider webhooks"). */
export interface ChannelWebhooks {
  /** `GET /webhooks/{channel}/{bot}`: the adapter's subscription handshake. */
  handshake(request: WebhookRequest): WebhookAnswer;
  /** `POST /webhooks/{channel}/{bot}[/{event}]`: verify, notices, accept the messages, acknowledge. */
  receive(request: WebhookRequest): Promise<WebhookAnswer>;
}

const ACCEPTED: WebhookAnswer = { status: 200, contentType: 'application/json', body: '{"ok":true}' };

/**
 * Provider webhooks, the same steps for every channel: the channel must have an adapter and be on
 * for the bot (else 404, so a probe learns nothing), the request must verify over its raw bytes
 * before anything is parsed or stored (else 401, or the adapter's 403), then its notices are
 * handled and its messages stored durably by the engine, which runs them after the answer.
 */
export function createChannelWebhooks(deps: { adapters: ChannelAdapters; engine: Pick<Engine, 'accept'> }): ChannelWebhooks {
  function adapterFor(request: WebhookRequest): ChannelAdapter {
    const adapter = isProviderChannel(request.channel) ? deps.adapters[request.channel] : undefined;
    if (!adapter || !(adapter.isEnabled?.(request.bot) ?? true)) {
      throw new NotFoundError(`No ${request.channel} webhook for bot "${request.bot}"`);
    }
    return adapter;
  }

  return {
    handshake(request) {
      const adapter = adapterFor(request);
      if (!adapter.handshake) throw new NotFoundError(`The ${request.channel} webhook has no handshake`);
      return adapter.handshake(channelRequest(request));
    },

    async receive(request) {
      const adapter = adapterFor(request);
      const req = channelRequest(request);
      if (!(await adapter.verify(req))) {
        const message = `The request is not signed by the ${request.channel} provider`;
        throw adapter.rejectStatus === 403 ? new ForbiddenError(message) : new UnauthorizedError(message);
      }
      await adapter.handleNotices?.(req);
      const messages = await adapter.parse(req);
      if (messages.length) await deps.engine.accept(messages);
      return adapter.acknowledge?.(req) ?? ACCEPTED;
    },
  };
}

/** The web channel has its own routes (visitor tokens, answers in the HTTP response); every other channel comes in here. */
function isProviderChannel(channel: string): channel is Exclude<Channel, 'web'> {
  return channel !== 'web' && (CHANNELS as readonly string[]).includes(channel);
}

/**
 * Parses the body once, as JSON or form fields by its content type; an unreadable body is
 * `undefined` for the adapter to refuse. JSON nested too deeply is refused (400) before it is
 * parsed, whatever type it was sent as (README, "Security model"). Form fields are flat: no name
 * nests (`a[b]` is a name), so a form has no depth to limit. Its text is made storable
 * (storable-body.ts): the adapters read the body, never text PostgreSQL would refuse.
 */
function channelRequest(request: WebhookRequest): ChannelRequest {
  return {
    headers: request.headers, query: request.query, rawBody: request.rawBody, bot: request.bot, event: request.event,
    originalUrl: request.originalUrl, body: parseBody(request.rawBody, String(request.headers['content-type'] ?? '')),
  };
}

function parseBody(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return undefined;
  if (contentType.includes('application/x-www-form-urlencoded')) return storableBody(Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
  assertJsonDepth(raw);
  try {
    return storableBody(JSON.parse(raw.toString('utf8')));
  } catch {
    return undefined;
  }
}
