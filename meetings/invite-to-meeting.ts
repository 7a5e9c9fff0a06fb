/**
 * `POST /api/meet/invite` and `/video invite`: the room's join link by email (through the mailer)
 * and, for a room of an attendance conversation, by a message on the customer's channel.
 */
import type { MeetingRoomRow } from '../db/index.js';
import type { Channel } from '../engine/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { assertOpen, joinUrlOf } from './meeting-room.js';
import { findRoom } from './join-meeting.js';
import type { MeetingsContext } from './meetings-context.js';

export interface InviteInput {
  room: string;
  emails?: string[];
  /** A conversation whose customer gets the link on their channel (default: the room's own). */
  session_id?: string;
  /** Send on the customer's channel even when `session_id` is absent (the room's conversation). */
  message_customer?: boolean;
  note?: string;
}

export interface InviteResult {
  room_id: string;
  join_url: string;
  emailed: string[];
  messaged_session_id: string | null;
}

export async function inviteToMeeting(ctx: MeetingsContext, input: InviteInput): Promise<InviteResult> {
  const room = await findRoom(ctx, input.room);
  assertOpen(room, ctx.now());
  const url = joinUrlOf(ctx.publicUrl(), room.name);
  const emails = input.emails ?? [];
  if (emails.length > 0 && !ctx.mail) throw new ConflictError('Mail is not configured on this server (SMTP_URL): invitations by email cannot be sent', 'mail_not_configured');
  for (const to of emails) {
    await ctx.mail!.send({ to, subject: `Invitation: ${room.title}`, text: `${input.note ? `${input.note}\n\n` : ''}Join the ${room.media === 'audio' ? 'call' : 'video meeting'}: ${url}\nThe link works until ${room.expires_at.toISOString()}.` });
  }
  const sessionId = input.session_id ?? (input.message_customer ? room.session_id ?? undefined : undefined);
  if (sessionId) await sendLinkToCustomer(ctx, room, sessionId, input.note);
  if (emails.length > 0) await ctx.repo.update(room.id, { participants: [...new Set([...room.participants, ...emails])] });
  return { room_id: room.id, join_url: url, emailed: emails, messaged_session_id: sessionId ?? null };
}

/** The link as a message to the conversation's customer, on their channel, from the attendant. */
export async function sendLinkToCustomer(ctx: MeetingsContext, room: MeetingRoomRow, sessionId: string, note?: string): Promise<void> {
  const session = await ctx.sessions.findById(sessionId);
  if (!session) throw new NotFoundError(`Session ${sessionId} does not exist`, 'session_not_found');
  const what = room.media === 'audio' ? 'a call' : 'a video call';
  const text = `${note ? `${note}\n` : ''}Join ${what} with us: ${joinUrlOf(ctx.publicUrl(), room.name)}`;
  await ctx.customers.send([{ session_id: session.id, channel: session.channel as Channel, to: session.external_user_id, text, from: 'attendant' }]);
}
