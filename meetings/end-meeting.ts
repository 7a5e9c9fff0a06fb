/**
 * Ends a room (`/video end`, the last peer leaving a call, the rtc server's `room_finished`): the
 * provider stops its recording and disconnects everyone, `ended_at` is set once, the call's
 * duration is logged and the conversation's call keys are cleared.
 */
import type { MeetingRoomRow } from '../db/index.js';
import { logMeetingEvent } from './meeting-events.js';
import type { MeetingsContext } from './meetings-context.js';

/** The room as ended, or undefined when it had ended already (nothing is logged twice). */
export async function endMeeting(ctx: MeetingsContext, room: MeetingRoomRow, attendantId: string | null = null): Promise<MeetingRoomRow | undefined> {
  const at = ctx.now();
  const ended = await ctx.repo.markEnded(room.id, at);
  if (!ended) return undefined;
  const { provider } = ctx.settings(room.bot_id);
  // Stopped before the room goes, so the egress finishes and uploads its file.
  if (ended.recording && provider.stopRecording) await provider.stopRecording(room.name);
  await provider.deleteRoom(room.name);
  // Duration counts from the moment two were connected; a room nobody joined ended without a call.
  const duration = ended.started_at ? Math.max(0, (at.getTime() - ended.started_at.getTime()) / 1000) : null;
  await logMeetingEvent(ctx, ended, 'video_ended', at, { duration_seconds: duration, completed: ended.started_at !== null }, attendantId);
  if (ended.session_id) await ctx.sessions.update(ended.session_id, { call_type: null, context_patch: { meeting_room: null, meeting_url: null } });
  return ended;
}
