import type { Attachment, DeliveryStatusUpdate, InboundMessage } from '../../engine/index.js';
import { mediaPath } from './media-url.js';
import { mobileMsgWebhookSchema, type MobileMsgMessage, type MobileMsgStatus } from './mobile-msg-webhook-schema.js';
import { answerOfOption } from './option-id.js';
import type { ParsedWebhook } from './parsed-webhook.js';
import { receivedAt } from './received-at.js';
import { mobileMsgReferral, withReferral } from './referral.js';

const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
const STATUS_KINDS = new Set(['sent', 'delivered', 'read', 'failed']);

/**
 * A `mobile_msg` webhook body (already verified) as messages, statuses and ignored events. Every
 * entry, change and message is taken. A body that is not this provider's shape throws the zod
 * error (the intake answers it as a bad request).
 */
export function parseMobileMsgWebhook(body: unknown, bot: string): ParsedWebhook {
  const payload = mobileMsgWebhookSchema.parse(body);
  const parsed: ParsedWebhook = { messages: [], statuses: [], ignored: [] };
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        parsed.ignored.push({ kind: `field:${change.field}` });
        continue;
      }
      const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
      for (const message of change.value.messages ?? []) {
        const inbound = inboundOf(message, bot, names.get(message.from));
        if (inbound) parsed.messages.push(withReferral(inbound, mobileMsgReferral(message.referral)));
        else parsed.ignored.push({ kind: message.type, id: message.id });
      }
      for (const status of change.value.statuses ?? []) {
        const update = statusOf(status, bot);
        if (update) parsed.statuses.push(update);
        else parsed.ignored.push({ kind: `status:${status.status}`, id: status.id });
      }
    }
  }
  return parsed;
}

/** The customer message, or undefined for kinds that are not customer text (reactions, unknown). */
function inboundOf(message: MobileMsgMessage, bot: string, name: string | undefined): InboundMessage | undefined {
  const content = contentOf(message, bot);
  if (!content) return undefined;
  return {
    channel: 'mobile_msg',
    bot,
    customer: { external_id: message.from, phone: `+${message.from.replace(/^\+/, '')}`, ...(name ? { display_name: name } : {}) },
    text: content.text,
    attachments: content.attachments,
    provider_message_id: message.id,
    received_at: receivedAt(message.timestamp ? Number(message.timestamp) * 1000 : undefined),
    raw: message,
  };
}

function contentOf(message: MobileMsgMessage, bot: string): { text: string; attachments: Attachment[] } | undefined {
  switch (message.type) {
    case 'text':
      return message.text ? { text: message.text.body, attachments: [] } : undefined;
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return reply ? { text: answerOfOption(reply.id, reply.title), attachments: [] } : undefined;
    }
    case 'button':
      return message.button ? { text: answerOfOption(message.button.payload, message.button.text), attachments: [] } : undefined;
    case 'location': {
      const place = message.location;
      if (!place) return undefined;
      const label = [place.name, place.address].filter(Boolean).join(', ');
      const text = `Location: ${label ? `${label} ` : ''}(${place.latitude}, ${place.longitude})`;
      return {
        text,
        attachments: [{ type: 'location', latitude: place.latitude, longitude: place.longitude, ...(label ? { name: label } : {}) }],
      };
    }
    default: {
      const kind = MEDIA_KINDS.find((k) => k === message.type);
      const media = kind && message[kind];
      if (!kind || !media) return undefined;
      const attachment: Attachment = {
        type: kind === 'document' ? 'file' : kind === 'sticker' ? 'image' : kind,
        media_id: media.id,
        url: mediaPath('mobile_msg', bot, media.id),
        ...(media.mime_type ? { mime_type: media.mime_type.split(';')[0]!.trim() } : {}),
        ...(media.caption ? { caption: media.caption } : {}),
        ...(media.filename ? { name: media.filename } : {}),
        ...(kind === 'audio' && media.voice ? { voice: true } : {}),
      };
      return { text: media.caption ?? '', attachments: [attachment] };
    }
  }
}

function statusOf(status: MobileMsgStatus, bot: string): DeliveryStatusUpdate | undefined {
  if (!STATUS_KINDS.has(status.status)) return undefined;
  const error = status.errors?.[0];
  return {
    channel: 'mobile_msg', bot, provider_message_id: status.id, status: status.status as DeliveryStatusUpdate['status'],
    ...(error ? { error: { code: error.code, title: [error.title ?? error.message ?? 'failed', error.error_data?.details].filter(Boolean).join(': ') } } : {}),
  };
}
