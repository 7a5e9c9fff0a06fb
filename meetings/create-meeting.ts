/**
 * Creates a room (`POST /api/meet/create`, CREATE MEETING, `/video`, `/call`, a conversation's
 * call): the provider of the room's bot makes it, the row keeps it, and the request is logged
 * for the video KPIs. Options and defaults: docs/meetings.md, "Rooms".
 */
import { randomBytes } from 'node:crypto';
import type { MeetingMedia, MeetingRoomRow } from '../db/index.js';
import { ValidationError } from '../infra/errors.js';
import { logMeetingEvent } from './meeting-events.js';
import type { RoomsContext } from './meetings-context.js';

/** Rooms last an hour unless asked otherwise (docs/meetings.md, "Rooms"). */
export const DEFAULT_EXPIRES_IN = 3600;
/** A day: a link is for one appointment, not a standing room. */
export const MAX_EXPIRES_IN = 86_400;
/** The embedded mesh sends every stream to every peer: beyond a few, browsers give up (docs/meetings.md). */
export const EMBEDDED_MAX_PARTICIPANTS = 6;
/** What the rtc server is asked to hold at most. */
export const RTC_MAX_PARTICIPANTS = 100;

export interface CreateMeetingInput {
  title?: string;
  type?: string;
  expires_in?: number;
  max_participants?: number;
  recording?: boolean;
  transcription?: boolean;
  participants?: string[];
  media?: MeetingMedia;
  /** The bot whose settings apply (id or name). */
  bot?: string;
  session_id?: string;
  /** The conversation of a running turn (CREATE MEETING): trusted as is, its row may not be committed yet. */
  turn_session?: { id: string; bot_id: string };
  conversation_id?: string;
  created_by?: string | null;
}

export async function createMeeting(ctx: RoomsContext, input: CreateMeetingInput): Promise<MeetingRoomRow> {
  const session = input.turn_session ?? (input.session_id ? await ctx.sessions.findById(input.session_id) : undefined);
  if (input.session_id && !session) throw new ValidationError(`Session ${input.session_id} does not exist`, [{ path: 'session_id', message: 'no such session' }]);
  const botId = input.bot !== undefined ? ctx.botId(input.bot) : session?.bot_id ?? null;
  if (botId === undefined) throw new ValidationError(`No bot named ${input.bot}`, [{ path: 'bot', message: 'no such bot' }]);
  const settings = ctx.settings(botId);
  const limit = settings.provider.kind === 'embedded' ? EMBEDDED_MAX_PARTICIPANTS : RTC_MAX_PARTICIPANTS;
  const maxParticipants = input.max_participants ?? settings.maxParticipants;
  if (maxParticipants < 2 || maxParticipants > limit) {
    throw new ValidationError(`max_participants must be between 2 and ${limit} for ${settings.provider.kind} rooms`, [{ path: 'max_participants', message: `2 to ${limit}` }]);
  }
  const expiresIn = input.expires_in ?? DEFAULT_EXPIRES_IN;
  const now = ctx.now();
  const media = input.media ?? 'video';
  // The random part makes the link unguessable: the link is the invitation.
  const name = `${settings.roomPrefix}${randomBytes(12).toString('base64url')}`;
  const recording = (input.recording ?? false) && settings.recordingEnabled;
  await settings.provider.createRoom({ name, maxParticipants, emptyTimeoutSeconds: expiresIn });
  if (recording && settings.provider.startRecording) {
    // A room that cannot be recorded as asked is not made: the server's room goes again.
    await settings.provider.startRecording({ name, media, bucket: settings.storageBucket }).catch(async (error: unknown) => {
      await settings.provider.deleteRoom(name).catch(() => undefined);
      throw error;
    });
  }
  const room = await ctx.repo.insert({
    name, bot_id: botId, session_id: session?.id ?? null, conversation_id: input.conversation_id ?? null,
    provider: settings.provider.kind, media, title: input.title ?? (media === 'audio' ? 'Call' : 'Meeting'), type: input.type ?? 'support',
    max_participants: maxParticipants,
    recording,
    transcription: (input.transcription ?? false) && settings.transcriptionEnabled,
    participants: input.participants ?? [], created_by: input.created_by ?? null,
    expires_at: new Date(now.getTime() + expiresIn * 1000),
  });
  // The log's session reference needs the session's row, which a running turn has not committed yet.
  await logMeetingEvent(ctx, input.turn_session ? { ...room, session_id: null } : room, 'video_requested', now, {}, input.created_by ?? null);
  return room;
}
