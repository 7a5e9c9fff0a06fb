/**
 * The new-conversation notice as Block Kit (docs/channels/team-chat.md): who, on which channel,
 * the customer fields attendants see,
 * what they wrote and, while the conversation waits, a Take button whose value is the session id.
 * Once taken or resolved the same message is updated to say so, without the button. Pure.
 */

/** The action id of the Take button; its value is the session id. */
export const TAKE_ACTION_ID = 'take_conversation';

/** What a notice shows. */
export interface TeamChatNotice {
  session_id: string;
  /** The customer's display name (docs/crm.md, "What attendants see"). */
  customer: string;
  /** The customer fields attendants see (docs/crm.md, "What attendants see"), one line each under the header. */
  facts?: readonly { title: string; value: string }[];
  /** The customer's channel (web, sms…). */
  channel: string;
  /** The message that started it. */
  message: string;
  /** Absent while it waits (the Take button shows); otherwise what became of it, e.g. "Taken by Ana". */
  outcome?: string;
}

/** Text in mrkdwn is HTML-escaped for `&`, `<` and `>` so a customer cannot write mentions or links. */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The plain-text fallback (notifications, screen readers) and the blocks of a notice. */
export function noticeMessage(notice: TeamChatNotice): { text: string; blocks: Record<string, unknown>[] } {
  const quoted = escapeMrkdwn(notice.message).split('\n').map((l) => `>${l}`).join('\n');
  const header = `*New conversation* from *${escapeMrkdwn(notice.customer)}* on ${escapeMrkdwn(notice.channel)}`;
  const facts = (notice.facts ?? []).map((f) => `*${escapeMrkdwn(f.title)}:* ${escapeMrkdwn(f.value)}`);
  const blocks: Record<string, unknown>[] = [
    { type: 'section', text: { type: 'mrkdwn', text: [header, ...facts, quoted].join('\n') } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `Session ${notice.session_id}${notice.outcome ? ` · ${escapeMrkdwn(notice.outcome)}` : ''}` }] },
  ];
  if (!notice.outcome) {
    blocks.push({
      type: 'actions',
      elements: [{ type: 'button', action_id: TAKE_ACTION_ID, style: 'primary', text: { type: 'plain_text', text: 'Take' }, value: notice.session_id }],
    });
  }
  return { text: `New conversation from ${notice.customer} on ${notice.channel}: ${notice.message}`, blocks };
}
