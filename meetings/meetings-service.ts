/**
 * The meetings area's one entry (docs/meetings.md): the use cases behind `/api/meet/*`, the join
 * page's view of a room, the embedded signalling socket's admission and hooks, the port of the
 * attendant commands. Built once by app/meetings.ts, after the engine; CREATE MEETING's port
 * (script-meetings.ts) is built before it, from the same rooms.
 */
import { hasAnyRole, type Principal } from '../auth/index.js';
import type { MeetingMedia } from '../db/index.js';
import { createAttendantCalls } from './attendant-calls.js';
import { createMeeting, type CreateMeetingInput } from './create-meeting.js';
import { endMeeting } from './end-meeting.js';
import { inviteToMeeting, type InviteInput } from './invite-to-meeting.js';
import { findRoom, joinMeeting, type JoinInput } from './join-meeting.js';
import { createConversation, joinConversation, startConversationCall } from './meeting-conversations.js';
import { markCallStarted, markScreenShare } from './meeting-events.js';
import { statusOf, toRoomView, type MeetingStatus } from './meeting-room.js';
import type { MeetingsContext } from './meetings-context.js';
import type { EmbeddedClaims, EmbeddedTokens } from './providers/embedded-provider.js';
import type { RtcSettings } from './providers/rtc-provider.js';
import { assertActsForSession, assertOwnIdentity, seesEveryRoom, usableRoom } from './room-access.js';
import { receiveRtcWebhook, type RtcWebhookInput } from './rtc-webhook.js';
import { createMeetHub, MEET_WS_CLOSE, type MeetHub } from './signalling/meet-hub.js';
import { transcribeMeeting, type TranscriptionInput } from './transcribe-meeting.js';

export interface MeetingsServiceDeps {
  context: MeetingsContext;
  tokens: EmbeddedTokens;
  rtcOf(botId: string): RtcSettings | undefined;
  logger: { warn(obj: object, msg: string): void };
}

const displayName = (p: Principal) => p.username;
const admin = (p: Principal) => hasAnyRole(p, ['attendant', 'supervisor']);

export function createMeetingsService(deps: MeetingsServiceDeps) {
  const ctx = deps.context;
  const view = (row: Parameters<typeof toRoomView>[0]) => toRoomView(row, ctx.publicUrl(), ctx.now());
  // The hub's hooks run off the socket's events: a failure is logged, never thrown into ws.
  const byName = (name: string, work: (room: NonNullable<Awaited<ReturnType<typeof ctx.repo.find>>>) => Promise<unknown>) => {
    void ctx.repo.find(name).then((room) => room && work(room)).catch((err: unknown) => deps.logger.warn({ err, room: name }, 'meeting room update failed'));
  };
  const hub: MeetHub = createMeetHub({
    onStarted: (name) => byName(name, (room) => markCallStarted(ctx, room, ctx.now())),
    onScreenShare: (name) => byName(name, (room) => markScreenShare(ctx, room, ctx.now())),
    // Everyone left after the call took place: the call is over and its link stops working.
    onEmpty: (name) => byName(name, (room) => endMeeting(ctx, room)),
  });

  return {
    async create(principal: Principal, input: Omit<CreateMeetingInput, 'created_by'>) {
      if (input.session_id) await assertActsForSession(ctx, principal, input.session_id);
      return view(await createMeeting(ctx, { ...input, created_by: principal.user_id }));
    },

    /** The rooms the caller may use (meetings/room-access.ts). */
    async list(principal: Principal, filter: { status?: MeetingStatus; session_id?: string }) {
      const rows = await ctx.repo.list({
        ...(filter.session_id ? { session_id: filter.session_id } : {}),
        ...(seesEveryRoom(principal) ? {} : { visible_to: principal.user_id }),
      });
      const now = ctx.now();
      return { rooms: rows.filter((r) => !filter.status || statusOf(r, now) === filter.status).map(view) };
    },

    get: async (principal: Principal, id: string) => view(await usableRoom(ctx, principal, id)),

    /** The link's holder joins; a signed-in caller joins as themselves. */
    join: (room: string, input: { principal?: Principal; name?: string }) => joinMeeting(ctx, {
      room, ...(input.name ? { name: input.name } : {}),
      ...(input.principal ? { user: { id: input.principal.user_id, name: displayName(input.principal), admin: admin(input.principal) } } : {}),
    }),

    /** A token for a user of the room, always as themselves: another `identity` is refused (403). */
    async token(principal: Principal, input: Omit<JoinInput, 'user'> & { identity?: string }) {
      const { identity, ...rest } = input;
      assertOwnIdentity(principal, identity);
      await usableRoom(ctx, principal, input.room);
      return joinMeeting(ctx, { ...rest, user: { id: principal.user_id, name: displayName(principal), admin: admin(principal) } });
    },

    async transcription(principal: Principal, input: TranscriptionInput) {
      await usableRoom(ctx, principal, input.room);
      return transcribeMeeting(ctx, input);
    },

    /** A link sent to a conversation's customer needs that conversation to be the caller's. */
    async invite(principal: Principal, input: InviteInput) {
      await usableRoom(ctx, principal, input.room);
      if (input.session_id) await assertActsForSession(ctx, principal, input.session_id);
      return inviteToMeeting(ctx, input);
    },

    async end(id: string, principal: Principal) {
      const room = await usableRoom(ctx, principal, id);
      await endMeeting(ctx, room, principal.user_id);
      hub.end(room.name);
      return view((await findRoom(ctx, id)));
    },

    conversations: {
      create: (principal: Principal, input: { title: string; members: string[] }) => createConversation(ctx, { ...input, created_by: principal.user_id }),
      join: (principal: Principal, id: string) => joinConversation(ctx, id, principal.user_id),
      startCall: async (principal: Principal, id: string, input: { media?: MeetingMedia; expires_in?: number; bot?: string }) =>
        view(await startConversationCall(ctx, { id, userId: principal.user_id, ...input })),
    },

    rtcWebhook: (input: RtcWebhookInput) => receiveRtcWebhook(ctx, deps.rtcOf, input),

    /** What the join page shows: the room's state, or `missing`. */
    async page(name: string): Promise<{ status: MeetingStatus | 'missing'; title?: string; media?: MeetingMedia; provider?: string }> {
      const room = await ctx.repo.find(name);
      if (!room) return { status: 'missing' };
      return { status: statusOf(room, ctx.now()), title: room.title, media: room.media, provider: room.provider };
    },

    /** The embedded signalling socket: checks a token against its room, then the hub admits. */
    signalling: {
      hub,
      /** The claims and the room's limit, or the close code to refuse with. */
      async admit(token: string): Promise<{ claims: EmbeddedClaims; max: number } | { refuse: number; reason: string }> {
        const claims = await deps.tokens.verify(token);
        if (!claims) return { refuse: MEET_WS_CLOSE.unauthorized, reason: 'invalid token' };
        const room = await ctx.repo.find(claims.room);
        if (!room || room.provider !== 'embedded') return { refuse: MEET_WS_CLOSE.unauthorized, reason: 'unknown room' };
        if (statusOf(room, ctx.now()) !== 'open') return { refuse: MEET_WS_CLOSE.gone, reason: 'meeting ended or expired' };
        return { claims, max: room.max_participants };
      },
    },

    // `/video end` closes the embedded peers too.
    attendantCalls: createAttendantCalls(ctx, (room) => hub.end(room.name)),
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
