/**
 * Who may use a room through the signed-in endpoints (docs/meetings.md, "Who may use a room"):
 * read it, get a token for it, run its transcription, invite to it, end it. The room's
 * creator, the users it invited (their user ids in `participants`), the attendant the room's
 * conversation is assigned to, and supervisors and admins. Everyone else — and customers, who are
 * not users — comes in through the room's link (`POST /api/meet/rooms/{id}/join`).
 * `db/meetings-repo.ts` `list({visible_to})` is the same rule as a query.
 */
import { hasAnyRole, type Principal } from '../auth/index.js';
import type { MeetingRoomRow } from '../db/index.js';
import { ForbiddenError } from '../infra/errors.js';
import { findRoom, identityOf } from './join-meeting.js';
import type { MeetingsContext } from './meetings-context.js';

/** Supervisors and admins use every room, as they see every conversation (attendance's rule). */
export function seesEveryRoom(caller: Principal): boolean {
  return hasAnyRole(caller, ['supervisor']);
}

/** True when the caller is one of the room's users (the table of docs/meetings.md). */
export async function mayUseRoom(ctx: Pick<MeetingsContext, 'sessions'>, caller: Principal, room: MeetingRoomRow): Promise<boolean> {
  if (seesEveryRoom(caller) || room.created_by === caller.user_id || room.participants.includes(caller.user_id)) return true;
  // The conversation's attendant: whoever holds it now, also after a transfer.
  return room.session_id !== null && (await ctx.sessions.findById(room.session_id))?.assigned_to === caller.user_id;
}

/** The room by id or name: NotFoundError (404) when there is none, ForbiddenError (403) when the caller is not in it. */
export async function usableRoom(ctx: Pick<MeetingsContext, 'repo' | 'sessions'>, caller: Principal, idOrName: string): Promise<MeetingRoomRow> {
  const room = await findRoom(ctx, idOrName);
  if (!(await mayUseRoom(ctx, caller, room))) throw new ForbiddenError('You are not in this meeting: join it through its link');
  return room;
}

/**
 * A room made for a conversation, or a link sent to its customer, needs the conversation to be
 * the caller's (ForbiddenError otherwise). An unknown session is left to the use case (400/404).
 */
export async function assertActsForSession(ctx: Pick<MeetingsContext, 'sessions'>, caller: Principal, sessionId: string): Promise<void> {
  if (seesEveryRoom(caller)) return;
  const session = await ctx.sessions.findById(sessionId);
  if (session && session.assigned_to !== caller.user_id) throw new ForbiddenError('This conversation is not assigned to you');
}

/** ForbiddenError unless `identity` is absent or the caller's own: a token never speaks for someone else. */
export function assertOwnIdentity(caller: Principal, identity: string | undefined): void {
  if (identity !== undefined && identity !== identityOf(caller.user_id)) {
    throw new ForbiddenError(`A token is always for the caller: identity must be ${identityOf(caller.user_id)} or absent`);
  }
}
