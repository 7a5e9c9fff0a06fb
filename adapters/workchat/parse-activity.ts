import type { Attachment, InboundMessage } from '../../engine/index.js';
import type { WorkchatActivity } from './activity-schema.js';

/**
 * A message activity as the customer's message (docs/channels/workchat.md): the customer is the
 * conversation (replies go to it), named after the member who wrote; the text without the bot's
 * @-mention, or the `text` of a pressed card button or suggested action; files and images as
 * attachments. The activity id is the dedupe key. Other activity types carry no customer message.
 */
export function parseActivity(activity: WorkchatActivity, options: { bot: string; now: Date }): InboundMessage | undefined {
  if (activity.type !== 'message') return undefined;
  const text = stripMentions(activity.text ?? '') || submittedText(activity.value);
  const attachments = attachmentsOf(activity);
  if (!text && attachments.length === 0) return undefined;
  return {
    channel: 'workchat', bot: options.bot,
    customer: {
      external_id: activity.conversation.id, ...(activity.from.name ? { display_name: activity.from.name } : {}),
      ...(activity.from.aadObjectId ? { directory_id: activity.from.aadObjectId } : {}),
    },
    text, attachments, received_at: options.now, raw: activity,
    ...(activity.id ? { provider_message_id: activity.id } : {}),
  };
}

/** The text a card button or suggested action sent: its data's `text` (render-activity.ts and attendant-card.ts put it there). */
export function submittedText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  const text = typeof value === 'object' && value !== null ? (value as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text.trim() : '';
}

/** In group chats the provider puts `<at>Bot</at>` where the bot was mentioned; it is not the customer's text. */
function stripMentions(text: string): string {
  return text.replace(/<at>[^<]*<\/at>/g, '').trim();
}

/** A file shared in a personal chat: its `contentUrl` needs a Graph token, its `content.downloadUrl` is a short-lived link that needs none. */
const SHARED_FILE = 'application/vnd.microsoft.teams.file.download.info';

function attachmentsOf(activity: WorkchatActivity): Attachment[] {
  return (activity.attachments ?? []).flatMap((a): Attachment[] => {
    if (a.contentType === SHARED_FILE) {
      const url = (a.content as { downloadUrl?: unknown } | undefined)?.downloadUrl;
      return typeof url === 'string' && /^https?:/.test(url) ? [{ type: 'file', url, ...(a.name ? { name: a.name } : {}) }] : [];
    }
    if (!a.contentUrl || !/^https?:/.test(a.contentUrl)) return [];
    const type = a.contentType.startsWith('image/') ? 'image' : a.contentType.startsWith('audio/') ? 'audio' : a.contentType.startsWith('video/') ? 'video' : 'file';
    return [{ type, url: a.contentUrl, mime_type: a.contentType, ...(a.name ? { name: a.name } : {}) }];
  });
}
