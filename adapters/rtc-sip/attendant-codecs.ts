import type { AudioCodec } from '../../telephony/index.js';

/** G.711's static RTP payload types (RFC 3551): the browser and the caller's leg use the same. */
export const G711_PAYLOAD_TYPES: Record<AudioCodec, number> = { PCMU: 0, PCMA: 8 };

/**
 * The codecs the attendant's browser is offered, in order of preference (docs/attendance/calls.md):
 * the caller's leg's codec first, so that the browser's audio is relayed to the caller as it came
 * and back (nothing transcoded); the other G.711 law second, for a browser that lacks the first.
 */
export function attendantCodecOrder(callerCodec: AudioCodec | undefined): AudioCodec[] {
  return callerCodec === 'PCMA' ? ['PCMA', 'PCMU'] : ['PCMU', 'PCMA'];
}

/** The G.711 law of an RTP payload type or a codec's MIME type (`audio/PCMU`), if it is one. */
export function g711Of(value: number | string | undefined): AudioCodec | undefined {
  if (value === 0 || (typeof value === 'string' && value.toLowerCase() === 'audio/pcmu')) return 'PCMU';
  if (value === 8 || (typeof value === 'string' && value.toLowerCase() === 'audio/pcma')) return 'PCMA';
  return undefined;
}
