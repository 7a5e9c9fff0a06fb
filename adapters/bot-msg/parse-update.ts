import { Context, type Api } from 'grammy';
import type { Message, Update, UserFromGetMe } from 'grammy/types';
import type { Attachment, InboundMessage } from '../../engine/index.js';
import { optionOfCallback } from './inline-keyboard.js';

/** The reason written when `/agent` hands the session over (docs/channels/bot_msg.md). */
export const AGENT_COMMAND_REASON = 'customer asked for a person';

/** The prefix of a Bot API file's reference in an attachment's `url`. */
export const FILE_REF = 'bot-msg-file:';

/** What the parser needs besides the update. */
export interface ParseUpdateOptions {
  bot: string;
  /** `/agent` asks for a person (config `attendance-bot-msg-commands`). */
  commands: boolean;
  now: Date;
}

// The update parser reads updates only; it never calls the API through this context.
const PARSE_ONLY_ME: UserFromGetMe = {
  id: 0, is_bot: true, first_name: 'switchboard', username: 'switchboard', can_join_groups: false,
  can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false,
  has_main_web_app: false, has_topics_enabled: false, allows_users_to_create_topics: false,
} as UserFromGetMe;

/**
 * One Bot API update as the customer's message, read through grammY's `Context` (so the shapes
 * are grammY's types, not ours):
 * - a message: its text or caption, and photos, documents, voice, audio, video, video notes and
 *   location as attachments (voice and video notes marked `voice`); `/start` restarts the dialog
 *   and `/agent` asks for a person (when `commands`);
 * - an edited message: recorded in the transcript, not run again;
 * - a callback query (an inline keyboard button): the chosen option, as if typed.
 * Anything else (channel posts, member updates…) is no customer message: undefined. The update's
 * `update_id` is the dedupe key.
 */
export function parseUpdate(update: Update, options: ParseUpdateOptions): InboundMessage | undefined {
  const ctx = new Context(update, undefined as unknown as Api, PARSE_ONLY_ME);
  const base = { channel: 'bot_msg' as const, bot: options.bot, provider_message_id: String(update.update_id), received_at: options.now, raw: update };
  if (ctx.callbackQuery) {
    const query = ctx.callbackQuery;
    const keyboard = query.message && 'reply_markup' in query.message ? query.message.reply_markup : undefined;
    const option = optionOfCallback(query.data, keyboard);
    if (option === undefined) return undefined;
    const chatId = query.message?.chat.id ?? query.from.id;
    return { ...base, customer: customerOf(chatId, query.from), text: option, attachments: [] };
  }
  const message = ctx.editedMessage ?? ctx.message;
  if (!message) return undefined;
  const inbound: InboundMessage = {
    ...base,
    customer: customerOf(message.chat.id, message.from),
    text: message.text ?? message.caption ?? '',
    attachments: attachmentsOf(message),
  };
  if (ctx.editedMessage) return { ...inbound, command: { kind: 'record' } };
  const command = commandOf(message);
  if (command === 'start') return { ...inbound, command: { kind: 'restart' }, ...deepLinkReferral(message.text ?? '') };
  if (command === 'agent' && options.commands) return { ...inbound, command: { kind: 'human', reason: AGENT_COMMAND_REASON } };
  return inbound;
}

/**
 * A deep link `t.me/<bot>?start=<payload>` arrives as `/start <payload>`: the payload (letters,
 * digits, `_` and `-`, up to 64) is the campaign's `ref` (docs/channels/bot_msg.md, "Deep links").
 */
function deepLinkReferral(text: string): Pick<InboundMessage, 'referral'> {
  const payload = /^\/start(?:@\w+)?\s+([\w-]{1,64})\s*$/i.exec(text)?.[1];
  return payload ? { referral: { ref: payload, utm_medium: 'deep_link' } } : {};
}

/** The bot command a message starts with (`/start`, `/agent@my_bot …`), lower-cased. */
function commandOf(message: Message): string | undefined {
  const entity = message.entities?.find((e) => e.type === 'bot_command' && e.offset === 0);
  const text = message.text ?? '';
  const word = entity ? text.slice(1, entity.length) : /^\/(\w+)/.exec(text)?.[1];
  return word?.split('@')[0]?.toLowerCase();
}

/** The customer is the chat, named by the sender's first and last name, else their username (docs/crm.md, "Names from every channel"). */
function customerOf(chatId: number, from: Message['from']) {
  const name = [from?.first_name, from?.last_name].filter(Boolean).join(' ').trim() || from?.username;
  return { external_id: String(chatId), ...(name ? { display_name: name } : {}) };
}

/**
 * Files are referenced as `bot-msg-file:<file_id>` ({@link FILE_REF}): a Bot API file URL embeds
 * the bot's token, so it is never stored; the adapter resolves the id with getFile when the file
 * is needed.
 */
function attachmentsOf(message: Message): Attachment[] {
  const file = (type: Attachment['type'], id: string, extra: { mime_type?: string | undefined; file_name?: string | undefined }) => ({
    type, url: `${FILE_REF}${id}`,
    ...(extra.mime_type ? { mime_type: extra.mime_type } : {}), ...(extra.file_name ? { name: extra.file_name } : {}),
  });
  const found: Attachment[] = [];
  const largestPhoto = message.photo?.at(-1);
  if (largestPhoto) found.push(file('image', largestPhoto.file_id, { mime_type: 'image/jpeg' }));
  if (message.document) found.push(file('file', message.document.file_id, message.document));
  if (message.voice) found.push({ ...file('audio', message.voice.file_id, { mime_type: message.voice.mime_type ?? 'audio/ogg', file_name: 'voice.ogg' }), voice: true });
  if (message.audio) found.push(file('audio', message.audio.file_id, message.audio));
  if (message.video) found.push(file('video', message.video.file_id, message.video));
  // A video note (the round video recorded in the app) is spoken like a voice note: its sound is transcribed.
  if (message.video_note) found.push({ ...file('video', message.video_note.file_id, { mime_type: 'video/mp4', file_name: 'video-note.mp4' }), voice: true });
  if (message.location) found.push({ type: 'location', url: `geo:${message.location.latitude},${message.location.longitude}` });
  return found;
}
