/**
 * The rooms of attendance conversations (docs/meetings.md, "In attendance"), shaped as the port
 * of the attendant commands (attendance/commands/meeting-commands.ts): one open room per
 * conversation at a time, its link sent to the customer on their channel, `call_type` and the
 * `meeting_room`/`meeting_url` keys kept on the session while it lasts.
 */
import type { MeetingMedia, MeetingRoomRow } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { createMeeting } from './create-meeting.js';
import { endMeeting } from './end-meeting.js';
import { sendLinkToCustomer } from './invite-to-meeting.js';
import { joinUrlOf, statusOf } from './meeting-room.js';
import type { MeetingsContext } from './meetings-context.js';

/** `onEnded` lets the caller disconnect the room's peers (the embedded signalling). */
export function createAttendantCalls(ctx: MeetingsContext, onEnded: (room: MeetingRoomRow) => void) {
  async function openRoom(sessionId: string): Promise<MeetingRoomRow | undefined> {
    const now = ctx.now();
    return (await ctx.repo.list({ session_id: sessionId, open: true, limit: 10 })).find((r) => statusOf(r, now) === 'open');
  }

  async function ensureRoom(sessionId: string, attendantId: string, media: MeetingMedia): Promise<{ room: MeetingRoomRow; reused: boolean }> {
    const open = await openRoom(sessionId);
    if (open) return { room: open, reused: true };
    const room = await createMeeting(ctx, { session_id: sessionId, created_by: attendantId, media, title: media === 'audio' ? 'Call with an attendant' : 'Video call with an attendant' });
    const url = joinUrlOf(ctx.publicUrl(), room.name);
    // call_type is `voice` for voice calls (docs/meetings.md, "In attendance").
    await ctx.sessions.update(sessionId, { call_type: media === 'audio' ? 'voice' : 'video', context_patch: { meeting_room: room.name, meeting_url: url } });
    return { room, reused: false };
  }

  return {
    async start({ sessionId, attendantId, media }: { sessionId: string; attendantId: string; media: MeetingMedia }) {
      const { room, reused } = await ensureRoom(sessionId, attendantId, media);
      await sendLinkToCustomer(ctx, room, sessionId);
      return { join_url: joinUrlOf(ctx.publicUrl(), room.name), reused };
    },
    async link({ sessionId, attendantId }: { sessionId: string; attendantId: string }) {
      const { room } = await ensureRoom(sessionId, attendantId, 'video');
      return { join_url: joinUrlOf(ctx.publicUrl(), room.name) };
    },
    async invite({ sessionId, customerSessionId }: { sessionId: string; attendantId: string; customerSessionId: string }) {
      // Attendance chose the customer (the conversation's own, or another it holds); the link goes to their channel.
      const room = await openRoom(sessionId);
      if (!room) throw new NotFoundError('There is no open call in this conversation: start one with /video', 'meeting_not_found');
      await sendLinkToCustomer(ctx, room, customerSessionId);
      return { join_url: joinUrlOf(ctx.publicUrl(), room.name) };
    },
    async end({ sessionId, attendantId }: { sessionId: string; attendantId: string }) {
      const room = await openRoom(sessionId);
      if (!room || !(await endMeeting(ctx, room, attendantId))) return false;
      onEnded(room);
      return true;
    },
    async setVoice({ sessionId, on }: { sessionId: string; on: boolean }) {
      await ctx.sessions.update(sessionId, { context_patch: { voice_response: on } });
    },
  };
}
