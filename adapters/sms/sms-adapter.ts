import type twilio from 'twilio';
import {
  PermanentDeliveryError, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type DeliveryStatusUpdate, type InboundMessage,
  type OutboundMessage, type WebhookAnswer,
} from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import { refusedDelivery } from '../refused-delivery.js';
import { parseSms, type SmsFields } from './parse-sms.js';
import { smsKeywordOf } from './sms-keywords.js';
import type { SmsSettings, SmsSettingsOf } from './sms-settings.js';
import { fetchTwilioMedia } from './fetch-twilio-media.js';

/** The header Twilio signs webhooks in. */
export const SIGNATURE_HEADER = 'x-twilio-signature';

/**
 * Twilio's `MessageStatus` values as the engine's delivery statuses (docs/channels/README.md,
 * "Delivery statuses"): queued, accepted, scheduled and sending change nothing.
 */
const STATUS_OF: Record<string, DeliveryStatusUpdate['status']> = {
  sent: 'sent', delivered: 'delivered', read: 'read', undelivered: 'failed', failed: 'failed', canceled: 'failed',
};

/** Where opt-outs are kept (db/sms-opt-outs-repo.ts), for every bot. */
export interface SmsOptOuts {
  optOut(phone: string, keyword: string): Promise<void>;
  optIn(phone: string): Promise<void>;
  isOptedOut(phone: string): Promise<boolean>;
}

/** What the sms adapter is built from. */
export interface SmsAdapterDeps {
  settingsOf: SmsSettingsOf;
  /** PUBLIC_URL: the base URL Twilio calls, which its signatures cover; default: the request's Host. */
  publicUrl?: string | undefined;
  optOuts: SmsOptOuts;
  /** The bot (its name) a session belongs to: an outbound message names only its session. */
  botOfSession(sessionId: string): Promise<string | undefined>;
  /** Applies a provider's delivery receipt (the engine's createDeliveryReceipts). */
  deliveryStatus(update: DeliveryStatusUpdate): Promise<boolean>;
  logger: Logger;
  now?: () => Date;
}

/** The sms adapter, with the hooks of the webhook door it uses. */
export interface SmsAdapter extends ChannelAdapter {
  isEnabled(bot: string): boolean;
  readonly rejectStatus: 403;
  handleNotices(req: ChannelRequest): Promise<void>;
  parse(req: ChannelRequest): InboundMessage[];
  /** Twilio's webhooks are answered with TwiML at once: an empty `<Response/>` (replies go through the REST API). */
  acknowledge(req: ChannelRequest): WebhookAnswer;
  /**
   * A text to a number outside any conversation, with the bot's account (the notifications
   * area's `sms` channel, docs/notifications.md); `from` replaces the bot's sender (an
   * alphanumeric sender id). Refused for good when the channel is off for the bot or the
   * number opted out, as `send` is. `media`: http(s) links of files, sent as MMS as `send`
   * sends a reply's attachments (a phone call's files, docs/channels/rtc-sip.md).
   */
  sendText(input: { bot: string; to: string; text: string; from?: string; media?: readonly string[] }): Promise<DeliveryReceipt>;
}

/**
 * The twilio library (a few hundred modules with its dependencies) loads with the first webhook or
 * message of a bot on SMS, not with every start (docs/performance.md, "Start-up").
 */
const twilioLibrary = () => import('twilio').then((module) => module.default);

/** The answer to a webhook with nothing to say: what twilio's empty `MessagingResponse` renders (sms-adapter.test.ts). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * The `sms` channel through Twilio (docs/channels/sms.md).
 * - `verify`: `X-Twilio-Signature` checked by the twilio library against PUBLIC_URL + the path
 *   (the library also tries the URL with and without the default port) and the fields of the raw
 *   body, repeated ones included — or, for a JSON webhook, its `bodySHA256`; a failure answers 403;
 * - `handleNotices`: a status callback (`…/status`) updates the delivery state; STOP… records the
 *   number's opt-out (for every bot), START… removes it;
 * - `parse`: an inbound message (MMS media as attachments); a keyword is kept in the transcript
 *   without running the bot, and HELP/INFO is answered with `sms-help-text`;
 * - `send`: through the REST API with the twilio client, refused for good to an opted-out number.
 */
