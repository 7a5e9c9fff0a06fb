import { timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { InputFile, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import {
  PermanentDeliveryError, speakReply, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type InboundMessage, type OutboundMessage,
  type VoiceModels,
} from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import { botMsgApi, botMsgFetch } from './bot-msg-api.js';
import type { BotMsgSettings, BotMsgSettingsOf } from './bot-msg-settings.js';
import { callWithRetry } from './call-with-retry.js';
import { inlineKeyboard } from './inline-keyboard.js';
import { FILE_REF, parseUpdate } from './parse-update.js';
import { JOIN_VIDEO_CALL, meetingLinkOf } from '../meeting-link.js';
import { splitMessage } from './split-message.js';
import { readUpdate } from './update-schema.js';

/** The header Telegram echoes the webhook's `secret_token` in. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The update types the channel reads; `setWebhook` asks for exactly these. */
export const BOT_MSG_UPDATE_TYPES = ['message', 'edited_message', 'callback_query'] as const;

/** What the bot_msg adapter is built from. */
export interface BotMsgAdapterDeps {
  settingsOf: BotMsgSettingsOf;
  /** The bot (its name) a session belongs to: an outbound message names only its session. */
  botOfSession(sessionId: string): Promise<string | undefined>;
  logger: Logger;
  now?: () => Date;
  /** For tests of the 429 policy; default: real time. */
  sleep?: (ms: number) => Promise<void>;
  /** The bot's voice service (by name), for spoken replies (`bot-msg-voice-response`). */
  voiceFor?: (bot: string) => VoiceModels | undefined;
}

/** The bot_msg adapter, with the hooks of the webhook door it uses. */
export interface BotMsgAdapter extends ChannelAdapter {
  isEnabled(bot: string): boolean;
  handleNotices(req: ChannelRequest): Promise<void>;
  parse(req: ChannelRequest): InboundMessage[];
  /** The grammY API client of a bot whose channel is on. */
  apiOf(bot: string): Api | undefined;
  /** Downloads a file the customer sent (getFile, then the Bot API's file URL), at most `maxBytes`. */
  fetchFile(bot: string, fileId: string, maxBytes: number): Promise<Buffer>;
}

/**
 * The `bot_msg` channel: the Telegram Bot API through grammY (docs/channels/bot_msg.md). One
 * grammY `Api` per bot, pointed at its `bot-msg-api-url`.
 * - `verify`: the `X-Telegram-Bot-Api-Secret-Token` header equals the bot's webhook secret
 *   (constant time);
 * - `handleNotices`: a callback query is answered (`answerCallbackQuery`) so the button stops
 *   spinning; a failure is logged, never a reason to lose the customer's choice;
 * - `parse`: the update through grammY's Context (parse-update.ts), once its shape is checked
 *   (update-schema.ts); a malformed update is logged at warn and acknowledged, never retried;
 * - `send`: text split at 4,096 characters, suggestions and a meeting's join link ("Join video
 *   call", a URL button) as an inline keyboard on the last part, attachments with a URL as photo or
 *   document, and a reply marked to be spoken as a voice note (`sendVoice`, the voice service's
 *   Ogg/Opus; a failure is logged, the text stands); errors through callWithRetry.
 */
export function createBotMsgAdapter(deps: BotMsgAdapterDeps): BotMsgAdapter {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));
  const clients = new Map<string, { key: string; api: Api }>();

  const apiOf = (bot: string): Api | undefined => {
    const settings = deps.settingsOf(bot);
    if (!settings) return undefined;
    const key = `${settings.apiRoot}\n${settings.token}\n${settings.allowPrivateNetworks}`;
    const cached = clients.get(bot);
    if (cached?.key === key) return cached.api;
    const api = botMsgApi(settings);
    clients.set(bot, { key, api });
    return api;
  };


  async function fetchFile(bot: string, fileId: string, maxBytes: number): Promise<Buffer> {
    const settings = deps.settingsOf(bot);
    const api = apiOf(bot);
    if (!settings || !api) throw new Error(`the bot_msg channel is off for bot ${bot}`);
    const file = await callWithRetry(() => api.getFile(fileId), sleep);
    if (!file.file_path) throw new Error('the Bot API gave no path for this file');
    if ((file.file_size ?? 0) > maxBytes) throw new Error('the file is larger than allowed');
    // The URL holds the token: it is built here, used once, and never logged or stored.
    const response = await botMsgFetch(settings)(`${settings.apiRoot.replace(/\/+$/, '')}/file/bot${settings.token}/${file.file_path}`);
    if (!response.ok) throw new Error(`the Bot API did not give the file (HTTP ${response.status})`);
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > maxBytes) throw new Error('the file is larger than allowed');
    return data;
  }

  return {
    channel: 'bot_msg',
    fetchFile,
    // HEAR's media types (docs/basic.md): the customer's file by its Bot API file id.
    async fetchAttachment(bot, attachment, maxBytes) {
      const fileId = attachment.url?.startsWith(FILE_REF) ? attachment.url.slice(FILE_REF.length) : undefined;
      if (fileId === undefined) return undefined;
      return { bytes: await fetchFile(bot, fileId, maxBytes), ...(attachment.mime_type ? { mime_type: attachment.mime_type } : {}) };
    },
    isEnabled: (bot) => deps.settingsOf(bot) !== undefined,
    apiOf,
    verify(req: ChannelRequest): boolean {
      const settings = deps.settingsOf(req.bot);
      const given = headerOf(req, SECRET_HEADER);
      return settings !== undefined && given !== undefined && sameSecret(given, settings.webhookSecret);
    },
    async handleNotices(req: ChannelRequest): Promise<void> {
      const read = readUpdate(req.body);
      const id = read.ok ? read.update.callback_query?.id : undefined;
      const api = apiOf(req.bot);
      if (!id || !api) return;
      // The answer only stops the button's spinner: a failure must not refuse the customer's choice.
      await callWithRetry(() => api.answerCallbackQuery(id), sleep)
        .catch((error: unknown) => deps.logger.warn({ err: error, bot: req.bot }, 'bot_msg: answerCallbackQuery failed'));
    },
    parse(req: ChannelRequest): InboundMessage[] {
      const settings = deps.settingsOf(req.bot);
      if (!settings) return [];
      const read = readUpdate(req.body);
      if (!read.ok) {
        // Acknowledged all the same: Telegram redelivers an update answered with an error, for a day.
        deps.logger.warn({ bot: req.bot, reason: read.reason }, 'bot_msg: malformed update skipped');
        return [];
      }
      const inbound = parseUpdate(read.update, { bot: req.bot, commands: settings.commands, now: now() });
      return inbound ? [inbound] : [];
    },
    async send(message: OutboundMessage): Promise<DeliveryReceipt> {
      const bot = await deps.botOfSession(message.session_id);
      const api = bot === undefined ? undefined : apiOf(bot);
      const settings = bot === undefined ? undefined : deps.settingsOf(bot);
      if (!api || !settings) throw new PermanentDeliveryError(`the bot_msg channel is off for the bot of session ${message.session_id}`);
      await sendMessage(api, message, sleep);
      // The text is delivered: a failed voice note is logged, never a reason to send the text again.
      await speakReply(message, { models: deps.voiceFor?.(bot!), channelSpeaks: settings.voiceResponse })
        .then((audio) => audio && callWithRetry(() => api.sendVoice(message.to, new InputFile(audio.data, audio.name ?? 'reply.ogg')), sleep))
        .catch((error: unknown) => deps.logger.warn({ err: error, bot }, 'bot_msg: spoken reply not sent; the text was'));
      return {};
    },
  };
}

