import wavefile from 'wavefile';

/** The one rate a call's audio has: G.711 samples at 8 kHz. */
export const CALL_SAMPLE_RATE = 8000;

/**
 * Samples at any rate as 8 kHz samples. Whole multiples of 8 kHz (16, 24, 48 kHz: speech APIs
 * and most recordings) go through a windowed-sinc low-pass computed only at the kept samples, which
 * costs about a millisecond per second of audio, so converting a spoken answer does not stall the
 * 20 ms packet clock of every call (docs/channels/rtc-sip.md, "Media"). Other rates (11.025,
 * 22.05, 44.1 kHz) use wavefile's cubic resampler behind its low-pass filter, some 50 times slower:
 * fine for files converted once, such as hold music.
 */
export function resampleTo8k(samples: Float64Array, sampleRate: number): Float64Array {
  if (sampleRate === CALL_SAMPLE_RATE || samples.length === 0) return samples;
  const factor = sampleRate / CALL_SAMPLE_RATE;
  if (Number.isInteger(factor)) return decimate(samples, factor);
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, sampleRate, '16', samples);
  wav.toSampleRate(CALL_SAMPLE_RATE);
  return wav.getSamples(false) as Float64Array;
}

const filters = new Map<number, Float64Array>();

/** Low-pass at 3.6 kHz (below the 4 kHz Nyquist of the call), then keeps one sample in `factor`. */
function decimate(samples: Float64Array, factor: number): Float64Array {
  const taps = lowPass(factor);
  const half = (taps.length - 1) / 2;
  const out = new Float64Array(Math.floor(samples.length / factor));
  for (let o = 0; o < out.length; o++) {
    const start = o * factor - half;
    // Only the taps that fall inside the signal: the edges are treated as silence.
    const from = Math.max(0, -start);
    const to = Math.min(taps.length, samples.length - start);
    let sum = 0;
    for (let k = from; k < to; k++) sum += samples[start + k]! * taps[k]!;
    out[o] = sum;
  }
  return out;
}

/** A Hamming-windowed sinc, 24 taps per factor plus one, normalised to unity gain. */
function lowPass(factor: number): Float64Array {
  const cached = filters.get(factor);
  if (cached) return cached;
  const length = 24 * factor + 1;
  const cutoff = 3600 / (CALL_SAMPLE_RATE * factor);
  const taps = new Float64Array(length);
  const half = (length - 1) / 2;
  let total = 0;
  for (let k = 0; k < length; k++) {
    const n = k - half;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const window = 0.54 - 0.46 * Math.cos((2 * Math.PI * k) / (length - 1));
    taps[k] = sinc * window;
    total += sinc * window;
  }
  for (let k = 0; k < length; k++) taps[k] = (taps[k] ?? 0) / total;
  filters.set(factor, taps);
  return taps;
}
