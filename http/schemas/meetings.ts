import { z } from 'zod';
import { DEFAULT_EXPIRES_IN, MAX_EXPIRES_IN, RTC_MAX_PARTICIPANTS } from '../../meetings/index.js';

/** The meeting endpoints' payloads (docs/meetings.md, "Endpoints"; the create options under "Rooms"). */

const Media = z.enum(['video', 'audio']).meta({ description: '`video` (camera, microphone, screen) or `audio` (microphone only)' });
const RoomKey = z.string().min(1).max(200).meta({ description: 'The room id, or its name (what a join link carries)' });

export const MeetRoomParamsSchema = z.object({ id: RoomKey });
export const MeetConversationParamsSchema = z.object({ id: z.uuid() });

export const CreateMeetingRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    type: z.string().trim().min(1).max(50).optional().meta({ description: '`support` (default) or a workchat meeting type' }),
    expires_in: z.number().int().min(60).max(MAX_EXPIRES_IN).optional().meta({ description: `Seconds the link works; default ${DEFAULT_EXPIRES_IN}` }),
    max_participants: z.number().int().min(2).max(RTC_MAX_PARTICIPANTS).optional()
      .meta({ description: 'Default rtc-max-participants (4); embedded rooms take at most 6' }),
    recording: z.boolean().optional().meta({ description: 'Kept only when rtc-recording-enabled' }),
    transcription: z.boolean().optional().meta({ description: 'Kept only when rtc-transcription-enabled' }),
    participants: z.array(z.string().min(1).max(320)).max(50).optional().meta({ description: 'Addresses of the invited (emails, phones, user ids)' }),
    media: Media.optional(),
    bot: z.string().min(1).max(100).optional().meta({ description: 'Bot id or name whose rtc-* settings apply; defaults apply without one (embedded provider)' }),
    session_id: z.uuid().optional().meta({ description: 'The attendance conversation the room belongs to' }),
  })
  .meta({ id: 'MeetingCreateRequest' });

export const MeetingRoomSchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: 'The provider\'s room name: rtc-room-prefix and a random part' }),
    title: z.string(),
    type: z.string(),
    media: Media,
    provider: z.enum(['embedded', 'rtc']),
    status: z.enum(['open', 'ended', 'expired']).meta({ description: 'Ended or expired rooms answer 410 to joins and tokens' }),
    bot_id: z.uuid().nullable(),
    session_id: z.uuid().nullable(),
    conversation_id: z.uuid().nullable(),
    max_participants: z.number().int(),
    recording: z.boolean(),
    transcription: z.boolean(),
    transcription_status: z.string().nullable(),
    participants: z.array(z.string()),
    join_url: z.string().meta({ description: 'The join page, `{PUBLIC_URL}/meet/{name}`' }),
    created_by: z.uuid().nullable(),
    expires_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable().meta({ description: 'When two participants were first connected' }),
    ended_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'MeetingRoom' });

export const MeetingRoomListQuerySchema = z.object({
  status: z.enum(['open', 'ended', 'expired']).optional(),
  session_id: z.uuid().optional(),
});

export const MeetingRoomListSchema = z.object({ rooms: MeetingRoomSchema.array() }).meta({ id: 'MeetingRoomList' });

export const JoinMeetingRequestSchema = z
  .object({ name: z.string().trim().min(1).max(100).optional().meta({ description: 'The name others see; `Guest` when absent' }) })
  .meta({ id: 'MeetingJoinRequest' });

export const MeetingTokenRequestSchema = z
  .object({
    room: RoomKey,
    identity: z.string().trim().min(1).max(200).optional().meta({ description: 'Always the caller\'s own, `user-{user id}`: any other is refused (403)' }),
    name: z.string().trim().min(1).max(100).optional(),
    can_publish: z.boolean().optional(),
    can_subscribe: z.boolean().optional(),
    ttl_seconds: z.number().int().min(60).max(MAX_EXPIRES_IN).optional().meta({ description: 'Never past the room\'s expiry' }),
  })
  .meta({ id: 'MeetingTokenRequest' });

