import { readFileSync } from 'node:fs';
import wavefile from 'wavefile';
import { pcm24kToPcm8k, pcm8kToWav, wavToPcm8k } from './wav.js';

/** A WAV of a sine: `seconds` long at `rate`, every channel the same. */
function sineWav(rate: number, channels: number, bitDepth: '8' | '16', frequency = 440, seconds = 0.25): Buffer {
  const full = bitDepth === '16' ? 16000 : 100;
  const mid = bitDepth === '16' ? 0 : 128;
  const samples = Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.round(mid + full * Math.sin((2 * Math.PI * frequency * i) / rate)));
  const wav = new wavefile.WaveFile();
  wav.fromScratch(channels, rate, bitDepth, channels === 1 ? samples : Array.from({ length: channels }, () => samples));
  return Buffer.from(wav.toBuffer());
}

const rms = (pcm: Int16Array, from = 0, to = pcm.length): number => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (pcm[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

/** How many times the signal crosses zero upwards per second at 8 kHz: its frequency for a sine. */
const frequencyOf = (pcm: Int16Array): number => {
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if ((pcm[i - 1] ?? 0) < 0 && (pcm[i] ?? 0) >= 0) crossings++;
  return crossings / (pcm.length / 8000);
};

describe('WAV conversion', () => {
  test.each([
    [8000, 1, '16'],
    [16000, 1, '16'],
    [22050, 1, '16'],
    [24000, 2, '16'],
    [44100, 2, '16'],
    [48000, 1, '8'],
    [11025, 2, '8'],
  ] as const)('%i Hz, %i channel(s), %s-bit: a quarter second of 440 Hz at 8 kHz mono', (rate, channels, bitDepth) => {
    const pcm = wavToPcm8k(sineWav(rate, channels, bitDepth));
    expect(Math.abs(pcm.length - 2000)).toBeLessThanOrEqual(2);
    expect(Math.abs(frequencyOf(pcm) - 440)).toBeLessThan(10);
    // 16-bit sines were at 16000 peak (rms ≈ 11300); 8-bit ones at 100/128 of full scale (rms ≈ 18100).
    expect(rms(pcm, 200, 1800)).toBeGreaterThan(bitDepth === '16' ? 9000 : 15000);
  });

  test('a tone above 4 kHz is filtered out rather than folded back into the call band', () => {
    const pcm = wavToPcm8k(sineWav(48000, 1, '16', 6000));
    expect(rms(pcm, 200, 1800)).toBeLessThan(2000);
  });

  test('a WAV spoken by espeak-ng (22.05 kHz) keeps its length and its energy', () => {
    const bytes = readFileSync(new URL('./fixtures/espeak-one.wav', import.meta.url));
    const pcm = wavToPcm8k(bytes);
    const seconds = (bytes.length - 44) / 2 / 22050;
    expect(Math.abs(pcm.length / 8000 - seconds)).toBeLessThan(0.01);
    expect(rms(pcm)).toBeGreaterThan(500);
  });

  test('8 kHz PCM to WAV and back is the same samples', () => {
    const pcm = Int16Array.from({ length: 800 }, (_, i) => (i * 97) % 20000 - 10000);
    const bytes = pcm8kToWav(pcm);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBe(44 + 1600);
    expect(wavToPcm8k(bytes)).toEqual(pcm);
  });

  test('raw 24 kHz PCM from a speech API becomes a third as many samples at 8 kHz', () => {
    const raw = Buffer.alloc(24000 * 2 + 1);
    for (let i = 0; i < 24000; i++) raw.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * 300 * i) / 24000)), i * 2);
    const pcm = pcm24kToPcm8k(raw);
    expect(pcm.length).toBe(8000);
    expect(Math.abs(frequencyOf(pcm) - 300)).toBeLessThan(5);
  });

  test('bytes that are no WAV are refused with a validation error', () => {
    expect(() => wavToPcm8k(Buffer.from('not a wav file at all'))).toThrow(/not a WAV file/);
  });
});
