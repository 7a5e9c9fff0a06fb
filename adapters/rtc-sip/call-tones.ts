import { CALL_SAMPLE_RATE } from '../../telephony/index.js';

/** `toneMs` of a sine at `hz` then silence up to `totalMs`, as the call's 8 kHz PCM: the sounds a call makes without speech. */
export function toneThenSilence(tone: { hz: number; amplitude: number; toneMs: number; totalMs: number }): Int16Array {
  const pcm = new Int16Array((tone.totalMs * CALL_SAMPLE_RATE) / 1000);
  const toneSamples = (tone.toneMs * CALL_SAMPLE_RATE) / 1000;
  for (let i = 0; i < toneSamples; i++) pcm[i] = Math.round(tone.amplitude * Math.sin((2 * Math.PI * tone.hz * i) / CALL_SAMPLE_RATE));
  return pcm;
}
