/**
 * `/video`, `/video link`, `/video invite @customer`, `/video end`, `/call` and `/voice on|off`
 * on the attendant's held conversation. Rooms belong to the meetings area: attendance
 * reaches it only through the port below, given at the composition root (docs/meetings.md,
 * "In attendance").
 */
import { hasVoice } from '../../engine/index.js';
import { heldConversation, type Actor } from './attendant-scope.js';
import { inviteTarget } from './invite-target.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { MeetingAction } from './parse-command.js';
import type { CommandResult } from './conversation-commands.js';

/** The meetings port of the attendant commands; every call is about one conversation in attendance. */
export interface AttendantMeetingsPort {
  /** Opens (or reuses) the conversation's room and sends the customer its link. */
  start(input: { sessionId: string; attendantId: string; media: 'video' | 'audio' }): Promise<{ join_url: string; reused: boolean }>;
  /** The link of the conversation's open room, opening one without sending it when there is none. */
  link(input: { sessionId: string; attendantId: string }): Promise<{ join_url: string }>;
  /** Sends the open room's link to a customer on their channel: `customerSessionId` is their conversation. */
  invite(input: { sessionId: string; attendantId: string; customerSessionId: string }): Promise<{ join_url: string }>;
  /** Ends the conversation's open room; false when there was none. */
  end(input: { sessionId: string; attendantId: string }): Promise<boolean>;
  /** Sets the session's `voice_response` (docs/meetings.md, "In attendance"). */
  setVoice(input: { sessionId: string; on: boolean }): Promise<void>;
}

export async function meetingCommand(
  deps: { repos: AttendanceRepositories; meetings: AttendantMeetingsPort },
  actor: Actor,
  request: MeetingAction,
  sessionId?: string,
): Promise<CommandResult> {
  const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
  const ids = { sessionId: row.session_id, attendantId: actor.user_id };
  const done = (reply: string): CommandResult => ({ ok: true, reply, session_id: row.session_id });
  switch (request.action) {
    case 'start': {
      const { join_url, reused } = await deps.meetings.start({ ...ids, media: request.media });
      const what = request.media === 'audio' ? 'Call' : 'Video call';
      return done(`${what} ${reused ? 'already open' : 'started'}; the customer got the link. Join: ${join_url}`);
    }
    case 'link':
      return done(`Join link: ${(await deps.meetings.link(ids)).join_url}`);
    case 'invite': {
      const invited = await inviteTarget(deps.repos, row, request.target);
      if ('refusal' in invited) return { ok: false, reply: invited.refusal, session_id: row.session_id };
      const { join_url } = await deps.meetings.invite({ ...ids, customerSessionId: invited.sessionId });
      return done(`Invitation sent to ${invited.name}: ${join_url}`);
    }
    case 'end':
      return (await deps.meetings.end(ids)) ? done('Video call ended.') : { ok: false, reply: 'There is no open call in this conversation.', session_id: row.session_id };
    case 'voice':
      // Only channels that carry speech can speak a reply (docs/basic.md, "Voice on each channel").
      if (!hasVoice(row.channel)) return { ok: false, reply: voiceRefusal(row.channel), session_id: row.session_id };
      await deps.meetings.setVoice({ sessionId: row.session_id, on: request.on });
      return done(request.on ? 'Voice replies are on: your replies reach the customer as speech where the channel supports it.' : 'Voice replies are off.');
  }
}

/** Why `/voice` does nothing on a text-only channel (sms, social_dm, page_msg). */
export function voiceRefusal(channel: string): string {
  return `Voice replies are not available on ${channel}: that channel carries text only, so your replies stay text.`;
}
