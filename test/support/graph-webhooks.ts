/**
 * Webhook bodies of the Graph-style providers, built after their published examples
 * (docs/channels/README.md), and signed the way the providers sign them: `X-Hub-Signature-256`
 * over the raw bytes, which escape every non-ASCII character as `\uXXXX`.
 */
import { signHubPayload } from '../../adapters/graph/index.js';

/** The body as the provider sends it: JSON with non-ASCII escaped. */
export function providerBytes(body: unknown): Buffer {
  return Buffer.from(JSON.stringify(body).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** The bytes and headers of a signed webhook POST. */
export function signedWebhook(body: unknown, appSecret: string): { raw: Buffer; headers: Record<string, string> } {
  const raw = providerBytes(body);
  return { raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signHubPayload(raw, appSecret) } };
}

/** One mobile_msg message of a given kind (the `messages[]` item of the cloud API's webhook). */
export type MobileMsgItem = Record<string, unknown> & { from: string; id: string; type: string };

export const mobileMsg = {
  text: (from: string, id: string, body: string): MobileMsgItem => ({ from, id, timestamp: '1732521600', type: 'text', text: { body } }),
  buttonReply: (from: string, id: string, replyId: string, title: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'interactive', context: { from: '15550001111', id: 'wamid.PREV' },
    interactive: { type: 'button_reply', button_reply: { id: replyId, title } },
  }),
  listReply: (from: string, id: string, replyId: string, title: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'interactive',
    interactive: { type: 'list_reply', list_reply: { id: replyId, title, description: 'row description' } },
  }),
  templateButton: (from: string, id: string, payload: string, text: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'button', button: { payload, text },
  }),
  image: (from: string, id: string, mediaId: string, caption?: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'image', image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'abc', ...(caption ? { caption } : {}) },
  }),
  voice: (from: string, id: string, mediaId: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'audio', audio: { id: mediaId, mime_type: 'audio/ogg; codecs=opus', sha256: 'abc', voice: true },
  }),
  document: (from: string, id: string, mediaId: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'document',
    document: { id: mediaId, mime_type: 'application/pdf', sha256: 'abc', filename: 'invoice.pdf', caption: 'my invoice' },
  }),
  location: (from: string, id: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'location',
    location: { latitude: -23.5505, longitude: -46.6333, name: 'Praça da Sé', address: 'São Paulo' },
  }),
  reaction: (from: string, id: string, to: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'reaction', reaction: { message_id: to, emoji: '👍' },
  }),
  unsupported: (from: string, id: string): MobileMsgItem => ({
    from, id, timestamp: '1732521600', type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }],
  }),
};

/** A `whatsapp_business_account` webhook with messages (and their senders) and statuses, in one change per group. */
export function mobileMsgWebhook(phoneNumberId: string, groups: { messages?: MobileMsgItem[]; statuses?: Record<string, unknown>[] }[]) {
  return {
    object: 'whatsapp_business_account',
    entry: groups.map((group, i) => ({
      id: `WABA${i}`,
      changes: [{
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
          ...(group.messages ? {
            contacts: [...new Set(group.messages.map((m) => m.from))].map((wa) => ({ profile: { name: `Customer ${wa.slice(-4)}` }, wa_id: wa })),
            messages: group.messages,
          } : {}),
          ...(group.statuses ? { statuses: group.statuses } : {}),
        },
      }],
    })),
  };
}

/** A `statuses[]` item; `failed` carries the provider's error. */
export function mobileMsgStatus(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string, error?: { code: number; title: string; details?: string }) {
  return {
    id, status, timestamp: '1732521700', recipient_id: recipient,
    ...(status === 'failed' && error ? { errors: [{ code: error.code, title: error.title, message: error.title, ...(error.details ? { error_data: { details: error.details } } : {}) }] } : {}),
  };
}

/** One `messaging[]` event of the page_msg / social_dm webhook. */
export const messaging = {
  text: (sender: string, mid: string, text: string) => ({ sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, message: { mid, text } }),
  quickReply: (sender: string, mid: string, payload: string, text: string) => ({
    sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, message: { mid, text, quick_reply: { payload } },
  }),
  postback: (sender: string, mid: string, payload: string, title: string) => ({
    sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, postback: { mid, title, payload },
  }),
  image: (sender: string, mid: string, url: string) => ({
    sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, message: { mid, attachments: [{ type: 'image', payload: { url } }] },
  }),
  echo: (sender: string, mid: string, text: string) => ({
    sender: { id: 'PAGE1' }, recipient: { id: sender }, timestamp: 1732521600000, message: { mid, text, is_echo: true, app_id: 1234 },
  }),
  reaction: (sender: string, mid: string) => ({
    sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, reaction: { mid, action: 'react', reaction: 'love', emoji: '❤' },
  }),
  delivery: (sender: string, mids: string[]) => ({
    sender: { id: sender }, recipient: { id: 'PAGE1' }, timestamp: 1732521600000, delivery: { mids, watermark: 1732521600000 },
  }),
};

/** A `page` (page_msg) or `instagram` (social_dm) webhook with the given events. */
export function messagingWebhook(object: 'page' | 'instagram', events: Record<string, unknown>[]) {
  return { object, entry: [{ id: 'PAGE1', time: 1732521600000, messaging: events }] };
}
