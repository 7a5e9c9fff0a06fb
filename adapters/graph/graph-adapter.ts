import {
  PermanentDeliveryError, speakReply, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type DeliveryStatusUpdate, type OutboundMessage,
  type VoiceModels, type WebhookAnswer,
} from '../../engine/index.js';
import { ZodError } from 'zod';
import { ValidationError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import { createGraphClient, type GraphClient, type GraphFile } from './graph-client.js';
import type { GraphChannelSettings } from './graph-channel-settings.js';
import { profileName, profilePath } from './customer-profile.js';
import { GraphApiError } from './graph-error.js';
import type { GraphRetryPolicy } from './graph-retry.js';
import { HUB_SIGNATURE_HEADER, verifyHubSignature } from './hub-signature.js';
import { parseMessagingWebhook } from './parse-messaging.js';
import { parseMobileMsgWebhook } from './parse-mobile-msg.js';
import type { ParsedWebhook } from './parsed-webhook.js';
import { renderMessaging } from './render-messaging.js';
import { renderMobileMsg } from './render-mobile-msg.js';
import { templateBody, type TemplateMessage } from './template-message.js';
import { sendSpokenReply } from './spoken-reply.js';

/** The three channels of the Graph-style provider family. */
export type GraphChannel = 'mobile_msg' | 'social_dm' | 'page_msg';
export const GRAPH_CHANNELS: readonly GraphChannel[] = ['mobile_msg', 'social_dm', 'page_msg'];

/** The provider's code for "outside the 24-hour customer-service window". */
export const OUTSIDE_WINDOW_CODE = 131047;

/** What a Graph-style adapter is built from. */
export interface GraphAdapterDeps {
  /** The channel's settings for a bot (by name or id); undefined when the channel is off for it. */
  settings: (bot: string) => GraphChannelSettings | undefined;
  /** Applies a provider's delivery receipt (the engine's createDeliveryReceipts). */
  deliveryStatus?: (update: DeliveryStatusUpdate) => Promise<unknown>;
  /** Where acknowledged-but-ignored events (reactions, echoes, unknown kinds) are logged. */
  logger?: Logger;
  /** For tests: a faster retry policy. */
  retry?: GraphRetryPolicy;
  /** The bot's voice service (by id), for spoken replies to voice notes on mobile_msg. */
  voiceFor?: (bot: string) => VoiceModels | undefined;
}

/** A Graph-style channel: the engine's contract plus what its webhook and media endpoint need. */
export interface GraphAdapter extends ChannelAdapter {
  readonly channel: GraphChannel;
  /** True when the channel is on for the bot (the webhook answers 404 otherwise). */
  isEnabled(bot: string): boolean;
  /** The subscription handshake: 200 with `hub.challenge` as plain text for the bot's verify token, else 403. */
  handshake(req: ChannelRequest): WebhookAnswer;
  /** Delivery statuses applied, ignored events logged; customer messages are left to `parse`. */
  handleNotices(req: ChannelRequest): Promise<void>;
  /** The verified POST sorted into messages, delivery statuses and ignored events. */
  parseWebhook(req: ChannelRequest): ParsedWebhook;
  /** Downloads a provider-held file by its media id (mobile_msg), at most `maxBytes`. */
  fetchMedia(bot: string, mediaId: string, maxBytes: number): Promise<GraphFile>;
  /**
   * mobile_msg only: an approved template to any number (the BASIC SEND TEMPLATE keyword), which
   * the provider delivers outside the 24-hour window too. PermanentDeliveryError when the channel
   * is off for the bot or the provider refuses it for good.
   */
  sendTemplate(bot: string, to: string, template: TemplateMessage): Promise<DeliveryReceipt>;
  /**
   * page_msg and social_dm: the customer's name from the provider's user-profile call
   * (customer-profile.ts), undefined when the profile has none. Asked once, without retries: a
   * name is never worth holding a customer's message.
   */
  fetchCustomerName(bot: string, customerId: string): Promise<string | undefined>;
}

/** The user-profile call's own limits: one attempt, a short wait. */
const PROFILE_CALL = { timeoutMs: 5_000, retry: { attempts: 1, backoffMs: 0, maxWaitMs: 0, sleep: () => Promise.resolve() } };

/**
 * One Graph-style channel (mobile_msg, social_dm or page_msg; docs/channels/README.md):
 * `X-Hub-Signature-256` verification over the raw bytes, the providers' webhook shapes, and sends
 * through axios under one retry policy. Permanent provider errors become
 * PermanentDeliveryError with the provider's code and words; transient ones are retried by the
 * outbox. On mobile_msg, a send refused for the 24-hour window sends the bot's re-engagement
 * template instead, when it names one, and a reply to a voice note is also spoken
 * (spoken-reply.ts) when the bot has a voice service and `mobile-msg-voice-response`.
 */
export function createGraphAdapter(channel: GraphChannel, deps: GraphAdapterDeps): GraphAdapter {
  const settingsOf = (bot: string) => deps.settings(bot);
  const clientOf = (settings: GraphChannelSettings, call: { timeoutMs?: number; retry?: GraphRetryPolicy } = deps.retry ? { retry: deps.retry } : {}): GraphClient =>
    createGraphClient({
      baseUrl: settings.apiUrl, accessToken: settings.accessToken, outbound: { allowPrivateNetworks: settings.allowPrivateNetworks }, ...call,
    });

  // One parse per request, shared by handleNotices and parse.
  const parsedRequests = new WeakMap<ChannelRequest, ParsedWebhook>();
  const parsedOf = (req: ChannelRequest): ParsedWebhook => {
    let parsed = parsedRequests.get(req);
    if (!parsed) {
      const body = req.body ?? {};
      try {
        parsed = channel === 'mobile_msg' ? parseMobileMsgWebhook(body, req.bot) : parseMessagingWebhook(body, channel, req.bot);
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        throw new ValidationError(`Not a ${channel} webhook payload`, error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })));
      }
      parsedRequests.set(req, parsed);
    }
    return parsed;
  };

  return {
    channel,
    delivery: 'provider',
    isEnabled: (bot) => settingsOf(bot) !== undefined,
    handshake(req) {
      const settings = settingsOf(req.bot);
      const { query } = req;
      const challenge = query['hub.challenge'];
      const ok = settings?.verifyToken !== undefined && query['hub.mode'] === 'subscribe' && typeof challenge === 'string'
        && query['hub.verify_token'] === settings.verifyToken;
      return ok ? { status: 200, contentType: 'text/plain', body: challenge } : { status: 403, body: 'Forbidden' };
    },
    verify(req) {
      const settings = settingsOf(req.bot);
      return settings !== undefined && verifyHubSignature(req.rawBody, req.headers[HUB_SIGNATURE_HEADER], settings.appSecret);
    },
    parseWebhook: (req) => parsedOf(req),
    async handleNotices(req) {
      const parsed = parsedOf(req);
      for (const update of parsed.statuses) await deps.deliveryStatus?.(update);
      if (parsed.ignored.length) deps.logger?.info({ channel, bot: req.bot, ignored: parsed.ignored }, 'webhook events acknowledged and ignored');
    },
    parse(req) {
      return parsedOf(req).messages;
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
          await client.post(path, templateBody(message.to, { name: settings.reengage.template, language: settings.reengage.language, params: [] }));
          throw new PermanentDeliveryError(`${reasonOf(error)} (re-engagement template "${settings.reengage.template}" sent instead)`);
        }
        throw new PermanentDeliveryError(reasonOf(error));
      }
      // The text is delivered: a failed audio half is logged, never a reason to send the text again.
      await speakReply(message, { models: deps.voiceFor?.(message.bot_id!), channelSpeaks: settings.voiceResponse === true })
        .then((audio) => audio && sendSpokenReply(client, settings.phoneNumberId!, audio, message))
        .catch((error: unknown) => deps.logger?.warn({ err: error, channel, bot: message.bot_id }, 'spoken reply not sent; the text was'));
      return receipt;
    },
    async sendTemplate(bot, to, template) {
      const settings = settingsOf(bot);
      if (channel !== 'mobile_msg' || !settings) throw new PermanentDeliveryError(`${channel} cannot send templates for this bot`);
      try {
        return receiptOf(await clientOf(settings).post(`${settings.phoneNumberId}/messages`, templateBody(to.replace(/^\+/, ''), template))) ?? {};
      } catch (error) {
        if (!(error instanceof GraphApiError)) throw error;
        if (error.transient) throw new Error(`${channel} template send failed for now: ${error.message}`, { cause: error });
        throw new PermanentDeliveryError(reasonOf(error));
      }
    },
    async fetchCustomerName(bot, customerId) {
      const settings = settingsOf(bot);
      if (channel === 'mobile_msg' || !settings) return undefined;
      return profileName(await clientOf(settings, PROFILE_CALL).get(profilePath(channel, customerId)));
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
    // HEAR's media types (docs/basic.md): mobile_msg's files are held by id; the messaging channels' come by URL.
    async fetchAttachment(bot, attachment, maxBytes) {
      if (attachment.media_id === undefined) return undefined;
      const file = await this.fetchMedia(bot, attachment.media_id, maxBytes);
      return { bytes: file.data, ...(file.mimeType ? { mime_type: file.mimeType } : {}) };
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
