/**
 * Audio for the call tests: makes the WAV files a test caller speaks (espeak-ng speech, tones,
 * silence, joined) and measures what it heard (loudness per 20 ms frame, the stretches with
 * sound), so a test can say "a greeting was heard in the first 3 s" or "hold music played".
 * Everything is 8 kHz mono 16-bit PCM, the format baresip's `aufile` source needs at 8 kHz
 * (test/support/baresip.ts) and close to what a G.711 call carries.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import wavefile from 'wavefile';

const run = promisify(execFile);

/** The sample rate of every file made here: narrowband telephony. */
export const CALL_SAMPLE_RATE = 8000;
/** The frame that loudness is measured over: one RTP packet's worth of audio. */
export const FRAME_MS = 20;
/** RMS (of full scale) above which a frame counts as sound: about -34 dBFS, far above G.711's idle noise. */
export const SOUND_THRESHOLD = 0.02;

/** Samples of a WAV file as 16-bit mono, whatever it was stored as. */
export interface WavSamples {
  sampleRate: number;
  samples: Int16Array;
  durationMs: number;
}

/** A stretch of audio, in milliseconds from the start of the file. */
export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/**
 * Speaks `text` with espeak-ng into `outPath` as mono 16-bit PCM, 8 kHz unless asked otherwise.
 * Resolves to the path. Different texts give different lengths, which the fake voice service
 * can use to tell them apart.
 */
export async function speechWav(text: string, outPath: string, options: { voice?: string; wordsPerMinute?: number; sampleRate?: number } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-speech-'));
  try {
    const raw = path.join(dir, 'espeak.wav');
    await run('espeak-ng', ['-v', options.voice ?? 'en', '-s', String(options.wordsPerMinute ?? 160), '-w', raw, text]);
    await run('sox', [raw, '-r', String(options.sampleRate ?? CALL_SAMPLE_RATE), '-c', '1', '-b', '16', '-e', 'signed-integer', outPath]);
    return outPath;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `ms` of a sine tone (default 440 Hz, half scale) as 8 kHz mono 16-bit PCM; made in process. */
export async function toneWav(ms: number, outPath: string, options: { hz?: number; amplitude?: number } = {}): Promise<string> {
  const hz = options.hz ?? 440;
  const amplitude = (options.amplitude ?? 0.5) * 32767;
  const samples = new Int16Array(Math.round((ms * CALL_SAMPLE_RATE) / 1000));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / CALL_SAMPLE_RATE));
  await writeWav(outPath, samples);
  return outPath;
}

/** `ms` of digital silence as 8 kHz mono 16-bit PCM. */
export async function silenceWav(ms: number, outPath: string): Promise<string> {
  await writeWav(outPath, new Int16Array(Math.round((ms * CALL_SAMPLE_RATE) / 1000)));
  return outPath;
}

/**
 * Joins WAV files one after another into `outPath` (8 kHz mono 16-bit), converting any other
 * rate or encoding first: e.g. silence + utterance + silence, so an utterance starts at a known offset.
 */
export async function concatWavs(inputs: string[], outPath: string): Promise<string> {
  const parts = await Promise.all(inputs.map((input) => readWav(input, { sampleRate: CALL_SAMPLE_RATE })));
  const joined = new Int16Array(parts.reduce((sum, part) => sum + part.samples.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part.samples, offset);
    offset += part.samples.length;
  }
  await writeWav(outPath, joined);
  return outPath;
}

/** Writes 16-bit mono samples as a PCM WAV file. */
export async function writeWav(outPath: string, samples: Int16Array, sampleRate = CALL_SAMPLE_RATE): Promise<void> {
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, sampleRate, '16', samples);
  await writeFile(outPath, wav.toBuffer());
}

/** A WAV file's path, or its bytes (an upload). */
export type WavSource = string | Uint8Array;

/**
 * Reads a WAV file as 16-bit mono samples (first channel), decoding G.711 (μ-law, A-law) and
 * other bit depths, optionally resampled. Tolerates a file still being written, whose header
 * does not yet give the data's length (libsndfile fills it in on close: baresip's recording
 * during a call).
 */
export async function readWav(source: WavSource, options: { sampleRate?: number } = {}): Promise<WavSamples> {
  const bytes = typeof source === 'string' ? await readFile(source) : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const wav = new wavefile.WaveFile(withDataLength(bytes));
  const fmt = wav.fmt as { audioFormat: number; numChannels: number; sampleRate: number };
  if (fmt.audioFormat === 7) wav.fromMuLaw();
  else if (fmt.audioFormat === 6) wav.fromALaw();
  if ((wav.bitDepth as string) !== '16') wav.toBitDepth('16');
  if (options.sampleRate && options.sampleRate !== fmt.sampleRate) wav.toSampleRate(options.sampleRate, { method: 'cubic' });
  const sampleRate = (wav.fmt as { sampleRate: number }).sampleRate;
  const all = wav.getSamples(false, Int16Array) as unknown as Int16Array | Int16Array[];
  const samples = Array.isArray(all) ? all[0]! : all;
  return { sampleRate, samples, durationMs: (samples.length * 1000) / sampleRate };
}

