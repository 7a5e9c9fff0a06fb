import alawmulaw from 'alawmulaw';
import type { AudioCodec } from './negotiated-audio.js';

/** Samples in one 20 ms frame at 8 kHz: the packet size a call sends (a=ptime:20). */
export const FRAME_SAMPLES = 160;

/** Encodes 16-bit PCM at 8 kHz to G.711 bytes (one byte per sample). */
export function encodeG711(codec: AudioCodec, pcm: Int16Array): Uint8Array {
  return codec === 'PCMU' ? alawmulaw.mulaw.encode(pcm) : alawmulaw.alaw.encode(pcm);
}

/** Decodes G.711 bytes to 16-bit PCM at 8 kHz. */
export function decodeG711(codec: AudioCodec, bytes: Uint8Array): Int16Array {
  return codec === 'PCMU' ? alawmulaw.mulaw.decode(bytes) : alawmulaw.alaw.decode(bytes);
}

const SILENCE: Record<AudioCodec, Uint8Array> = {
  PCMU: encodeG711('PCMU', new Int16Array(FRAME_SAMPLES)),
  PCMA: encodeG711('PCMA', new Int16Array(FRAME_SAMPLES)),
};

/** One 20 ms frame of silence, encoded once: sent between playbacks to keep the stream alive. */
export function silenceFrame(codec: AudioCodec): Uint8Array {
  return SILENCE[codec];
}
