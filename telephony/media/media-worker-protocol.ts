import type { CallMedia, CallMediaOptions } from './call-media-api.js';
import type { VideoFromWorker, VideoToWorker } from './media-worker-video-protocol.js';
import type { AudioCodec } from './negotiated-audio.js';
import type { RtpStats } from './rtp-session.js';

/**
 * The messages between the main thread and the media worker (docs/channels/rtc-sip.md, "Media").
 * Commands name a `CallMedia` method and carry its arguments as they are; the worker calls that
 * method on the call's in-thread `CallMediaSession`, so the behaviour lives in one class and a new
 * method needs a line here and one in the proxy, nothing more.
 */

/** What a call's options become on the way to the worker: the logger and clock stay behind. */
export type WorkerCallOptions = Omit<CallMediaOptions, 'logger' | 'clock'>;

/** The methods a command may name: `loop`'s handle is kept by the worker under the request id. */
export type CallMethod = 'apply' | 'play' | 'loop' | 'stopLoop' | 'stopPlayback' | 'listen' | 'pressKey' | 'sendDigits' | 'startRelay' | 'relay' | 'stopRelay' | 'holdRelay' | 'record' | 'stopRecording' | 'close';

/** The arguments of each method as they cross (loop's `stop` becomes `stopLoop(loopId)`). */
export interface CallMethodArgs {
  apply: Parameters<CallMedia['apply']>;
  play: Parameters<CallMedia['play']>;
  loop: [pcm: Int16Array, loopId: number];
  stopLoop: [loopId: number];
  stopPlayback: [];
  listen: Parameters<CallMedia['listen']>;
  pressKey: Parameters<CallMedia['pressKey']>;
  sendDigits: Parameters<CallMedia['sendDigits']>;
  /** The listener stays on the main thread: the caller's packets come back as `relayed` messages. */
  startRelay: [];
  relay: Parameters<CallMedia['relay']>;
  stopRelay: [];
  holdRelay: Parameters<CallMedia['holdRelay']>;
  record: Parameters<CallMedia['record']>;
  stopRecording: [];
  close: [];
}

export type ToWorker =
  | {
      kind: 'open'; request: number; call: number; options: WorkerCallOptions;
      /** The call's counters, written by the worker after each of its ticks, read by `stats()`. */
      stats: SharedArrayBuffer;
      /** The call's logger level: the worker drops what the main thread would drop. */
      logLevel: string;
    }
  | { [M in CallMethod]: { kind: 'call'; call: number; method: M; args: CallMethodArgs[M]; request?: number } }[CallMethod]
  /** A call's video leg (media-worker-video-protocol.ts). */
  | VideoToWorker;

export type FromWorker =
  | { kind: 'result'; request: number; value: unknown }
  | { kind: 'failed'; request: number; error: { name: string; message: string } }
  | { kind: 'key'; call: number; digit: string }
  /** One packet's G.711 bytes from the caller, while the call is relayed to another leg (startRelay). */
  | { kind: 'relayed'; call: number; codec: AudioCodec; payload: Uint8Array }
  /** One pino line of a call's logger, to be logged again by the call's own logger. */
  | { kind: 'log'; line: string }
  | VideoFromWorker;

/** What `open` answers. */
export interface OpenedCall {
  localPort: number;
  sdpAddress: string;
}

/** Where each counter sits in the call's shared stats. TypeScript fails here when `RtpStats` gains a field. */
const STATS_SLOTS: Record<keyof RtpStats, number> = { sent: 0, received: 1, droppedForeign: 2, lateSends: 3, maxIntervalMs: 4, droppedUnauthenticated: 5 };
const STATS_KEYS = Object.keys(STATS_SLOTS) as (keyof RtpStats)[];

/** A call's shared stats: one float per counter. */
export function createSharedStats(): SharedArrayBuffer {
  return new SharedArrayBuffer(STATS_KEYS.length * Float64Array.BYTES_PER_ELEMENT);
}

export function writeStats(shared: Float64Array, stats: RtpStats): void {
  for (const key of STATS_KEYS) shared[STATS_SLOTS[key]] = stats[key];
}

/** The counters as the worker last wrote them (each whole; two may be from consecutive ticks). */
export function readStats(shared: Float64Array): RtpStats {
  const stats = {} as RtpStats;
  for (const key of STATS_KEYS) stats[key] = shared[STATS_SLOTS[key]] ?? 0;
  return stats;
}

/** The name of the log field that tells which call a worker's log line belongs to. */
export const LOG_CALL_FIELD = 'media_call';
