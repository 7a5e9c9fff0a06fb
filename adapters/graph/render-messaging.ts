import type { Attachment, OutboundMessage } from '../../engine/index.js';
import type { MessagingChannel } from './parse-messaging.js';
import { encodeOptionId } from './option-id.js';
import { shorten, splitText } from './split-text.js';

/** The providers' limits (docs/channels/page-msg.md, docs/channels/social-dm.md). */
export const MESSAGING_LIMITS = {
  text: { page_msg: 2000, social_dm: 1000 }, quickReplies: 13, quickReplyTitle: 20, payload: 1000,
} as const;

/**
 * One OutboundMessage as the JSON bodies of `POST {api-url}/me/messages`, in order: text split at
 * the channel's limit; suggestions as quick replies (at most 13, titles shortened to 20) on the
 * last part, more options numbered in the text; attachments by URL.
 */
export function renderMessaging(message: OutboundMessage, channel: MessagingChannel): Record<string, unknown>[] {
  const envelope = { recipient: { id: message.to }, messaging_type: 'RESPONSE' };
  const options = message.suggestions ?? [];
  const tooMany = options.length > MESSAGING_LIMITS.quickReplies;
  const text = tooMany ? `${message.text}\n${options.map((o, i) => `${i + 1}. ${o.label}`).join('\n')}` : message.text;
  const parts = text.trim() === '' ? (options.length > 0 && !tooMany ? ['Please choose:'] : []) : splitText(text, MESSAGING_LIMITS.text[channel]);
  const quickReplies = tooMany ? [] : options.map((o, i) => ({
    content_type: 'text', title: shorten(o.label, MESSAGING_LIMITS.quickReplyTitle), payload: encodeOptionId(o, i, MESSAGING_LIMITS.payload),
  }));
  const bodies = parts.map((part, i) => ({
    ...envelope,
    message: { text: part, ...(i === parts.length - 1 && quickReplies.length > 0 ? { quick_replies: quickReplies } : {}) },
  }));
  for (const attachment of message.attachments ?? []) {
    const body = attachmentBody(attachment);
    if (body) bodies.push({ ...envelope, message: body as { text: string } });
  }
  return bodies;
}

function attachmentBody(attachment: Attachment): Record<string, unknown> | undefined {
  if (!attachment.url || attachment.type === 'location') return undefined;
  return { attachment: { type: attachment.type, payload: { url: attachment.url, is_reusable: true } } };
}
