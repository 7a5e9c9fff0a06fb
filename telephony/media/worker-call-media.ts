import type { Logger } from '../../infra/logger.js';
import type { CallMedia, ListenOptions } from './call-media-api.js';
import type { RecordedAudio } from './call-recorder.js';
import type { Heard } from './listen-request.js';
import type { AudioCodec, NegotiatedAudio } from './negotiated-audio.js';
import type { PlaybackOutcome } from './playback.js';
import type { RtpStats } from './rtp-session.js';
import { readStats, type CallMethod, type CallMethodArgs } from './media-worker-protocol.js';

/** How a call's proxy reaches the worker (media-worker-host.ts). */
export interface WorkerLink {
  /** A command with no answer. */
  send<M extends CallMethod>(call: number, method: M, args: CallMethodArgs[M], transfer?: ArrayBuffer[]): void;
  /** A command whose answer settles the promise; `ifGone` is the answer should the worker end first. */
  ask<T, M extends CallMethod = CallMethod>(call: number, method: M, args: CallMethodArgs[M], ifGone: T, transfer?: ArrayBuffer[]): Promise<T>;
  /** The worker has closed the call: the host forgets it. */
  closed(call: number): void;
}

/**
 * One call's media as the main thread holds it when the media run in the worker: each method is a
 * message to the call's `CallMediaSession` there (docs/channels/rtc-sip.md, "Media"). What can be
 * answered here without the worker is: a closed call plays and hears nothing, as in-thread.
 */
export class WorkerCallMedia implements CallMedia {
  private readonly keyListeners: ((digit: string) => void)[] = [];
  private loops = 0;
  private relayListener: ((codec: AudioCodec, payload: Uint8Array) => void) | undefined;
  /** The codec of the last SDP applied: the worker's session agreed the same. */
  codec: AudioCodec | undefined;
  private isClosed = false;
  /** The worker's answer to `close`: the recording's file, if the call was recorded. */
  private closing: Promise<RecordedAudio | undefined> | undefined;

  constructor(
    private readonly link: WorkerLink,
    readonly call: number,
    readonly localPort: number,
    readonly sdpAddress: string,
    private readonly sharedStats: Float64Array,
    /** The call's logger: the worker's log lines for this call are written by it. */
    readonly logger: Logger,
  ) {}

  apply(audio: NegotiatedAudio): void {
    if (this.isClosed) return;
    this.codec = audio.codec;
    this.link.send(this.call, 'apply', [audio]);
  }

  play(pcm: Int16Array, options?: { bargeIn?: boolean }): Promise<PlaybackOutcome> {
    if (this.isClosed) return Promise.resolve('stopped');
    const copy = owned(pcm);
    return this.link.ask<PlaybackOutcome, 'play'>(this.call, 'play', [copy, options], 'stopped', [copy.buffer]);
  }

  loop(pcm: Int16Array): { stop(): void } {
    if (this.isClosed) return { stop: () => undefined };
    const loopId = ++this.loops;
    const copy = owned(pcm);
    this.link.send(this.call, 'loop', [copy, loopId], [copy.buffer]);
    return { stop: () => (this.isClosed ? undefined : this.link.send(this.call, 'stopLoop', [loopId])) };
  }

  stopPlayback(): void {
    if (!this.isClosed) this.link.send(this.call, 'stopPlayback', []);
  }

  listen(options?: ListenOptions): Promise<Heard> {
    if (this.isClosed) return Promise.resolve({ kind: 'closed' });
    return this.link.ask<Heard, 'listen'>(this.call, 'listen', [options], { kind: 'closed' });
  }

  onKey(listener: (digit: string) => void): void {
    this.keyListeners.push(listener);
  }

  sendDigits(digits: string): void {
    if (!this.isClosed) this.link.send(this.call, 'sendDigits', [digits]);
  }

  pressKey(digit: string): void {
    if (!this.isClosed) this.link.send(this.call, 'pressKey', [digit]);
  }

  startRelay(listener: (codec: AudioCodec, payload: Uint8Array) => void): void {
    if (this.isClosed) return;
    this.relayListener = listener;
    this.link.send(this.call, 'startRelay', []);
  }

  relay(codec: AudioCodec, payload: Uint8Array): void {
    if (this.isClosed || !this.relayListener) return;
    const copy = payload.slice();
    this.link.send(this.call, 'relay', [codec, copy], [copy.buffer]);
  }

  stopRelay(): void {
    this.relayListener = undefined;
    if (!this.isClosed) this.link.send(this.call, 'stopRelay', []);
  }

  holdRelay(held: boolean): void {
    if (!this.isClosed) this.link.send(this.call, 'holdRelay', [held]);
  }

  record(path: string, options: { maxSeconds: number }): void {
    if (!this.isClosed) this.link.send(this.call, 'record', [path, options]);
  }

  stopRecording(): Promise<RecordedAudio | undefined> {
    if (this.closing) return this.closing;
    if (this.isClosed) return Promise.resolve(undefined);
    return this.link.ask<RecordedAudio | undefined, 'stopRecording'>(this.call, 'stopRecording', [], undefined);
  }

  /** The counters as the worker wrote them after its last tick for this call (or at its close). */
  stats(): RtpStats {
    return readStats(this.sharedStats);
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    // Forgotten once the worker has closed it: its last log lines ('closed', with the counts) are still this call's.
    const forget = (): void => this.link.closed(this.call);
    this.closing = this.link.ask<RecordedAudio | undefined, 'close'>(this.call, 'close', [], undefined);
    this.closing.then(forget, forget);
  }

  /** A key press the worker reported (one still on its way when the call closed is dropped, as in-thread). */
  keyPressed(digit: string): void {
    if (this.isClosed) return;
    for (const listener of this.keyListeners) listener(digit);
  }

  /** A packet from the caller the worker relayed (one still on its way after stopRelay is dropped). */
  relayed(codec: AudioCodec, payload: Uint8Array): void {
    if (!this.isClosed) this.relayListener?.(codec, payload);
  }

  /** The worker ended: nothing more will be played or heard. */
  lost(): void {
    this.isClosed = true;
  }
}

/**
 * A copy of the PCM whose buffer can be transferred to the worker: the caller keeps its own (the
 * call's speech caches what it said), and only the samples in view are copied, once.
 */
function owned(pcm: Int16Array): Int16Array<ArrayBuffer> {
  return pcm.slice();
}
