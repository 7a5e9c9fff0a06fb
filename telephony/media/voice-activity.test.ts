import { readFileSync } from 'node:fs';
import { frameLevelDb, VoiceActivityDetector, type VoiceActivityEvent } from './voice-activity.js';
import { wavToPcm8k } from './wav.js';

const FRAME = 160;

/** Deterministic noise: a linear congruential generator, so every run hears the same line. */
function noiseSource(amplitude: number): () => number {
  let state = 12345;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.round(((state / 2 ** 31) * 2 - 1) * amplitude);
  };
}

/** A line: noise throughout, a 300 Hz tone (a voice stand-in) where `spans` say, in ms. */
function line(totalMs: number, spans: [number, number][], options: { noise?: number; tone?: number } = {}): Int16Array[] {
  const noise = noiseSource(options.noise ?? 200);
  const tone = options.tone ?? 8000;
  const frames: Int16Array[] = [];
  for (let start = 0; start < totalMs * 8; start += FRAME) {
    frames.push(
      Int16Array.from({ length: FRAME }, (_, i) => {
        const n = start + i;
        const ms = n / 8;
        const voiced = spans.some(([from, to]) => ms >= from && ms < to);
        return noise() + (voiced ? Math.round(tone * Math.sin((2 * Math.PI * 300 * n) / 8000)) : 0);
      }),
    );
  }
  return frames;
}

/** Feeds the frames; returns each event with the time (ms, end of its frame) it came at. */
function run(detector: VoiceActivityDetector, frames: Int16Array[]): { at: number; event: VoiceActivityEvent }[] {
  return frames.flatMap((frame, index) => detector.push(frame).map((event) => ({ at: (index + 1) * 20, event })));
}

const rms = (pcm: Int16Array, from: number, to: number): number => Math.sqrt(pcm.subarray(from, to).reduce((sum, s) => sum + s * s, 0) / Math.max(1, to - from));

