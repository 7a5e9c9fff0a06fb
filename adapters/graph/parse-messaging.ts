import type { Attachment, DeliveryStatusUpdate, InboundMessage } from '../../engine/index.js';
import { messagingWebhookSchema, type MessagingEvent } from './messaging-webhook-schema.js';
import { answerOfOption } from './option-id.js';
import type { ParsedWebhook } from './parsed-webhook.js';
import { receivedAt } from './received-at.js';
import { messagingReferral, withReferral } from './referral.js';

/** The two channels of the messaging webhook family. */
export type MessagingChannel = 'page_msg' | 'social_dm';

/**
 * A `page_msg` or `social_dm` webhook body (already verified) as messages, statuses and ignored
 * events. Echoes of our own sends (`is_echo`), reactions and deleted messages are never customer
 * text; `delivery` and `read` receipts become statuses.
 */
export function parseMessagingWebhook(body: unknown, channel: MessagingChannel, bot: string): ParsedWebhook {
  const payload = messagingWebhookSchema.parse(body);
  const parsed: ParsedWebhook = { messages: [], statuses: [], ignored: [] };
  for (const entry of payload.entry) {
    for (const event of entry.messaging ?? []) sortEvent(event, channel, bot, parsed);
  }
  return parsed;
}

function sortEvent(event: MessagingEvent, channel: MessagingChannel, bot: string, parsed: ParsedWebhook): void {
  const status = (id: string, kind: DeliveryStatusUpdate['status']) => parsed.statuses.push({ channel, bot, provider_message_id: id, status: kind });
  if (event.message?.is_echo) parsed.ignored.push({ kind: 'echo', id: event.message.mid });
  else if (event.message?.is_deleted) parsed.ignored.push({ kind: 'deleted', id: event.message.mid });
  else if (event.message) {
    const { message } = event;
    const attachments = (message.attachments ?? []).map(attachmentOf).filter((a): a is Attachment => a !== undefined);
    const location = attachments.find((a) => a.type === 'location');
    const text = message.quick_reply
      ? answerOfOption(message.quick_reply.payload, message.text)
      : message.text ?? (location ? `Location: ${location.name ? `${location.name} ` : ''}(${location.latitude}, ${location.longitude})` : '');
    if (text === '' && attachments.length === 0) parsed.ignored.push({ kind: 'message', id: message.mid });
    else parsed.messages.push(withReferral(inbound(event, channel, bot, message.mid, text, attachments), messagingReferral(message.referral ?? event.referral)));
  } else if (event.postback) {
    const text = answerOfOption(event.postback.payload, event.postback.title);
    const id = event.postback.mid ?? `postback:${event.sender.id}:${event.timestamp ?? ''}`;
    parsed.messages.push(withReferral(inbound(event, channel, bot, id, text, []), messagingReferral(event.postback.referral ?? event.referral)));
  } else if (event.referral) {
    // Nothing to answer, but the session keeps where the customer came from: stored, nothing runs.
    const id = `referral:${event.sender.id}:${event.timestamp ?? ''}`;
    parsed.messages.push({ ...withReferral(inbound(event, channel, bot, id, '', []), messagingReferral(event.referral)), command: { kind: 'record' } });
  } else if (event.reaction) parsed.ignored.push({ kind: 'reaction', id: event.reaction.mid });
  else if (event.delivery) for (const mid of event.delivery.mids ?? []) status(mid, 'delivered');
  else if (event.read?.mid) status(event.read.mid, 'read');
  else parsed.ignored.push({ kind: Object.keys(event).find((k) => !['sender', 'recipient', 'timestamp'].includes(k)) ?? 'unknown' });
}

function inbound(event: MessagingEvent, channel: MessagingChannel, bot: string, id: string, text: string, attachments: Attachment[]): InboundMessage {
  return {
    channel, bot, customer: { external_id: event.sender.id }, text, attachments, provider_message_id: id,
    received_at: receivedAt(event.timestamp), raw: event,
  };
}

const ATTACHMENT_TYPES: Record<string, Attachment['type']> = { image: 'image', audio: 'audio', video: 'video', file: 'file', location: 'location' };

/** A messenger attachment: files come with the provider's URL; a location with coordinates. */
function attachmentOf(item: NonNullable<NonNullable<MessagingEvent['message']>['attachments']>[number]): Attachment | undefined {
  const type = ATTACHMENT_TYPES[item.type];
  if (!type) return undefined;
  const coordinates = item.payload?.coordinates;
  if (type === 'location') {
    return coordinates
      ? { type, latitude: coordinates.lat, longitude: coordinates.long, ...(item.payload?.title ? { name: item.payload.title } : {}) }
      : undefined;
  }
  return { type, ...(item.payload?.url ? { url: item.payload.url } : {}) };
}
