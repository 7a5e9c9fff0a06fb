/** The meetings area (docs/meetings.md): what the composition root and http/ may use. */
export { createMeetingsService, type MeetingsService, type MeetingsServiceDeps } from './meetings-service.js';
export type { MeetingsContext, RoomsContext } from './meetings-context.js';
export { createScriptMeetings } from './script-meetings.js';
export { createMeetingSettings, rtcSettingsOf, type MeetingSettingsDeps } from './meeting-settings.js';
export { createEmbeddedTokens, type EmbeddedTokens, type EmbeddedClaims } from './providers/embedded-provider.js';
export { MEET_SOCKET_PATH, type MeetingAccess } from './join-meeting.js';
export { MEET_WS_CLOSE, type HubFrame, type HubPeer } from './signalling/meet-hub.js';
export type { MeetingRoomView, MeetingStatus } from './meeting-room.js';
export type { TranscriptionResult } from './transcribe-meeting.js';
export type { InviteResult } from './invite-to-meeting.js';
export { DEFAULT_EXPIRES_IN, MAX_EXPIRES_IN, EMBEDDED_MAX_PARTICIPANTS, RTC_MAX_PARTICIPANTS } from './create-meeting.js';
export type { IceServer, MeetingSettings } from './ports.js';
