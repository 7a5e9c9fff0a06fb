/**
 * Settings of the voice-activity detector (docs/channels/rtc-sip.md, "Media"). Levels are in dBFS
 * (0 is a full-scale square wave; a phone's speech is around -30 to -15).
 */
export interface VoiceActivityOptions {
  /** The quietest frame that may count as speech, however quiet the line. */
  speechThresholdDb: number;
  /** How far above the line's noise floor a frame must be to count as speech. */
  marginDb: number;
  /** Speech frames in a row needed to start an utterance (a click or a cough is shorter). */
  startFrames: number;
  /** Silence that ends an utterance. */
  endSilenceMs: number;
  /** An utterance longer than this is ended as it is. */
  maxUtteranceMs: number;
  /** Waiting this long without speech reports "no speech". */
  noSpeechTimeoutMs: number;
  /** Audio kept from before the speech started, so the first syllable is not cut. */
  preRollMs: number;
}

export const DEFAULT_VOICE_ACTIVITY: VoiceActivityOptions = {
  speechThresholdDb: -45,
  marginDb: 10,
  startFrames: 3,
  endSilenceMs: 800,
  maxUtteranceMs: 15000,
  noSpeechTimeoutMs: 6000,
  preRollMs: 200,
};

export type VoiceActivityEvent =
  | { type: 'speech-started' }
  | { type: 'utterance-ended'; pcm: Int16Array; reason: 'silence' | 'max' }
  | { type: 'no-speech' };

const SAMPLES_PER_MS = 8;
const FLOOR_MIN_DB = -80;
const SILENT_DB = -100;

/** The RMS level of a frame in dBFS; digital silence is -100. */
export function frameLevelDb(frame: Int16Array): number {
  if (frame.length === 0) return SILENT_DB;
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  const rms = Math.sqrt(sum / frame.length);
  return rms === 0 ? SILENT_DB : Math.max(SILENT_DB, 20 * Math.log10(rms / 32768));
}

/**
 * Energy-based voice-activity detection on 8 kHz frames (20 ms each, as they arrive in RTP), with
 * a noise floor that follows the line: it falls at once to quieter frames and rises slowly, so a
 * noisy line raises the bar for speech and a quiet one lowers it. Pure: time is the audio pushed,
 * so when a caller sends nothing (silence suppression) `pushMissing` lets time pass.
 */
export class VoiceActivityDetector {
  private options: VoiceActivityOptions;
  private floorDb: number | undefined;
  private speaking = false;
  private run = 0;
  private recent: Int16Array[] = [];
  private utterance: Int16Array[] = [];
  private utteranceMs = 0;
  private silenceMs = 0;
  private trailingSilenceSamples = 0;
  private waitedMs = 0;

  constructor(options: Partial<VoiceActivityOptions> = {}) {
    this.options = { ...DEFAULT_VOICE_ACTIVITY, ...options };
  }

