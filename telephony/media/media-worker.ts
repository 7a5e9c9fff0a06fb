/**
 * The media worker (docs/channels/rtc-sip.md, "Media"): the calls' sockets, their 20 ms clock,
 * playback and voice-activity detection on a thread of their own, so that a long bot turn on the
 * main thread does not delay a packet. Each call is the in-thread `CallMediaSession` of
 * call-media.ts; this file only carries commands to it and its results, key presses, counters and
 * log lines back. Started by media-worker-host.ts.
 */
import { parentPort } from 'node:worker_threads';
import { createLogger } from '../../infra/logger.js';
import type { CallMedia } from './call-media-api.js';
import { openCallMedia } from './call-media.js';
import { sharedMediaClock } from './media-clock.js';
import type { NegotiatedAudio } from './negotiated-audio.js';
import { workerVideoLegs } from './media-worker-video.js';
import { LOG_CALL_FIELD, writeStats, type CallMethod, type CallMethodArgs, type FromWorker, type ToWorker } from './media-worker-protocol.js';

interface WorkerCall {
  id: number;
  media: CallMedia;
  loops: Map<number, { stop(): void }>;
  publishStats(): void;
}

const port = parentPort;
if (!port) throw new Error('media-worker runs as a worker thread, started by media-worker-host.ts');
const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

/** A message's Buffers arrive as plain Uint8Arrays (structured clone); the SRTP keys are Buffers again. */
function withBufferKeys(audio: NegotiatedAudio): NegotiatedAudio {
  if (!audio.srtp) return audio;
  const { send, receive } = audio.srtp;
  return { ...audio, srtp: { send: { ...send, keyAndSalt: Buffer.from(send.keyAndSalt) }, receive: { ...receive, keyAndSalt: Buffer.from(receive.keyAndSalt) } } };
}

const calls = new Map<number, WorkerCall>();
// Every line goes to the main thread, whose logger for the call writes it (each call's level is set on its child).
const logger = createLogger({ level: 'trace', destination: { write: (line: string) => post({ kind: 'log', line }) } });

const videoLegs = workerVideoLegs(post, logger);

const methods: { [M in CallMethod]: (call: WorkerCall, ...args: CallMethodArgs[M]) => unknown } = {
  apply: (call, audio) => call.media.apply(withBufferKeys(audio)),
  play: (call, pcm, options) => call.media.play(pcm, options),
  loop: (call, pcm, loopId) => void call.loops.set(loopId, call.media.loop(pcm)),
  stopLoop: (call, loopId) => {
    call.loops.get(loopId)?.stop();
    call.loops.delete(loopId);
  },
  stopPlayback: (call) => call.media.stopPlayback(),
  listen: (call, options) => call.media.listen(options),
  pressKey: (call, digit) => call.media.pressKey(digit),
  sendDigits: (call, digits) => call.media.sendDigits(digits),
  startRelay: (call) => call.media.startRelay((codec, payload) => {
    const bytes = payload.slice();
    post({ kind: 'relayed', call: call.id, codec, payload: bytes }, [bytes.buffer]);
  }),
  relay: (call, codec, payload) => call.media.relay(codec, payload),
  stopRelay: (call) => call.media.stopRelay(),
  holdRelay: (call, held) => call.media.holdRelay(held),
  record: (call, path, options) => call.media.record(path, options),
  stopRecording: (call) => call.media.stopRecording(),
  // The recording's file, when there was one, is the answer: the proxy's stopRecording after close reads it.
  close: (call) => {
    const recorded = call.media.stopRecording();
    call.media.close();
    call.publishStats();
    return recorded;
  },
};

port.on('message', (message: ToWorker) => {
  const { request } = message;
  handle(message).then(
    (value) => {
      if (request === undefined) return;
      // What the main thread learns from a result, its counters already show (drops while it listened, say).
      if (message.kind === 'call') calls.get(message.call)?.publishStats();
      const { value: sendable, transfer } = transferable(value);
      post({ kind: 'result', request, value: sendable }, transfer);
    },
    (error: unknown) => {
      const failure = error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
      if (request !== undefined) post({ kind: 'failed', request, error: failure });
      else logger.error({ err: error }, 'media worker: a command failed');
    },
  );
});

async function handle(message: ToWorker): Promise<unknown> {
  if (message.kind === 'open') return open(message);
  if (message.kind === 'video-open' || message.kind === 'video') return videoLegs.handle(message);
  const call = calls.get(message.call);
  if (!call) throw new Error(`media worker: no call ${message.call}`);
  if (message.method === 'close') calls.delete(message.call);
  const method = methods[message.method] as (call: WorkerCall, ...args: unknown[]) => unknown;
  return method(call, ...message.args);
}

async function open(message: Extract<ToWorker, { kind: 'open' }>): Promise<unknown> {
  const shared = new Float64Array(message.stats);
  let publishStats = (): void => undefined;
  const media = await openCallMedia({
    ...message.options,
    logger: logger.child({ [LOG_CALL_FIELD]: message.call }, { level: message.logLevel }),
    // The call's counters are published right after each of its sends: a packet the far end has
    // is already counted when the main thread reads `stats()`.
    clock: { subscribe: (listener) => sharedMediaClock.subscribe(() => (listener(), publishStats())) },
  });
  publishStats = () => writeStats(shared, media.stats());
  const call: WorkerCall = { id: message.call, media, loops: new Map(), publishStats };
  calls.set(message.call, call);
  media.onKey((digit) => {
    publishStats();
    post({ kind: 'key', call: message.call, digit });
  });
  return { localPort: media.localPort, sdpAddress: media.sdpAddress };
}

/** A result with its PCM (what a listen heard) copied out of the detector's buffers and transferred, not cloned. */
function transferable(value: unknown): { value: unknown; transfer: ArrayBuffer[] } {
  if (value instanceof Int16Array) {
    const copy = value.slice();
    return { value: copy, transfer: [copy.buffer] };
  }
  if (typeof value === 'object' && value !== null && 'pcm' in value && value.pcm instanceof Int16Array) {
    const copy = value.pcm.slice();
    return { value: { ...value, pcm: copy }, transfer: [copy.buffer] };
  }
  return { value, transfer: [] };
}
