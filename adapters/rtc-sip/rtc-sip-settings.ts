import type { VoiceModels } from '../../engine/index.js';

/** A trunk as the channel needs it (docs/channels/rtc-sip.md, "Trunks"); mapped from SIP_TRUNKS_FILE by app/. */
export interface CallTrunk {
  name: string;
  /** IP addresses and CIDR ranges its INVITEs come from. */
  addresses: readonly string[];
  credentials?: { username: string; password: string };
}

/** One bot's phone settings, mapped from its config.csv by app/channel-settings.ts. */
export interface RtcSipBotSettings {
  bot: string;
  trunk: CallTrunk;
  /** E.164 numbers the bot answers. */
  numbers: readonly string[];
  /** `bot`, or straight to a queue (the caller waits on hold). */
  inboundRoute: { kind: 'bot' } | { kind: 'queue'; queue: string };
  maxCalls: number;
  endSilenceMs: number;
  noInputMs: number;
  /** How long a caller handed to a person waits on hold (`attendance-max-wait-seconds`). */
  maxHoldMs: number;
  /** What a caller on hold hears (`sip-hold-music`, as 8 kHz PCM); unset: a soft tone. */
  holdMusic?: Int16Array;
  /** How often a caller on hold is told their place again (`sip-hold-announce-seconds`); 0: never. */
  holdAnnounceMs: number;
  /** A message the caller may leave after the longest wait (`sip-voicemail-*`); unset: goodbye instead. */
  voicemail?: { maxMs: number; endSilenceMs: number };
  /** The bot's `language`, for what the call says of itself (goodbye, menus); unset is English. */
  language: string | undefined;
  /** The language callers speak (`transcription-language`), a hint to speech recognition. */
  transcriptionLanguage: string;
  voice: VoiceModels;
  /** `rtc-recording-enabled`: each call is recorded and kept in the bot's drive, in the folder `rtc-storage-bucket` (docs/attendance/calls.md, "Recording"); absent: not recorded. */
  recording?: { folder: string };
  /** `rtc-transcription-enabled`: both sides of the attended part of a call are transcribed into the conversation. */
  transcribeAttended?: boolean;
  /** Calls the bot places (docs/channels/rtc-sip.md, "Outbound calls"); absent: it places none. */
  outbound?: OutboundCallSettings;
}

/** A bot's outbound calls: the trunk they leave through and the limits on them. */
export interface OutboundCallSettings {
  /** The trunk of `sip-outbound-route` (default `sip-trunk-name`): its outbound proxy and credentials. */
  trunk: { name: string; outboundProxy: string; transport: 'udp' | 'tcp'; credentials?: { username: string; password: string } };
  /** `sip-outbound-numbers`: E.164 numbers and prefixes ending in `*` the bot may call. */
  allowed: readonly string[];
  /** `sip-outbound-max-calls`: outbound calls at once on one instance. */
  maxCalls: number;
  /** `sip-outbound-calls-per-minute`, counted across instances. */
  perMinute: number;
}
