import type { Logger } from '../../infra/logger.js';
import type { Heard } from './listen-request.js';
import type { MediaClock } from './media-clock.js';
import type { RecordedAudio } from './call-recorder.js';
import type { AudioCodec, NegotiatedAudio } from './negotiated-audio.js';
import type { PlaybackOutcome } from './playback.js';
import type { RtpStats } from './rtp-session.js';
import { DEFAULT_VOICE_ACTIVITY } from './voice-activity.js';

/** How a listen hears the caller (docs/channels/rtc-sip.md, "Media"); defaults in `DEFAULT_LISTEN_SETTINGS`. */
export interface ListenSettings {
  /** Silence that ends an utterance. */
  endSilenceMs: number;
  /** An utterance is cut at this length. */
  maxUtteranceMs: number;
  /** Nothing heard for this long: the listen ends with `timeout`. */
  noSpeechTimeoutMs: number;
  /** The quietest level (dBFS) that may count as speech, however quiet the line. */
  speechThresholdDb: number;
}

/** What a call's media needs from the process settings (docs/channels/rtc-sip.md, "Media"). */
export interface CallMediaOptions {
  /** The address the RTP socket binds to. */
  host: string;
  /** The address the far end reaches us at, behind NAT; it goes into the SDP. */
  publicAddress?: string;
  /** Even ports from this range; none (or min 0) takes any free port. */
  portRange?: { min: number; max: number };
  logger: Logger;
  /** The call's listen settings; each `listen` may override them. */
  listening?: Partial<ListenSettings>;
  /** The 20 ms clock; the process's shared one unless a test, the bench or the media worker brings its own. */
  clock?: Pick<MediaClock, 'subscribe'>;
}

/**
 * One listen's settings: the call's, overridden; key presses end at `maxDigits` (64) or
 * `interDigitMs` (3000) after the last. With `keyEndsSpeech` a key press ends the listen as
 * speech, with what was heard so far (a voicemail ended by `#`), and keys pressed before it are dropped.
 */
export type ListenOptions = Partial<ListenSettings> & { maxDigits?: number; interDigitMs?: number; keyEndsSpeech?: boolean };

/** The media of one phone call: what it plays to the caller and what it hears back. */
export interface CallMedia {
  /** Our RTP port, for the SDP. */
  readonly localPort: number;
  /** The address our SDP gives for this call's RTP: the public address when configured. */
  readonly sdpAddress: string;
  /** Applies what the SDP agreed (first answer, or a re-offer: new address, hold). While the peer holds (sendonly/inactive from it, so `direction` recvonly/inactive) nothing is sent. Until the first call nothing is sent or accepted. */
  apply(audio: NegotiatedAudio): void;
  /** Plays 8 kHz mono PCM; resolves 'finished', or 'interrupted' when `bargeIn` is on and speech or a key press starts (barge-in), or 'stopped' (stopPlayback/close, or another play). */
  play(pcm: Int16Array, options?: { bargeIn?: boolean }): Promise<PlaybackOutcome>;
  /** Plays in a loop until stopped (hold music). */
  loop(pcm: Int16Array): { stop(): void };
  /** Ends the current playback or loop ('stopped'); silence follows. */
  stopPlayback(): void;
  /** Waits for the caller: an utterance (speech ended by endSilenceMs), or key presses (collected until '#', `maxDigits`, or `interDigitMs` after the last), or noSpeechTimeoutMs of nothing. A key press while listening for speech switches to collecting digits. Keys pressed since the last listen (type-ahead) count, and so does an utterance that interrupted a barge-in playback. A new listen ends the previous one with 'closed'. */
  listen(options?: ListenOptions): Promise<Heard>;
  /** Key presses as they arrive (RFC 4733, and SIP INFO fed in by `pressKey`). */
  onKey(listener: (digit: string) => void): void;
  /** Sends key presses to the far end as RFC 4733 telephone-events (0–9, *, #, A–D), in place of audio for their length; dropped when the SDP agreed no telephone-event (then SIP INFO carries them). */
  sendDigits(digits: string): void;
  /** A key press that arrived by SIP INFO (fallback): treated like an RFC 4733 one. */
  pressKey(digit: string): void;
  /** The codec the SDP agreed; undefined before the first `apply`. */
  readonly codec: AudioCodec | undefined;
  /**
   * Joins the call to another leg (an attendant's browser, docs/attendance/calls.md): from now on
   * the G.711 bytes of each packet from the caller go to `listener` as they came (the call's codec),
   * and what `relay` is given goes out on the call's clock instead of any playback. Key presses
   * and listening go on as before. A second call replaces the listener.
   */
  startRelay(listener: (codec: AudioCodec, payload: Uint8Array) => void): void;
  /** Audio from the other leg; transcoded only when its codec is not the call's. Ignored unless relaying. */
  relay(codec: AudioCodec, payload: Uint8Array): void;
  /** Ends the relay: playback (or silence) goes out again. */
  stopRelay(): void;
  /**
   * Hold of a relayed call (docs/attendance/calls.md, "What happens on the line"): while held, what
   * `relay` is given is dropped and the playback (the hold music) goes out instead; the caller's
   * packets still reach the other leg. Off: the relay is heard again. Kept across startRelay.
   */
  holdRelay(held: boolean): void;
  /**
   * Records the call from now on (call-recorder.ts): what goes to the caller and what comes from
   * them, mixed, into a WAV file at `path`, written as the call goes. A second call is ignored.
   */
  record(path: string, options: { maxSeconds: number }): void;
  /** Ends the recording and resolves to its file; undefined when the call was not recorded. Works after `close` too (which ends it). */
  stopRecording(): Promise<RecordedAudio | undefined>;
  /** Counts for logs and the bench: packets sent/received, dropped from foreign sources, late sends (pacing > 30 ms), max send interval. */
  stats(): RtpStats;
  /** Ends the call's media: playback 'stopped', listen 'closed' (with the utterance it cut short, if any), the port released. Idempotent. */
  close(): void;
}

/** Listening as a call does unless told otherwise: 800 ms end silence, 15 s utterances at most, 6 s of nothing, -45 dBFS. */
export const DEFAULT_LISTEN_SETTINGS: ListenSettings = {
  endSilenceMs: DEFAULT_VOICE_ACTIVITY.endSilenceMs,
  maxUtteranceMs: DEFAULT_VOICE_ACTIVITY.maxUtteranceMs,
  noSpeechTimeoutMs: DEFAULT_VOICE_ACTIVITY.noSpeechTimeoutMs,
  speechThresholdDb: DEFAULT_VOICE_ACTIVITY.speechThresholdDb,
};
