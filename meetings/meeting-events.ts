/**
 * The meeting lines of the attendance event log (docs/meetings.md, "Insights"): a room asked
 * for, a call that took place (two participants connected), its end with the duration, screen
 * sharing, and a transcript's accuracy. attendance/insights/video-kpis.ts computes the video KPIs
 * from them (docs/meetings.md, "Insights").
 */
import type { MeetingRoomRow } from '../db/index.js';
import type { MeetingsContext } from './meetings-context.js';
import type { MeetingEventType } from './ports.js';

export async function logMeetingEvent(
  ctx: Pick<MeetingsContext, 'events'>,
  room: Pick<MeetingRoomRow, 'id' | 'session_id' | 'bot_id' | 'media'>,
  type: MeetingEventType,
  at: Date,
  data: Record<string, unknown> = {},
  attendantId: string | null = null,
): Promise<void> {
  await ctx.events.append({ session_id: room.session_id, bot_id: room.bot_id, attendant_id: attendantId, type, at, data: { room_id: room.id, media: room.media, ...data } });
}

/** The first moment two participants are connected: `started_at` is set once and the call is logged once. */
export async function markCallStarted(ctx: Pick<MeetingsContext, 'repo' | 'events'>, room: MeetingRoomRow, at: Date): Promise<void> {
  if (await ctx.repo.markStarted(room.id, at)) await logMeetingEvent(ctx, room, 'video_started', at);
}

/** Screen sharing began in the room (once per room is enough for the KPI, which counts calls). */
export async function markScreenShare(ctx: Pick<MeetingsContext, 'events'>, room: MeetingRoomRow, at: Date): Promise<void> {
  await logMeetingEvent(ctx, room, 'screen_share_started', at);
}
