import type { Attachment as CardAttachment } from '@microsoft/agents-activity';
import type { AudioFile, OutboundMessage } from '../../engine/index.js';
import { JOIN_VIDEO_CALL } from '../meeting-link.js';

/** The most suggested actions the provider shows under one message. */
export const MAX_SUGGESTED_ACTIONS = 6;

/** An outgoing activity's own fields; the adapter adds who, where and the conversation. */
export interface ActivityContent {
  text?: string;
  textFormat?: 'plain' | 'markdown';
  suggestedActions?: { to: string[]; actions: { type: 'imBack'; title: string; value: string }[] };
  attachments?: CardAttachment[];
}

/**
 * A message to a customer as an activity (docs/channels/workchat.md): its text, a HEAR menu's
 * options as suggested actions (each sends the option's key back as the customer's text), or —
 * with more options than the provider shows as suggestions — as an Adaptive Card with one button
 * per option; attachments with a URL as content links.
 */
export function renderActivity(message: OutboundMessage): ActivityContent {
  const options = message.suggestions ?? [];
  const files: CardAttachment[] = (message.attachments ?? []).flatMap((a) => a.url && /^https?:/.test(a.url)
    ? [{ contentType: a.mime_type ?? 'application/octet-stream', contentUrl: a.url, ...(a.name ? { name: a.name } : {}) }]
    : []);
  const content: ActivityContent = { text: message.text, textFormat: 'plain' };
  if (options.length > MAX_SUGGESTED_ACTIONS) {
    files.unshift(optionsCard(options));
  } else if (options.length) {
    content.suggestedActions = { to: [], actions: options.map((o) => ({ type: 'imBack', title: o.label, value: o.key })) };
  }
  if (files.length) content.attachments = files;
  return content;
}

/**
 * A meeting's join link as an Adaptive Card (`workchat-meeting-enabled`, docs/channels/workchat.md,
 * "Video calls"): the message's words and a button that opens the room's join page.
 */
export function meetingCard(text: string, joinUrl: string): CardAttachment {
  return adaptiveCard([{ type: 'TextBlock', text, wrap: true }], [{ type: 'Action.OpenUrl', title: JOIN_VIDEO_CALL, url: joinUrl }]);
}

/** Spoken audio as an inline attachment: the Ogg/Opus bytes as a `data:` URL, which the activity carries itself. */
export function audioAttachment(audio: AudioFile): CardAttachment {
  return { contentType: audio.mimeType, contentUrl: `data:${audio.mimeType};base64,${audio.data.toString('base64')}`, name: audio.name ?? 'reply.ogg' };
}

/** An Adaptive Card with one Action.Submit per option; a press sends `{ text: key }` (parse-activity.ts reads it). */
function optionsCard(options: readonly { key: string; label: string }[]): CardAttachment {
  return adaptiveCard([], options.map((o) => submitAction(o.label, o.key)));
}

/** An Adaptive Card attachment (schema 1.4, what the provider's clients render). */
export function adaptiveCard(body: unknown[], actions: unknown[]): CardAttachment {
  return {
    contentType: 'application/vnd.microsoft.card.adaptive',
    content: { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.4', body, actions },
  };
}

/**
 * A button that sends `text` as if typed: `msteams.imBack` makes the provider post it as the
 * member's message; `text` is what other clients hand back in the activity's `value`.
 */
export function submitAction(title: string, text: string): unknown {
  return { type: 'Action.Submit', title, data: { text, msteams: { type: 'imBack', value: text } } };
}