async function sendMessage(api: Api, message: OutboundMessage, sleep: (ms: number) => Promise<void>): Promise<void> {
  const parts = message.text.trim() ? splitMessage(message.text) : [];
  const keyboard = keyboardOf(message);
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    await callWithRetry(() => api.sendMessage(message.to, part, last ? keyboard : {}), sleep);
  }
  for (const attachment of message.attachments ?? []) {
    const { url } = attachment;
    if (!url || !/^https?:/.test(url)) continue;
    if (attachment.type === 'image') await callWithRetry(() => api.sendPhoto(message.to, url), sleep);
    else await callWithRetry(() => api.sendDocument(message.to, url), sleep);
  }
}

/** The inline keyboard of a message: its suggestions, and a row with the meeting's URL button when it sends a join link. */
function keyboardOf(message: OutboundMessage): { reply_markup?: InlineKeyboardMarkup } {
  const rows = message.suggestions?.length ? inlineKeyboard(message.suggestions).inline_keyboard : [];
  const join = meetingLinkOf(message.text);
  const all = join ? [...rows, [{ text: JOIN_VIDEO_CALL, url: join }]] : rows;
  return all.length ? { reply_markup: { inline_keyboard: all } } : {};
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerOf(req: ChannelRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export type { BotMsgSettings };
