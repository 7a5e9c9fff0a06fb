import type { MeetingsService } from '../../meetings/index.js';
import { defineRoute } from '../route.js';
import {
  CreateConversationRequestSchema, CreateMeetingRequestSchema, InviteRequestSchema, InviteSchema, JoinMeetingRequestSchema, MeetConversationParamsSchema,
  MeetingAccessSchema, MeetingConversationSchema, MeetingRoomListQuerySchema, MeetingRoomListSchema, MeetingRoomSchema, MeetingTokenRequestSchema,
  MeetRoomParamsSchema, RtcWebhookAnswerSchema, RtcWebhookParamsSchema, StartCallRequestSchema, TranscriptionRequestSchema, TranscriptionSchema,
} from '../schemas/meetings.js';

const TAG = 'meetings';

const conversationView = (c: { id: string; title: string; members: string[]; created_by: string | null; created_at: Date }) => ({
  ...c, created_at: c.created_at.toISOString(),
});

/** `/api/meet/*` (docs/meetings.md, "Endpoints") and the rtc server's webhook. */
export function meetingRoutes(meetings: MeetingsService) {
  return [
    defineRoute({
      method: 'post', path: '/api/meet/create', summary: 'Create a meeting room', tag: TAG, access: 'authenticated',
      body: CreateMeetingRequestSchema, status: 201, response: { description: 'The room', schema: MeetingRoomSchema }, errors: [403, 502],
      handle: ({ body, principal }) => meetings.create(principal, body),
    }),
    defineRoute({
      method: 'get', path: '/api/meet/rooms', summary: 'List rooms (supervisors and admins: every room; others: the rooms they are in)', tag: TAG,
      access: 'authenticated', query: MeetingRoomListQuerySchema, response: { description: 'Rooms, newest first', schema: MeetingRoomListSchema },
      handle: ({ query, principal }) => meetings.list(principal, query),
    }),
    defineRoute({
      method: 'get', path: '/api/meet/rooms/:id', summary: 'A room (its users only: docs/meetings.md, "Who may use a room")', tag: TAG, access: 'authenticated', params: MeetRoomParamsSchema,
      response: { description: 'The room', schema: MeetingRoomSchema }, errors: [403, 404],
      handle: ({ params, principal }) => meetings.get(principal, params.id),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/rooms/:id/join', summary: 'Join a room with its link: a token and where to connect', tag: TAG,
      access: 'public', params: MeetRoomParamsSchema, body: JoinMeetingRequestSchema,
      response: { description: 'Access to the room', schema: MeetingAccessSchema }, errors: [404, 410],
      handle: ({ params, body }) => meetings.join(params.id, body),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/rooms/:id/end', summary: 'End a room: everyone is disconnected and its link stops working', tag: TAG,
      access: ['attendant', 'supervisor'], params: MeetRoomParamsSchema, response: { description: 'The ended room', schema: MeetingRoomSchema }, errors: [403, 404, 502],
      handle: ({ params, principal }) => meetings.end(params.id, principal),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/token', summary: 'An access token for a room the caller is in, always as the caller (customers join through the link)', tag: TAG, access: 'authenticated',
      body: MeetingTokenRequestSchema, response: { description: 'Access to the room', schema: MeetingAccessSchema }, errors: [403, 404, 410],
      handle: ({ body, principal }) => meetings.token(principal, body),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/transcription', summary: 'Start or stop a room\'s transcription', tag: TAG, access: 'authenticated',
      body: TranscriptionRequestSchema, response: { description: 'Transcription state', schema: TranscriptionSchema }, errors: [403, 404, 409, 410, 502],
      handle: ({ body, principal }) => meetings.transcription(principal, {
        room: body.room, action: body.action,
        ...(body.audio_base64 ? { audio: { data: Buffer.from(body.audio_base64, 'base64'), mimeType: body.audio_mime_type ?? 'audio/webm' } } : {}),
        ...(body.reference_transcript !== undefined ? { reference_transcript: body.reference_transcript } : {}),
      }),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/invite', summary: 'Send a room\'s link by email and to a conversation\'s customer', tag: TAG,
      access: ['attendant', 'supervisor'], body: InviteRequestSchema, response: { description: 'Who was invited', schema: InviteSchema }, errors: [403, 404, 409, 410],
      handle: ({ body, principal }) => meetings.invite(principal, body),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/conversations/create', summary: 'Create a conversation between users', tag: TAG, access: 'authenticated',
      body: CreateConversationRequestSchema, status: 201, response: { description: 'The conversation', schema: MeetingConversationSchema },
      handle: async ({ body, principal }) => conversationView(await meetings.conversations.create(principal, body)),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/conversations/:id/join', summary: 'Join a conversation (become a member)', tag: TAG, access: 'authenticated',
      params: MeetConversationParamsSchema, response: { description: 'The conversation', schema: MeetingConversationSchema }, errors: [404],
      handle: async ({ params, principal }) => conversationView(await meetings.conversations.join(principal, params.id)),
    }),
    defineRoute({
      method: 'post', path: '/api/meet/conversations/:id/calls/start', summary: 'Start a call in a conversation (members only)', tag: TAG,
      access: 'authenticated', params: MeetConversationParamsSchema, body: StartCallRequestSchema, status: 201,
      response: { description: 'The call\'s room', schema: MeetingRoomSchema }, errors: [404, 502],
      handle: ({ params, body, principal }) => meetings.conversations.startCall(principal, params.id, body),
    }),
    defineRoute({
      method: 'post', path: '/webhooks/rtc/:bot', summary: 'The rtc server\'s signed room and participant events', tag: TAG, access: 'public',
      params: RtcWebhookParamsSchema, response: { description: 'The event as handled', schema: RtcWebhookAnswerSchema }, errors: [401],
      handle: ({ params, req }) => meetings.rtcWebhook({
        bot: params.bot, body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '', authorization: req.get('authorization'),
      }),
    }),
  ];
}
