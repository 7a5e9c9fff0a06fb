/**
 * Admission to a room: `POST /api/meet/rooms/{id}/join` (anyone holding the link, as a guest) and
 * `POST /api/meet/token` (a user of the room, meetings/room-access.ts, asks for a token with chosen
 * rights, always as themselves). Both refuse an ended or expired room (410), and a token never
 * outlives its room.
 */
import { randomUUID } from 'node:crypto';
import type { MeetingRoomRow } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { assertOpen } from './meeting-room.js';
import type { MeetingsContext } from './meetings-context.js';
import type { IceServer } from './ports.js';

/** What a client needs to connect. */
export interface MeetingAccess {
  room_id: string;
  room: string;
  title: string;
  media: 'video' | 'audio';
  provider: 'embedded' | 'rtc';
  identity: string;
  name: string;
  token: string;
  /** The rtc server's WebSocket address, or the embedded signalling socket's path. */
  url: string;
  ice_servers: IceServer[];
  expires_at: string;
}

/** Path of the embedded signalling socket (http/meet-socket.ts). */
export const MEET_SOCKET_PATH = '/api/meet/ws';

export async function findRoom(ctx: Pick<MeetingsContext, 'repo'>, idOrName: string): Promise<MeetingRoomRow> {
  const room = await ctx.repo.find(idOrName);
  if (!room) throw new NotFoundError(`No meeting room ${idOrName}`, 'meeting_not_found');
  return room;
}

/** The one identity a signed-in user's token carries (docs/meetings.md, "Who may use a room"). */
export const identityOf = (userId: string): string => `user-${userId}`;

export interface JoinInput {
  room: string;
  /** The signed-in user joining, when there is one; guests are given a random identity. */
  user?: { id: string; name: string; admin: boolean };
  name?: string;
  can_publish?: boolean;
  can_subscribe?: boolean;
  ttl_seconds?: number;
}

export async function joinMeeting(ctx: MeetingsContext, input: JoinInput): Promise<MeetingAccess> {
  const room = await findRoom(ctx, input.room);
  const now = ctx.now();
  assertOpen(room, now);
  const settings = ctx.settings(room.bot_id);
  const identity = input.user ? identityOf(input.user.id) : `guest-${randomUUID()}`;
  const name = input.name ?? input.user?.name ?? 'Guest';
  const left = Math.floor((room.expires_at.getTime() - now.getTime()) / 1000);
  const ttl = Math.max(1, Math.min(left, input.ttl_seconds ?? left));
  const token = await settings.provider.token({
    room: room.name, identity, name, canPublish: input.can_publish ?? true, canSubscribe: input.can_subscribe ?? true,
    roomAdmin: input.user?.admin ?? false, ttlSeconds: ttl,
  });
  return {
    room_id: room.id, room: room.name, title: room.title, media: room.media, provider: room.provider, identity, name, token,
    url: settings.provider.url ?? MEET_SOCKET_PATH, ice_servers: settings.iceServers,
    expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
  };
}
