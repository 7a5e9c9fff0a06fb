/**
 * A meeting room's join link in a message to a customer (`{PUBLIC_URL}/meet/{room}`,
 * docs/meetings.md): what `/video`, `/call`, `/video invite` and a script's CREATE MEETING send.
 * Channels with buttons show it as a "Join video call" button (bot_msg, workchat). Undefined when
 * the text holds no such link.
 */
export function meetingLinkOf(text: string): string | undefined {
  for (const [candidate] of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const link = candidate.replace(/[.,;:!?)]+$/, '');
    if (URL.canParse(link) && /\/meet\/[^/]+$/.test(new URL(link).pathname)) return link;
  }
  return undefined;
}

/** The label of a meeting link's button. */
export const JOIN_VIDEO_CALL = 'Join video call';