export function createSmsAdapter(deps: SmsAdapterDeps): SmsAdapter {
  const now = deps.now ?? (() => new Date());
  const clients = new Map<string, { key: string; client: twilio.Twilio }>();
  const clientOf = async (bot: string, settings: SmsSettings) => {
    const key = `${settings.apiRoot}\n${settings.accountSid}\n${settings.authToken}\n${settings.allowPrivateNetworks}`;
    const cached = clients.get(bot);
    if (cached?.key === key) return cached.client;
    const { createTwilioClient } = await import('./twilio-client.js');
    const client = createTwilioClient(settings.accountSid, settings.authToken, settings.apiRoot, settings.allowPrivateNetworks);
    clients.set(bot, { key, client });
    return client;
  };
  const publicBase = (req: ChannelRequest) => (deps.publicUrl ?? `http://${headerOf(req, 'host') ?? 'localhost'}`).replace(/\/+$/, '');

  function receiveMessage(req: ChannelRequest, settings: SmsSettings, fields: SmsFields): InboundMessage[] {
    const inbound = parseSms(fields, req.bot, now());
    if (!inbound) return [];
    const keyword = smsKeywordOf(inbound.text);
    switch (keyword?.kind) {
      case undefined:
        return [inbound];
      case 'opt_out': case 'opt_in':
        return [{ ...inbound, command: { kind: 'record' } }];
      case 'help':
        return [{ ...inbound, command: { kind: 'answer', text: settings.helpText } }];
    }
  }

  async function recordStatus(req: ChannelRequest, fields: SmsFields): Promise<void> {
    const sid = fields.MessageSid ?? fields.SmsSid;
    const status = STATUS_OF[fields.MessageStatus ?? fields.SmsStatus ?? ''];
    if (!sid || !status) return;
    const code = fields.ErrorCode;
    const known = await deps.deliveryStatus({
      channel: 'sms', bot: req.bot, provider_message_id: sid, status,
      ...(status === 'failed' ? { error: { code: code || 'unknown', title: fields.MessageStatus ?? 'failed' } } : {}),
    });
    if (!known) deps.logger.debug({ sid, status }, 'sms: status callback for a message we do not know');
  }

  /** STOP… and START…: the opt-out is recorded before the message is accepted, so no reply can slip through. */
  async function recordKeyword(fields: SmsFields): Promise<void> {
    const keyword = smsKeywordOf(fields.Body ?? '');
    const phone = fields.From;
    if (!phone || !keyword) return;
    if (keyword.kind === 'opt_out') await deps.optOuts.optOut(phone, keyword.word);
    if (keyword.kind === 'opt_in') await deps.optOuts.optIn(phone);
  }

  return {
    channel: 'sms',
    isEnabled: (bot) => deps.settingsOf(bot) !== undefined,
    rejectStatus: 403,
    acknowledge: () => ({ status: 200, contentType: 'text/xml', body: EMPTY_TWIML }),
    async verify(req: ChannelRequest): Promise<boolean> {
      const settings = deps.settingsOf(req.bot);
      const signature = headerOf(req, SIGNATURE_HEADER);
      if (!settings || !signature) return false;
      const url = `${publicBase(req)}${req.originalUrl}`;
      const twilio = await twilioLibrary();
      // A JSON webhook signs its URL, whose `bodySHA256` is the hash of the raw body; a form webhook signs the URL and its fields.
      if (new URL(url).searchParams.has('bodySHA256')) return twilio.validateRequestWithBody(settings.authToken, signature, url, req.rawBody.toString('utf8'));
      return twilio.validateRequest(settings.authToken, signature, url, signedFields(req.rawBody));
    },
    async handleNotices(req: ChannelRequest): Promise<void> {
      const fields = formFields(req.body);
      if (req.event === 'status') await recordStatus(req, fields);
      else await recordKeyword(fields);
    },
    parse(req: ChannelRequest): InboundMessage[] {
      const settings = deps.settingsOf(req.bot);
      if (!settings || req.event !== undefined) return [];
      return receiveMessage(req, settings, formFields(req.body));
    },
    async send(message: OutboundMessage): Promise<DeliveryReceipt> {
      const bot = await deps.botOfSession(message.session_id);
      if (!bot) throw new PermanentDeliveryError(`the sms channel is off for the bot of session ${message.session_id}`);
      return sendMessage(bot, message.to, message.text, mediaLinks((message.attachments ?? []).map((a) => a.url)));
    },
    sendText: (input) => sendMessage(input.bot, input.to, input.text, mediaLinks(input.media ?? []), input.from),
    // HEAR's media types (docs/basic.md): MMS media may need the account's credentials.
    async fetchAttachment(bot, attachment, maxBytes) {
      const settings = deps.settingsOf(bot);
      return settings ? fetchTwilioMedia(settings, attachment, maxBytes) : undefined;
    },
  };

  /** One message through the REST API, with the bot's account; the one send path of `send` and `sendText`. */
  async function sendMessage(bot: string, to: string, body: string, media: string[], from?: string): Promise<DeliveryReceipt> {
    const settings = deps.settingsOf(bot);
    if (!settings) throw new PermanentDeliveryError(`the sms channel is off for bot ${bot}`);
    if (await deps.optOuts.isOptedOut(to)) throw new PermanentDeliveryError('the recipient opted out (STOP)');
    const sender = from ? { from } : settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from };
    try {
      const sent = await (await clientOf(bot, settings)).messages.create({
        to, body, ...sender,
        ...(media.length ? { mediaUrl: media } : {}),
        ...(deps.publicUrl ? { statusCallback: `${deps.publicUrl.replace(/\/+$/, '')}/webhooks/sms/${encodeURIComponent(bot)}/status` } : {}),
      });
      return { provider_message_id: sent.sid };
    } catch (error) {
      throw refusedDelivery('sms', error) ?? deliveryError(error);
    }
  }
}

/** The links of files Twilio can fetch: the http(s) ones. */
function mediaLinks(urls: readonly (string | undefined)[]): string[] {
  return urls.filter((url): url is string => !!url && /^https?:/.test(url));
}

/** Twilio's refusals: 4xx (bad number, unsubscribed recipient…) are final, except 429; the rest is retried. */
function deliveryError(error: unknown): unknown {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
    const code = (error as { code?: unknown }).code;
    return new PermanentDeliveryError(`${(error as Error).message}${code ? ` (error ${String(code)})` : ''}`);
  }
  return error;
}

/** The form fields as Twilio signed them, from the raw body: a repeated field keeps all its values. */
function signedFields(raw: Buffer): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

function formFields(body: unknown): SmsFields {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined]));
}

function headerOf(req: ChannelRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
