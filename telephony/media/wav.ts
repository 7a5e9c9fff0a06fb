import wavefile from 'wavefile';
import { ValidationError } from '../../infra/errors.js';
import { CALL_SAMPLE_RATE, resampleTo8k } from './resample.js';

interface WavFormat {
  numChannels: number;
  sampleRate: number;
}

/**
 * Any WAV (PCM 8–32-bit or float, G.711, IMA ADPCM; mono or multi-channel; any rate) as the call
 * hears it: 16-bit mono at 8 kHz. Channels are averaged; resampling filters out what lies above
 * the call's band first, so nothing above 4 kHz folds back as noise (resample.ts).
 */
export function wavToPcm8k(bytes: Buffer): Int16Array {
  const wav = new wavefile.WaveFile();
  try {
    wav.fromBuffer(bytes);
    if (wav.bitDepth === '8a') wav.fromALaw();
    else if (wav.bitDepth === '8m') wav.fromMuLaw();
    else if (wav.bitDepth === '4') wav.fromIMAADPCM();
    if (wav.bitDepth !== '16') wav.toBitDepth('16');
  } catch (error) {
    throw new ValidationError(`not a WAV file a call can play: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { numChannels, sampleRate } = wav.fmt as WavFormat;
  const samples = wav.getSamples(false) as Float64Array | Float64Array[];
  const channels = Array.isArray(samples) ? samples : [samples];
  const mono = new Float64Array(channels[0]?.length ?? 0);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / numChannels;
  return toInt16(resampleTo8k(mono, sampleRate));
}

/**
 * 16-bit mono PCM at 8 kHz as a WAV file: what a transcription request uploads. The 44-byte
 * canonical header is written here rather than by wavefile, which packs sample by sample and takes
 * tens of milliseconds per utterance on the event loop every call shares.
 */
export function pcm8kToWav(pcm: Int16Array): Buffer {
  const dataBytes = pcm.length * 2;
  const bytes = Buffer.alloc(44 + dataBytes);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + dataBytes, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16); // fmt chunk size
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(CALL_SAMPLE_RATE, 24);
  bytes.writeUInt32LE(CALL_SAMPLE_RATE * 2, 28); // bytes per second
  bytes.writeUInt16LE(2, 32); // block align
  bytes.writeUInt16LE(16, 34); // bits per sample
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) bytes.writeInt16LE(pcm[i]!, 44 + i * 2);
  return bytes;
}

/**
 * Raw 16-bit little-endian mono PCM at 24 kHz (an OpenAI-compatible `/audio/speech` answer with
 * `response_format: pcm`) as 8 kHz samples. A trailing odd byte is ignored.
 */
export function pcm24kToPcm8k(raw: Buffer): Int16Array {
  const count = Math.floor(raw.length / 2);
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) samples[i] = raw.readInt16LE(i * 2);
  return toInt16(resampleTo8k(samples, 24000));
}

function toInt16(samples: Float64Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] ?? 0)));
  return out;
}
