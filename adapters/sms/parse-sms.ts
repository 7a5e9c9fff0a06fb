import type { Attachment, InboundMessage } from '../../engine/index.js';

/** The form fields of Twilio's inbound message webhook this channel reads (all strings). */
export type SmsFields = Record<string, string | undefined>;

/**
 * Twilio's inbound message webhook as the customer's message: `From` is the customer (E.164),
 * `Body` the text, `MessageSid` the dedupe key, and `MediaUrl0…` with `MediaContentType0…`
 * (`NumMedia` of them, MMS) the attachments. Undefined when the fields are not a message.
 */
export function parseSms(fields: SmsFields, bot: string, now: Date): InboundMessage | undefined {
  const from = fields.From;
  const sid = fields.MessageSid ?? fields.SmsSid;
  if (!from || !sid) return undefined;
  return {
    channel: 'sms',
    bot,
    customer: { external_id: from, ...(from.startsWith('+') ? { phone: from } : {}) },
    text: fields.Body ?? '',
    attachments: mediaOf(fields),
    provider_message_id: sid,
    received_at: now,
    raw: fields,
  };
}

function mediaOf(fields: SmsFields): Attachment[] {
  const count = Math.min(Number.parseInt(fields.NumMedia ?? '0', 10) || 0, 10);
  const media: Attachment[] = [];
  for (let i = 0; i < count; i += 1) {
    const url = fields[`MediaUrl${i}`];
    if (!url) continue;
    const mime = fields[`MediaContentType${i}`];
    media.push({ type: attachmentType(mime), url, ...(mime ? { mime_type: mime } : {}) });
  }
  return media;
}

function attachmentType(mime: string | undefined): Attachment['type'] {
  if (mime?.startsWith('image/')) return 'image';
  if (mime?.startsWith('audio/')) return 'audio';
  if (mime?.startsWith('video/')) return 'video';
  return 'file';
}