  /** New settings from the next frame on; an utterance in progress goes on. */
  configure(options: Partial<VoiceActivityOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** Starts the no-speech wait afresh (a listen begins); does not cut an utterance in progress. */
  restartWaiting(): void {
    this.waitedMs = 0;
  }

  /** True between "speech started" and "utterance ended". */
  get inUtterance(): boolean {
    return this.speaking;
  }

  /** The line's noise floor in dBFS (undefined before the first frame). */
  get noiseFloorDb(): number | undefined {
    return this.floorDb;
  }

  /** Feeds one frame; returns what it made happen (usually nothing). */
  push(frame: Int16Array): VoiceActivityEvent[] {
    const ms = frame.length / SAMPLES_PER_MS;
    const level = frameLevelDb(frame);
    const floor = this.floorDb ?? Math.max(FLOOR_MIN_DB, level);
    const isSpeech = level > Math.max(this.options.speechThresholdDb, floor + this.options.marginDb);
    this.floorDb = Math.max(FLOOR_MIN_DB, nextFloor(floor, level, isSpeech));
    return this.speaking ? this.continueUtterance(frame, ms, isSpeech) : this.awaitSpeech(frame, ms, isSpeech);
  }

  /**
   * Audio that never came (the caller's phone suppresses silence, or its stream has not started):
   * time passes as silence, but the noise floor learns nothing from it, so a noisy line that
   * starts late is not mistaken for speech against the floor of digital silence.
   */
  pushMissing(samples: number): VoiceActivityEvent[] {
    const frame = new Int16Array(samples);
    const ms = samples / SAMPLES_PER_MS;
    return this.speaking ? this.continueUtterance(frame, ms, false) : this.awaitSpeech(frame, ms, false);
  }

  private awaitSpeech(frame: Int16Array, ms: number, isSpeech: boolean): VoiceActivityEvent[] {
    this.run = isSpeech ? this.run + 1 : 0;
    this.recent.push(frame);
    const keep = Math.ceil(this.options.preRollMs / ms) + this.options.startFrames;
    if (this.recent.length > keep) this.recent.shift();
    if (this.run >= this.options.startFrames) {
      this.speaking = true;
      this.utterance = this.recent;
      this.recent = [];
      this.utteranceMs = this.utterance.reduce((total, f) => total + f.length / SAMPLES_PER_MS, 0);
      this.silenceMs = 0;
      this.trailingSilenceSamples = 0;
      return [{ type: 'speech-started' }];
    }
    this.waitedMs += ms;
    if (this.waitedMs >= this.options.noSpeechTimeoutMs) {
      this.waitedMs = 0;
      return [{ type: 'no-speech' }];
    }
    return [];
  }

  private continueUtterance(frame: Int16Array, ms: number, isSpeech: boolean): VoiceActivityEvent[] {
    this.utterance.push(frame);
    this.utteranceMs += ms;
    if (isSpeech) {
      this.silenceMs = 0;
      this.trailingSilenceSamples = 0;
    } else {
      this.silenceMs += ms;
      this.trailingSilenceSamples += frame.length;
    }
    if (this.silenceMs >= this.options.endSilenceMs) return [this.endUtterance('silence')];
    if (this.utteranceMs >= this.options.maxUtteranceMs) return [this.endUtterance('max')];
    return [];
  }

  /**
   * Ends an utterance in progress now (the call is hanging up mid-sentence, as callers do after a
   * voicemail) and returns what was heard of it; undefined when nobody was speaking.
   */
  cut(): Int16Array | undefined {
    if (!this.speaking) return undefined;
    const ended = this.endUtterance('silence');
    return ended.type === 'utterance-ended' ? ended.pcm : undefined;
  }

  private endUtterance(reason: 'silence' | 'max'): VoiceActivityEvent {
    const total = this.utterance.reduce((sum, f) => sum + f.length, 0);
    // The silence that ended it is not speech: keep as much of it as the pre-roll, drop the rest.
    const trimmed = total - Math.max(0, this.trailingSilenceSamples - this.options.preRollMs * SAMPLES_PER_MS);
    const pcm = new Int16Array(trimmed);
    let offset = 0;
    for (const f of this.utterance) {
      if (offset >= trimmed) break;
      pcm.set(f.subarray(0, trimmed - offset), offset);
      offset += f.length;
    }
    this.speaking = false;
    this.run = 0;
    this.utterance = [];
    this.waitedMs = 0;
    return { type: 'utterance-ended', pcm, reason };
  }
}

/**
 * The noise floor follows quieter frames quickly and louder non-speech frames slowly; during speech
 * it creeps up 2.5 dB a second (speech's own pauses pull it back down), so a line whose noise
 * steps up is not heard as endless speech.
 */
function nextFloor(floor: number, level: number, isSpeech: boolean): number {
  if (level < floor) return floor + (level - floor) * 0.2;
  if (!isSpeech) return floor + (level - floor) * 0.05;
  return floor + 0.05;
}
