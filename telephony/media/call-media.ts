import type { Socket } from 'node:dgram';
import { advertisedAddress } from './advertised-address.js';
import { DEFAULT_LISTEN_SETTINGS, type CallMedia, type CallMediaOptions, type ListenOptions, type ListenSettings } from './call-media-api.js';
import { decodeG711, encodeG711, FRAME_SAMPLES } from './g711.js';
import { ListenRequest, type Heard } from './listen-request.js';
import { sharedMediaClock } from './media-clock.js';
import { Playback, type PlaybackOutcome } from './playback.js';
import { bindRtpPort } from './rtp-port.js';
import { RtpSession, type RtpStats } from './rtp-session.js';
import type { AudioCodec, NegotiatedAudio } from './negotiated-audio.js';
import { CallRecorder, type RecordedAudio } from './call-recorder.js';
import { RelayBuffer } from './relay-buffer.js';
import { VoiceActivityDetector, type VoiceActivityEvent } from './voice-activity.js';

const DEFAULT_MAX_DIGITS = 64;
const DEFAULT_INTER_DIGIT_MS = 3000;
const KEYS = /^[0-9*#A-D]$/;
/** Frames the received audio may lag the clock (jitter) before missing audio counts as silence. */
const FEED_SLACK_FRAMES = 3;
/** Keys remembered between listens (type-ahead). */
const MAX_TYPED_AHEAD = 32;

/** Opens the media of one call: binds its RTP port and starts its 20 ms clock. */
export async function openCallMedia(options: CallMediaOptions): Promise<CallMedia> {
  const { socket, port, release } = await bindRtpPort(options.host, options.portRange);
  return new CallMediaSession(socket, port, release, options);
}

/**
 * Every tick of the clock sends one frame (the playback's, or silence: the stream never pauses
 * while the call is up, which keeps NAT bindings open and the far end's jitter buffer steady) and
 * keeps the detector's time running when the caller sends nothing (silence suppression).
 */
class CallMediaSession implements CallMedia {
  readonly sdpAddress: string;
  private readonly rtp: RtpSession;
  private readonly vad: VoiceActivityDetector;
  private readonly settings: ListenSettings;
  private readonly keyListeners: ((digit: string) => void)[] = [];
  private readonly stopClock: () => void;
  private playback: Playback | undefined;
  private listening: ListenRequest | undefined;
  private typedAhead: string[] = [];
  /** The current listen ends on a key press, as speech (ListenOptions.keyEndsSpeech). */
  private keyEndsSpeech = false;
  /** Speech cut the current barge-in prompt: its utterance belongs to the next listen. */
  private interruptedBy: 'speech' | undefined;
  /** That utterance, when it ended before the next listen began. */
  private heardBeforeListen: Int16Array | undefined;
  /** The other leg the call is joined to (startRelay), and what it sent, waiting for the clock. */
  private relaying: { listener: (codec: AudioCodec, payload: Uint8Array) => void; buffer: RelayBuffer } | undefined;
  /** The relayed call is on hold (holdRelay): the playback goes out, not the other leg's audio. */
  private relayHeld = false;
  /** The call's recording, when `record` started one. */
  private recorder: CallRecorder | undefined;
  private clockFrames = 0;
  private fedFrames = 0;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    readonly localPort: number,
    private readonly releasePort: () => void,
    private readonly options: CallMediaOptions,
  ) {
    this.sdpAddress = advertisedAddress(options.host, options.publicAddress);
    this.settings = { ...DEFAULT_LISTEN_SETTINGS, ...definedOnly(options.listening ?? {}) };
    this.vad = new VoiceActivityDetector(this.settings);
    this.rtp = new RtpSession(socket, {
      audio: (frame) => this.heard(frame), key: (digit) => this.keyPressed(digit), payload: (bytes) => this.relayOut(bytes),
    }, options.logger);
    this.stopClock = (options.clock ?? sharedMediaClock).subscribe(() => this.tick());
  }

  apply(audio: NegotiatedAudio): void {
    this.options.logger.debug({ port: this.localPort, codec: audio.codec, remote: audio.remote, direction: audio.direction }, 'call media: applied');
    this.rtp.configure(audio);
  }

  play(pcm: Int16Array, options: { bargeIn?: boolean } = {}): Promise<PlaybackOutcome> {
    return this.start(pcm, { loop: false, bargeIn: options.bargeIn ?? false }).done;
  }

  loop(pcm: Int16Array): { stop(): void } {
    const playback = this.start(pcm, { loop: true, bargeIn: false });
    return { stop: () => playback.settle('stopped') };
  }

  stopPlayback(): void {
    this.playback?.settle('stopped');
  }

  listen(options: ListenOptions = {}): Promise<Heard> {
    if (this.closed) return Promise.resolve({ kind: 'closed' });
    this.listening?.close();
    const { maxDigits, interDigitMs, keyEndsSpeech, ...settings } = options;
    this.vad.configure({ ...this.settings, ...definedOnly(settings) });
    this.vad.restartWaiting();
    this.fedFrames = this.clockFrames;
    const request = new ListenRequest({ maxDigits: maxDigits ?? DEFAULT_MAX_DIGITS, interDigitMs: interDigitMs ?? DEFAULT_INTER_DIGIT_MS });
    this.listening = request;
    this.keyEndsSpeech = keyEndsSpeech ?? false;
    const typed = this.typedAhead;
    this.typedAhead = [];
    if (!this.keyEndsSpeech) for (const digit of typed) request.key(digit);
    if (this.heardBeforeListen && !request.settled) request.speech(this.heardBeforeListen);
    this.heardBeforeListen = undefined;
    return request.heard;
  }

  onKey(listener: (digit: string) => void): void {
    this.keyListeners.push(listener);
  }

  sendDigits(digits: string): void {
    if (!this.closed) this.rtp.sendDigits(digits);
  }

  pressKey(digit: string): void {
    const key = digit.toUpperCase();
    if (KEYS.test(key)) this.keyPressed(key);
  }

  get codec(): AudioCodec | undefined {
    return this.rtp.codec;
  }

  startRelay(listener: (codec: AudioCodec, payload: Uint8Array) => void): void {
    this.relaying = { listener, buffer: this.relaying?.buffer ?? new RelayBuffer() };
  }

  relay(codec: AudioCodec, payload: Uint8Array): void {
    const ours = this.rtp.codec;
    if (!this.relaying || !ours || this.relayHeld) return;
    this.relaying.buffer.push(codec === ours ? payload : encodeG711(ours, decodeG711(codec, payload)));
  }

  stopRelay(): void {
    this.relaying = undefined;
  }

  holdRelay(held: boolean): void {
    this.relayHeld = held;
  }

  record(path: string, options: { maxSeconds: number }): void {
    if (!this.closed && !this.recorder) this.recorder = new CallRecorder(path, options);
  }

  stopRecording(): Promise<RecordedAudio | undefined> {
    return this.recorder ? this.recorder.finish() : Promise.resolve(undefined);
  }

  stats(): RtpStats {
    return this.rtp.stats();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.relaying = undefined;
    this.stopClock();
    this.playback?.settle('stopped');
    this.listening?.close(this.vad.cut());
    this.recorder?.finish().catch((error: unknown) => this.options.logger.warn({ err: error }, 'call media: the recording was not finished'));
    this.socket.close();
    this.releasePort();
    this.options.logger.debug({ port: this.localPort, stats: this.rtp.stats() }, 'call media: closed');
  }

  private start(pcm: Int16Array, options: { loop: boolean; bargeIn: boolean }): Playback {
    this.playback?.settle('stopped');
    const playback = new Playback(pcm, options);
    if (this.closed) playback.settle('stopped');
    this.playback = playback;
    // The caller already answering (they spoke while the bot was still thinking) interrupts a
    // barge-in prompt at once, and what they say is kept, like keys pressed ahead.
    const answering = this.heardBeforeListen !== undefined || (this.vad.inUtterance && this.interruptedBy === 'speech');
    if (options.bargeIn && answering) {
      playback.settle('interrupted');
    } else {
      this.interruptedBy = undefined;
      this.heardBeforeListen = undefined;
    }
    return playback;
  }

  private tick(): void {
    // While joined to another leg, the call carries that leg's audio; a playback runs on unheard,
    // so that what waits for it to finish is not held up for the whole relay.
    const frame = this.playback?.nextFrame();
    if (this.relaying && !this.relayHeld) {
      const payload = this.relaying.buffer.next();
      this.rtp.sendPayload(payload);
      const codec = this.rtp.codec;
      this.recorder?.tick(payload && codec ? decodeG711(codec, payload) : undefined);
    } else {
      this.rtp.sendFrame(frame);
      this.recorder?.tick(frame);
    }
    this.clockFrames += 1;
    if (this.clockFrames - this.fedFrames > FEED_SLACK_FRAMES) {
      this.fedFrames += 1;
      this.onVoice(this.vad.pushMissing(FRAME_SAMPLES));
    }
  }

  /** The caller's packet as it came, to the other leg; copied, since the packet's buffer is the socket's. */
  private relayOut(bytes: Uint8Array): void {
    const codec = this.rtp.codec;
    if (this.relaying && codec) this.relaying.listener(codec, bytes.slice());
  }

  private heard(frame: Int16Array): void {
    // A burst after a stall is heard at once; it does not buy credit against later silence.
    if (this.fedFrames > this.clockFrames + FEED_SLACK_FRAMES) this.fedFrames = this.clockFrames + FEED_SLACK_FRAMES;
    this.fedFrames += 1;
    this.recorder?.heard(frame);
    this.onVoice(this.vad.push(frame));
  }

  private onVoice(events: VoiceActivityEvent[]): void {
    for (const event of events) this.onVoiceEvent(event);
  }

  private onVoiceEvent(event: VoiceActivityEvent): void {
    const listening = this.listening && !this.listening.settled ? this.listening : undefined;
    switch (event.type) {
      case 'speech-started':
        // An utterance that interrupts a prompt, or begins while nothing plays, answers the caller's next listen.
        if (this.bargeIn() || !this.playback || this.playback.settled) this.interruptedBy = 'speech';
        return;
      case 'utterance-ended':
        if (listening) listening.speech(event.pcm);
        else if (this.interruptedBy === 'speech') this.heardBeforeListen = event.pcm;
        this.interruptedBy = undefined;
        return;
      case 'no-speech':
        if (listening && !this.vad.inUtterance) listening.noSpeech();
        return;
    }
  }

  private keyPressed(digit: string): void {
    if (this.closed) return;
    for (const listener of this.keyListeners) listener(digit);
    this.bargeIn();
    const listening = this.listening && !this.listening.settled ? this.listening : undefined;
    if (listening && this.keyEndsSpeech) listening.speech(this.vad.cut() ?? new Int16Array(0));
    else if (listening) listening.key(digit);
    else if (this.typedAhead.length < MAX_TYPED_AHEAD) this.typedAhead.push(digit);
  }

  /** Interrupts a barge-in playback; true when there was one. */
  private bargeIn(): boolean {
    if (!this.playback || this.playback.settled || !this.playback.options.bargeIn) return false;
    this.playback.settle('interrupted');
    return true;
  }
}

/** The settings a caller gave, without the keys it left undefined (which would erase defaults). */
function definedOnly<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<T>;
}
