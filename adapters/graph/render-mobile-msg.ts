import type { Attachment, OutboundMessage, Suggestion } from '../../engine/index.js';
import { encodeOptionId } from './option-id.js';
import { shorten, splitText } from './split-text.js';

/** The provider's limits for one message (docs/channels/mobile-msg.md). */
export const MOBILE_MSG_LIMITS = {
  text: 4096, interactiveBody: 1024, buttons: 3, buttonTitle: 20, rows: 10, rowTitle: 24, rowDescription: 72, listButton: 20, id: 200,
} as const;

/** When the text is too long to carry the menu, the menu goes out on its own with this body. */
const MENU_BODY = 'Please choose:';

/**
 * One OutboundMessage as the JSON bodies of `POST {api-url}/{phone-number-id}/messages`, in order:
 * text split at 4,096 characters; suggestions (a HEAR menu) as up to 3 reply buttons or a list
 * of up to 10 rows on the last part (more options are numbered in the text, and the menu
 * accepts the number); attachments by link.
 */
export function renderMobileMsg(message: OutboundMessage): Record<string, unknown>[] {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  const options = message.suggestions ?? [];
  const tooMany = options.length > MOBILE_MSG_LIMITS.rows;
  const text = tooMany ? `${message.text}\n${options.map((o, i) => `${i + 1}. ${o.label}`).join('\n')}` : message.text;
  const parts = text.trim() === '' ? [] : splitText(text, MOBILE_MSG_LIMITS.text);
  const bodies: Record<string, unknown>[] = [];
  let menuBody: string | undefined;
  if (options.length > 0 && !tooMany) {
    const last = parts.at(-1);
    if (last !== undefined && Array.from(last).length <= MOBILE_MSG_LIMITS.interactiveBody) menuBody = parts.pop();
    else menuBody = MENU_BODY;
  }
  for (const part of parts) bodies.push({ ...envelope, type: 'text', text: { body: part, preview_url: false } });
  if (menuBody !== undefined) bodies.push({ ...envelope, type: 'interactive', interactive: interactiveOf(menuBody, options) });
  for (const attachment of message.attachments ?? []) {
    const body = attachmentBody(attachment);
    if (body) bodies.push({ ...envelope, ...body });
  }
  return bodies;
}

function interactiveOf(body: string, options: Suggestion[]): Record<string, unknown> {
  const id = (o: Suggestion, i: number) => encodeOptionId(o, i, MOBILE_MSG_LIMITS.id);
  if (options.length <= MOBILE_MSG_LIMITS.buttons) {
    return {
      type: 'button', body: { text: body },
      action: { buttons: options.map((o, i) => ({ type: 'reply', reply: { id: id(o, i), title: shorten(o.label, MOBILE_MSG_LIMITS.buttonTitle) } })) },
    };
  }
  return {
    type: 'list', body: { text: body },
    action: {
      button: 'Options',
      sections: [{
        rows: options.map((o, i) => {
          const title = shorten(o.label, MOBILE_MSG_LIMITS.rowTitle);
          // A label cut short in the title is shown whole (as far as it fits) in the description.
          return { id: id(o, i), title, ...(title === o.label.trim() ? {} : { description: shorten(o.label, MOBILE_MSG_LIMITS.rowDescription) }) };
        }),
      }],
    },
  };
}

function attachmentBody(attachment: Attachment): Record<string, unknown> | undefined {
  if (attachment.type === 'location') {
    if (attachment.latitude === undefined || attachment.longitude === undefined) return undefined;
    return { type: 'location', location: { latitude: attachment.latitude, longitude: attachment.longitude, ...(attachment.name ? { name: attachment.name } : {}) } };
  }
  if (!attachment.url && !attachment.media_id) return undefined;
  const kind = attachment.type === 'file' ? 'document' : attachment.type;
  const source = attachment.media_id ? { id: attachment.media_id } : { link: attachment.url };
  const caption = attachment.caption && kind !== 'audio' ? { caption: attachment.caption } : {};
  const filename = kind === 'document' && attachment.name ? { filename: attachment.name } : {};
  return { type: kind, [kind]: { ...source, ...caption, ...filename } };
}
