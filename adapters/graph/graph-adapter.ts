import {
  PermanentDeliveryError, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type OutboundMessage, type WebhookAnswer,
} from '../../engine/index.js';
import { createGraphClient, type GraphClient, type GraphFile } from './graph-client.js';
import type { GraphChannelSettings } from './graph-channel-settings.js';
import { GraphApiError } from './graph-error.js';
import type { GraphRetryPolicy } from './graph-retry.js';
import { HUB_SIGNATURE_HEADER, verifyHubSignature } from './hub-signature.js';
import { parseMessagingWebhook } from './parse-messaging.js';
import { parseMobileMsgWebhook } from './parse-mobile-msg.js';
import type { ParsedWebhook } from './parsed-webhook.js';
import { renderMessaging } from './render-messaging.js';
import { renderMobileMsg } from './render-mobile-msg.js';

/** The three channels of the Graph-style provider family. */
export type GraphChannel = 'mobile_msg' | 'social_dm' | 'page_msg';
export const GRAPH_CHANNELS: readonly GraphChannel[] = ['mobile_msg', 'social_dm', 'page_msg'];

/** The provider's code for "outside the 24-hour customer-service window". */
export const OUTSIDE_WINDOW_CODE = 131047;

/** What a Graph-style adapter is built from. */
export interface GraphAdapterDeps {
  /** The channel's settings for a bot (by name or id); undefined when the channel is off for it. */
  settings: (bot: string) => GraphChannelSettings | undefined;
  /** For tests: a faster retry policy. */
  retry?: GraphRetryPolicy;
}

/** A Graph-style channel: the engine's contract plus what its webhook and media endpoint need. */
export interface GraphAdapter extends ChannelAdapter {
  readonly channel: GraphChannel;
  /** True when the channel is on for the bot (the webhook answers 404 otherwise). */
  isEnabled(bot: string): boolean;
  /** The subscription handshake: 200 with the `hub.challenge`, or 403 when the verify token is wrong. */
  handshake(req: Pick<ChannelRequest, 'query' | 'bot'>): WebhookAnswer;
  /** The verified POST sorted into messages, delivery statuses and ignored events. */
  parseWebhook(req: ChannelRequest): ParsedWebhook;
  /** Downloads a provider-held file by its media id (mobile_msg), at most `maxBytes`. */
  fetchMedia(bot: string, mediaId: string, maxBytes: number): Promise<GraphFile>;
}

/**
 * One Graph-style channel (mobile_msg, social_dm or page_msg; docs/channels/README.md):
 * `X-Hub-Signature-256` verification over the raw bytes, the providers' webhook shapes, and sends
 * through axios under one retry policy. Permanent provider errors become
 * PermanentDeliveryError with the provider's code and words; transient ones are retried by the
 * outbox. On mobile_msg, a send refused for the 24-hour window sends the bot's re-engagement
 * template instead, when it names one.
 */
export function createGraphAdapter(channel: GraphChannel, deps: GraphAdapterDeps): GraphAdapter {
  const settingsOf = (bot: string) => deps.settings(bot);
  const clientOf = (settings: GraphChannelSettings): GraphClient =>
    createGraphClient({ baseUrl: settings.apiUrl, accessToken: settings.accessToken, ...(deps.retry ? { retry: deps.retry } : {}) });

  return {
    channel,
    delivery: 'provider',
    isEnabled: (bot) => settingsOf(bot) !== undefined,
    handshake({ query, bot }) {
      const settings = settingsOf(bot);
      const challenge = query['hub.challenge'];
      const subscribed = settings?.verifyToken && query['hub.mode'] === 'subscribe' && typeof challenge === 'string'
        && query['hub.verify_token'] === settings.verifyToken;
      return subscribed ? { status: 200, body: challenge } : { status: 403, body: 'verify token mismatch' };
    },
    verify(req) {
      const settings = settingsOf(req.bot);
      return settings !== undefined && verifyHubSignature(req.rawBody, req.headers[HUB_SIGNATURE_HEADER], settings.appSecret);
    },
    parseWebhook(req) {
      return channel === 'mobile_msg' ? parseMobileMsgWebhook(req.body, req.bot) : parseMessagingWebhook(req.body, channel, req.bot);
    },
    parse(req) {
      return this.parseWebhook(req).messages;
    },
    async send(message: OutboundMessage): Promise<DeliveryReceipt> {
      const settings = message.bot_id === undefined ? undefined : settingsOf(message.bot_id);
      if (!settings) throw new PermanentDeliveryError(`${channel} is not configured for this bot`);
      const client = clientOf(settings);
      const path = channel === 'mobile_msg' ? `${settings.phoneNumberId}/messages` : 'me/messages';
      const bodies = channel === 'mobile_msg' ? renderMobileMsg(message) : renderMessaging(message, channel);
      let receipt: DeliveryReceipt = {};
      try {
        for (const body of bodies) receipt = receiptOf(await client.post(path, body)) ?? receipt;
      } catch (error) {
        if (!(error instanceof GraphApiError)) throw error;
        if (error.transient) throw new Error(`${channel} send failed for now: ${error.message}`, { cause: error });
        if (error.code === OUTSIDE_WINDOW_CODE && settings.reengage) {
          await client.post(path, reengageBody(message.to, settings.reengage));
          throw new PermanentDeliveryError(`${reasonOf(error)} (re-engagement template "${settings.reengage.template}" sent instead)`);
        }
        throw new PermanentDeliveryError(reasonOf(error));
      }
      return receipt;
    },
    async fetchMedia(bot, mediaId, maxBytes) {
      const settings = settingsOf(bot);
      if (!settings) throw new GraphApiError(`${channel} is not configured for this bot`, { transient: false });
      const client = clientOf(settings);
      const info = (await client.get(encodeURIComponent(mediaId))) as { url?: unknown; file_size?: unknown; mime_type?: unknown };
      if (typeof info.url !== 'string') throw new GraphApiError('the provider gave no URL for this media', { transient: false });
      if (typeof info.file_size === 'number' && info.file_size > maxBytes) throw new GraphApiError('the file is larger than allowed', { transient: false });
      const file = await client.download(info.url, maxBytes);
      return { data: file.data, mimeType: typeof info.mime_type === 'string' ? info.mime_type : file.mimeType };
    },
  };
}

/** The provider's id of a sent message: `messages[0].id` (mobile_msg) or `message_id` (messaging). */
function receiptOf(answer: unknown): DeliveryReceipt | undefined {
  const body = answer as { messages?: { id?: unknown }[]; message_id?: unknown } | null;
  const id = body?.messages?.[0]?.id ?? body?.message_id;
  return typeof id === 'string' ? { provider_message_id: id } : undefined;
}

function reasonOf(error: GraphApiError): string {
  return error.options.details ? `${error.message}: ${error.options.details}` : error.message;
}

function reengageBody(to: string, reengage: { template: string; language: string }): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
    template: { name: reengage.template, language: { code: reengage.language } },
  };
}