export const MeetingAccessSchema = z
  .object({
    room_id: z.uuid(),
    room: z.string(),
    title: z.string(),
    media: Media,
    provider: z.enum(['embedded', 'rtc']),
    identity: z.string(),
    name: z.string(),
    token: z.string().meta({ description: 'Embedded: a join token for `WS /api/meet/ws?token=`; rtc: a LiveKit access token' }),
    url: z.string().meta({ description: 'Where to connect: the rtc server (ws/wss) or the path `/api/meet/ws`' }),
    ice_servers: z.array(z.object({ urls: z.string(), username: z.string().optional(), credential: z.string().optional() }))
      .meta({ description: 'The TURN relay of rtc-turn-url, for RTCPeerConnection' }),
    expires_at: z.iso.datetime().meta({ description: 'When the token expires' }),
  })
  .meta({ id: 'MeetingAccess' });

export const TranscriptionRequestSchema = z
  .object({
    room: RoomKey,
    action: z.enum(['start', 'stop']),
    audio_base64: z.base64().max(700_000).optional().meta({ description: 'The recorded audio (stop): sent to voice-models-url speech to text' }),
    audio_mime_type: z.string().max(100).optional().meta({ description: 'Default audio/webm' }),
    reference_transcript: z.string().max(20_000).optional().meta({ description: 'What was said, when known: the transcript is scored against it' }),
  })
  .meta({ id: 'MeetingTranscriptionRequest' });

export const TranscriptionSchema = z
  .object({
    room_id: z.uuid(),
    transcription_status: z.enum(['started', 'stopped']),
    language: z.string().meta({ description: 'transcription-language' }),
    transcript: z.string().nullable(),
    accuracy: z.number().nullable().meta({ description: 'Percent: 100 × (1 − word error rate) against the reference' }),
  })
  .meta({ id: 'MeetingTranscription' });

export const InviteRequestSchema = z
  .object({
    room: RoomKey,
    emails: z.array(z.email()).max(50).optional().meta({ description: 'Sent the link by email (needs SMTP_URL)' }),
    session_id: z.uuid().optional().meta({ description: 'A conversation whose customer gets the link on their channel' }),
    message_customer: z.boolean().optional().meta({ description: 'Send it to the room\'s own conversation' }),
    note: z.string().max(1000).optional(),
  })
  .refine((b) => (b.emails?.length ?? 0) > 0 || b.session_id !== undefined || b.message_customer === true, 'give emails, session_id or message_customer')
  .meta({ id: 'MeetingInviteRequest' });

export const InviteSchema = z
  .object({ room_id: z.uuid(), join_url: z.string(), emailed: z.array(z.string()), messaged_session_id: z.uuid().nullable() })
  .meta({ id: 'MeetingInvite' });

export const CreateConversationRequestSchema = z
  .object({ title: z.string().trim().min(1).max(200), members: z.array(z.uuid()).max(20).default([]) })
  .meta({ id: 'MeetingConversationCreateRequest' });

export const MeetingConversationSchema = z
  .object({ id: z.uuid(), title: z.string(), members: z.array(z.uuid()), created_by: z.uuid().nullable(), created_at: z.iso.datetime() })
  .meta({ id: 'MeetingConversation' });

export const StartCallRequestSchema = z
  .object({
    media: Media.optional(),
    expires_in: z.number().int().min(60).max(MAX_EXPIRES_IN).optional(),
    bot: z.string().min(1).max(100).optional(),
  })
  .meta({ id: 'MeetingCallStartRequest' });

export const RtcWebhookParamsSchema = z.object({ bot: z.string().min(1).max(100) });
export const RtcWebhookAnswerSchema = z.object({ event: z.string(), room_id: z.uuid().nullable() }).meta({ id: 'RtcWebhookAnswer' });

/** What a browser sends on `WS /api/meet/ws`: signalling for one peer, or its screen-share state. */
export const MeetClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signal'), to: z.string().min(1).max(100), data: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('screen'), on: z.boolean() }),
]);
