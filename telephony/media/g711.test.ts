import { decodeG711, encodeG711, FRAME_SAMPLES, silenceFrame } from './g711.js';

const tone = (amplitude: number): Int16Array => Int16Array.from({ length: FRAME_SAMPLES }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / 8000)));

describe('G.711', () => {
  test.each(['PCMU', 'PCMA'] as const)('%s: one byte a sample, and a tone survives the round trip within G.711 error', (codec) => {
    const pcm = tone(12000);
    const bytes = encodeG711(codec, pcm);
    expect(bytes.length).toBe(FRAME_SAMPLES);
    const back = decodeG711(codec, bytes);
    const worst = Math.max(...pcm.map((sample, i) => Math.abs(sample - (back[i] ?? 0))));
    // Logarithmic companding: the step near 12000 is 512 (μ-law) / 512 (A-law), so the error is at most half a step plus rounding.
    expect(worst).toBeLessThanOrEqual(512);
  });

  test('the well-known silence bytes: 0xFF for μ-law, 0xD5 for A-law', () => {
    expect([...silenceFrame('PCMU')].every((b) => b === 0xff)).toBe(true);
    expect([...silenceFrame('PCMA')].every((b) => b === 0xd5)).toBe(true);
  });
});
