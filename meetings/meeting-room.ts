/**
 * The meeting room record as the endpoints answer it (docs/meetings.md, "Rooms"), and the one
 * rule of a room's life: open until it ends or its `expires_at` passes; after that its link
 * answers 410 and its tokens are refused.
 */
import type { MeetingRoomRow } from '../db/index.js';
import { GoneError } from '../infra/errors.js';

export type MeetingStatus = 'open' | 'ended' | 'expired';

export interface MeetingRoomView {
  id: string;
  name: string;
  title: string;
  type: string;
  media: 'video' | 'audio';
  provider: 'embedded' | 'rtc';
  status: MeetingStatus;
  bot_id: string | null;
  session_id: string | null;
  conversation_id: string | null;
  max_participants: number;
  recording: boolean;
  transcription: boolean;
  transcription_status: string | null;
  participants: string[];
  join_url: string;
  created_by: string | null;
  expires_at: string;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
}

export function statusOf(room: Pick<MeetingRoomRow, 'ended_at' | 'expires_at'>, now: Date): MeetingStatus {
  if (room.ended_at) return 'ended';
  return room.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** The link customers and guests open: the join page of the room. */
export function joinUrlOf(publicUrl: string, name: string): string {
  return `${publicUrl.replace(/\/$/, '')}/meet/${encodeURIComponent(name)}`;
}

export function toRoomView(room: MeetingRoomRow, publicUrl: string, now: Date): MeetingRoomView {
  return {
    id: room.id, name: room.name, title: room.title, type: room.type, media: room.media, provider: room.provider,
    status: statusOf(room, now), bot_id: room.bot_id, session_id: room.session_id, conversation_id: room.conversation_id,
    max_participants: room.max_participants, recording: room.recording, transcription: room.transcription,
    transcription_status: room.transcription_status, participants: room.participants, join_url: joinUrlOf(publicUrl, room.name),
    created_by: room.created_by, expires_at: room.expires_at.toISOString(), started_at: room.started_at?.toISOString() ?? null,
    ended_at: room.ended_at?.toISOString() ?? null, created_at: room.created_at.toISOString(),
  };
}

/** Throws GoneError (410) unless the room is open: an ended or expired room admits nobody. */
export function assertOpen(room: MeetingRoomRow, now: Date): void {
  const status = statusOf(room, now);
  if (status === 'ended') throw new GoneError(`The meeting ${room.name} has ended`, 'meeting_ended');
  if (status === 'expired') throw new GoneError(`The meeting ${room.name} has expired`, 'meeting_expired');
}
