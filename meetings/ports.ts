/**
 * The meetings area's ports (docs/meetings.md): one `MeetingProvider` contract with two
 * implementations (providers/embedded-provider.ts, providers/rtc-provider.ts), and what the use
 * cases need from the rest of the service, handed in by the composition root (app/meetings.ts).
 */
import type { MeetingMedia, MeetingProviderKind } from '../db/index.js';

/** What a participant may do in a room; the rtc provider turns it into LiveKit video grants. */
export interface MeetingGrant {
  room: string;
  identity: string;
  name: string;
  canPublish: boolean;
  canSubscribe: boolean;
  /** Screen sharing and ending the room (attendants, the room's creator). */
  roomAdmin: boolean;
  /** Lifetime of the token; never past the room's expiry. */
  ttlSeconds: number;
}

/** Where media flows for a room: rooms are created and removed there, and it accepts the tokens issued here. */
export interface MeetingProvider {
  readonly kind: MeetingProviderKind;
  /** The address a client connects to with a token: the rtc server's, or undefined for the embedded signalling socket. */
  readonly url: string | undefined;
  createRoom(room: { name: string; maxParticipants: number; emptyTimeoutSeconds: number }): Promise<void>;
  /** Ends the room at the provider (participants are disconnected); a room already gone is not an error. */
  deleteRoom(name: string): Promise<void>;
  token(grant: MeetingGrant): Promise<string>;
  /** Records the room into `bucket` (rtc only: the embedded provider has no media to record). */
  startRecording?(room: { name: string; media: MeetingMedia; bucket: string }): Promise<void>;
  /** Stops the room's running recordings; none running is not an error. */
  stopRecording?(name: string): Promise<void>;
}

/** An ICE server as RTCPeerConnection takes it (`rtc-turn-url` and its credentials). */
export interface IceServer {
  urls: string;
  username?: string;
  credential?: string;
}

/** A bot's meeting settings (config.csv `rtc-*`, `transcription-language`), or the defaults for rooms of no bot. */
export interface MeetingSettings {
  provider: MeetingProvider;
  roomPrefix: string;
  maxParticipants: number;
  recordingEnabled: boolean;
  /** Where the rtc server's recordings go (`rtc-storage-bucket`). */
  storageBucket: string;
  transcriptionEnabled: boolean;
  transcriptionLanguage: string;
  iceServers: IceServer[];
  /** Speech to text through `voice-models-url`; undefined when the bot has none. */
  speech?: { transcribe(audio: { data: Buffer; mimeType: string; language: string }): Promise<string> };
}

/** The attendance event log, where the video KPIs are read from (attendance/insights/). */
export interface MeetingEventLog {
  append(event: { session_id: string | null; bot_id: string | null; attendant_id: string | null; type: MeetingEventType; data: Record<string, unknown>; at: Date }): Promise<unknown>;
}

export type MeetingEventType = 'video_requested' | 'video_started' | 'video_ended' | 'screen_share_started' | 'transcription_scored';