/** How long a WAV file plays, in milliseconds. */
export async function durationOf(wav: WavSource): Promise<number> {
  return (await readWav(wav)).durationMs;
}

/**
 * RMS loudness (0 = silence, ~0.7 = a full-scale sine) of a WAV file between two times
 * (default: the whole file); 0 when the range holds no samples.
 */
export async function energyOf(wav: WavSource, range: Partial<TimeRange> = {}): Promise<number> {
  const { sampleRate, samples } = await readWav(wav);
  const from = Math.max(0, Math.floor(((range.fromMs ?? 0) * sampleRate) / 1000));
  const to = Math.min(samples.length, Math.ceil(((range.toMs ?? Infinity) * sampleRate) / 1000));
  return rms(samples, from, to);
}

/** RMS loudness of each 20 ms frame of a WAV file, in order. */
export async function frameEnergies(wav: WavSource): Promise<number[]> {
  const { sampleRate, samples } = await readWav(wav);
  const frame = (sampleRate * FRAME_MS) / 1000;
  const energies: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) energies.push(rms(samples, start, start + frame));
  return energies;
}

/**
 * The stretches of a WAV file with sound: 20 ms frames louder than `threshold`, with gaps
 * shorter than `minGapMs` (pauses between words) bridged and stretches shorter than
 * `minLengthMs` (clicks) dropped.
 */
export async function segmentsOfSound(wav: WavSource, options: { threshold?: number; minGapMs?: number; minLengthMs?: number } = {}): Promise<TimeRange[]> {
  const threshold = options.threshold ?? SOUND_THRESHOLD;
  const minGapMs = options.minGapMs ?? 300;
  const minLengthMs = options.minLengthMs ?? 60;
  const segments: TimeRange[] = [];
  (await frameEnergies(wav)).forEach((energy, index) => {
    if (energy <= threshold) return;
    const fromMs = index * FRAME_MS;
    const last = segments.at(-1);
    if (last && fromMs - last.toMs < minGapMs) last.toMs = fromMs + FRAME_MS;
    else segments.push({ fromMs, toMs: fromMs + FRAME_MS });
  });
  return segments.filter((segment) => segment.toMs - segment.fromMs >= minLengthMs);
}

/** Milliseconds of sound (frames above the threshold) in a WAV file, e.g. how much hold music was heard. */
export async function soundMs(wav: WavSource, threshold = SOUND_THRESHOLD): Promise<number> {
  return (await frameEnergies(wav)).filter((energy) => energy > threshold).length * FRAME_MS;
}

/**
 * Milliseconds of a WAV file where a steady tone of `hz` sounds: 20 ms frames louder than
 * `threshold` whose energy is mostly (`purity`, default 0.6) at that frequency (Goertzel), so
 * speech or another tone does not count. Tells the hold music heard on a call from what is said.
 */
export async function toneMs(wav: WavSource, hz: number, options: { threshold?: number; purity?: number } = {}): Promise<number> {
  const { sampleRate, samples } = await readWav(wav);
  const frame = (sampleRate * FRAME_MS) / 1000;
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let frames = 0;
  for (let start = 0; start + frame <= samples.length; start += frame) {
    if (rms(samples, start, start + frame) <= (options.threshold ?? SOUND_THRESHOLD)) continue;
    let previous = 0;
    let before = 0;
    let energy = 0;
    for (let i = start; i < start + frame; i++) {
      const x = samples[i]! / 32768;
      energy += x * x;
      const next = x + coefficient * previous - before;
      before = previous;
      previous = next;
    }
    const power = previous * previous + before * before - coefficient * previous * before;
    if ((2 * power) / frame / energy >= (options.purity ?? 0.6)) frames += 1;
  }
  return frames * FRAME_MS;
}

/**
 * Milliseconds from the first to the last sound of a WAV (0 when silent): an utterance's length
 * whatever silence was cut or added around it, which is how the fake voice service tells the
 * test's utterances apart (test/support/fake-voice.ts).
 */
export async function soundSpanMs(wav: WavSource, threshold = SOUND_THRESHOLD): Promise<number> {
  const segments = await segmentsOfSound(wav, { threshold, minLengthMs: 0 });
  return segments.length ? segments.at(-1)!.toMs - segments[0]!.fromMs : 0;
}

function rms(samples: Int16Array, from: number, to: number): number {
  if (to <= from) return 0;
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i]! / 32768) ** 2;
  return Math.sqrt(sum / (to - from));
}

/**
 * A copy of a RIFF/WAVE file whose `data` chunk (and RIFF) lengths say what the file holds: a
 * writer that has not closed the file yet leaves them 0 or too large, and the reader would see
 * no samples or fail.
 */
function withDataLength(bytes: Buffer): Buffer {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return bytes;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      const available = bytes.length - offset - 8;
      if (size !== 0 && size <= available) return bytes;
      const fixed = Buffer.from(bytes.subarray(0, offset + 8 + (available - (available % 2))));
      fixed.writeUInt32LE(fixed.length - offset - 8, offset + 4);
      fixed.writeUInt32LE(fixed.length - 8, 4);
      return fixed;
    }
    offset += 8 + size + (size % 2);
  }
  return bytes;
}