describe('voice-activity detection', () => {
  test('frame levels in dBFS: silence, a full-scale square wave, and a half-scale one', () => {
    expect(frameLevelDb(new Int16Array(FRAME))).toBe(-100);
    expect(frameLevelDb(new Int16Array(FRAME).fill(32767))).toBeCloseTo(0, 1);
    expect(frameLevelDb(new Int16Array(FRAME).fill(16384))).toBeCloseTo(-6.02, 1);
  });

  test('a second of speech between noise: started after three speech frames, ended after 800 ms of silence, with the pre-roll', () => {
    const events = run(new VoiceActivityDetector(), line(3000, [[1000, 2000]]));
    expect(events.map((e) => e.event.type)).toEqual(['speech-started', 'utterance-ended']);
    expect(events[0]?.at).toBe(1060);
    expect(events[1]?.at).toBe(2800);
    const ended = events[1]?.event;
    if (ended?.type !== 'utterance-ended') throw new Error('no utterance');
    expect(ended.reason).toBe('silence');
    // 200 ms before the start (pre-roll), the second of speech, 200 ms after it.
    expect(ended.pcm.length).toBe((200 + 1000 + 200) * 8);
    expect(rms(ended.pcm, 0, 1600)).toBeLessThan(500);
    expect(rms(ended.pcm, 1600, 9600)).toBeGreaterThan(4000);
  });

  test('a pause shorter than the end-of-utterance silence keeps one utterance', () => {
    const events = run(new VoiceActivityDetector(), line(3000, [[500, 1000], [1400, 1800]]));
    expect(events.map((e) => e.event.type)).toEqual(['speech-started', 'utterance-ended']);
  });

  test('a click (two loud frames) is not speech', () => {
    const events = run(new VoiceActivityDetector(), line(2000, [[1000, 1040]]));
    expect(events).toEqual([]);
  });

  test('no speech: reported once the timeout has passed, then again after another', () => {
    const detector = new VoiceActivityDetector({ noSpeechTimeoutMs: 1000 });
    expect(run(detector, line(2500, [])).map((e) => [e.at, e.event.type])).toEqual([
      [1000, 'no-speech'],
      [2000, 'no-speech'],
    ]);
  });

  test('restartWaiting starts the no-speech wait afresh', () => {
    const detector = new VoiceActivityDetector({ noSpeechTimeoutMs: 1000 });
    const frames = line(1600, []);
    expect(run(detector, frames.slice(0, 40))).toEqual([]);
    detector.restartWaiting();
    expect(run(detector, frames.slice(40, 80))).toEqual([]);
  });

  test('an utterance longer than the maximum is ended as it is', () => {
    const events = run(new VoiceActivityDetector({ maxUtteranceMs: 2000 }), line(4000, [[500, 4000]]));
    const ended = events.find((e) => e.event.type === 'utterance-ended')?.event;
    expect(ended).toMatchObject({ reason: 'max' });
    if (ended?.type === 'utterance-ended') expect(ended.pcm.length).toBe(2000 * 8);
  });

  test('a noisy line (noise above the absolute threshold) is not speech; louder speech on it is', () => {
    const detector = new VoiceActivityDetector();
    // Uniform noise of ±1500 is about -32 dBFS, well above -45.
    const events = run(detector, line(3000, [[1500, 2000]], { noise: 1500, tone: 16000 }));
    expect(detector.noiseFloorDb).toBeGreaterThan(-36);
    expect(events.map((e) => e.event.type)).toEqual(['speech-started', 'utterance-ended']);
    expect(events[0]?.at).toBeGreaterThanOrEqual(1500);
  });

  test('speech from the very first frame is taken for the line; the floor drops at the first pause and the next phrase is heard', () => {
    const events = run(new VoiceActivityDetector(), line(3000, [[0, 600], [1200, 2000]]));
    expect(events.map((e) => e.event.type)).toEqual(['speech-started', 'utterance-ended']);
    expect(events[0]?.at).toBeGreaterThan(1200);
  });

  test('missing audio lets time pass as silence but teaches the floor nothing: a noisy line starting late is not speech', () => {
    const detector = new VoiceActivityDetector({ noSpeechTimeoutMs: 1000 });
    const waited = Array.from({ length: 25 }, () => detector.pushMissing(FRAME)).flat();
    expect(detector.noiseFloorDb).toBeUndefined();
    const events = run(detector, line(1000, [], { noise: 1500 }));
    expect([...waited, ...events.map((e) => e.event)]).toEqual([{ type: 'no-speech' }]);
  });

  test('missing audio in an utterance counts as its ending silence', () => {
    const detector = new VoiceActivityDetector({ endSilenceMs: 400 });
    run(detector, line(1500, [[1000, 1500]]));
    expect(detector.inUtterance).toBe(true);
    const events = Array.from({ length: 20 }, () => detector.pushMissing(FRAME)).flat();
    expect(events).toMatchObject([{ type: 'utterance-ended', reason: 'silence' }]);
  });

  test('a word spoken by espeak-ng, between stretches of a quiet line, is one utterance about its length', () => {
    const word = wavToPcm8k(readFileSync(new URL('./fixtures/espeak-one.wav', import.meta.url)));
    const quiet = line(1000, [], { noise: 60 });
    const spoken = [];
    for (let offset = 0; offset + FRAME <= word.length; offset += FRAME) spoken.push(word.slice(offset, offset + FRAME));
    const events = run(new VoiceActivityDetector(), [...quiet, ...spoken, ...quiet]);
    expect(events.map((e) => e.event.type)).toEqual(['speech-started', 'utterance-ended']);
    const ended = events[1]?.event;
    if (ended?.type !== 'utterance-ended') throw new Error('no utterance');
    // espeak pads the word with silence of its own, so the utterance is shorter than the file, and longer than the pre-roll.
    expect(ended.pcm.length).toBeLessThanOrEqual(word.length + 400 * 8);
    expect(ended.pcm.length).toBeGreaterThan(200 * 8);
  });

  test('cut ends an utterance in progress and hands over what was heard; with nobody speaking it has nothing', () => {
    const detector = new VoiceActivityDetector();
    run(detector, line(1000, [[500, 1000]]));
    const pcm = detector.cut();
    expect(pcm?.length).toBe((200 + 500) * 8);
    expect(detector.inUtterance).toBe(false);
    expect(detector.cut()).toBeUndefined();
  });
});
