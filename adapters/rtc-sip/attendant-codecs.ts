import type { AudioCodec } from '../../telephony/index.js';

/** G.711's static RTP payload types (RFC 3551): the browser and the caller's leg use the same. */
export const G711_PAYLOAD_TYPES: Record<AudioCodec, number> = { PCMU: 0, PCMA: 8 };

/**
 * The codec the attendant's browser is answered with (docs/attendance/calls.md): the caller's
 * leg's codec when the browser offers it, so that audio is relayed between the legs as it came
 * (nothing transcoded); else the other G.711 law it offers. None when it offers neither. Only the
 * one codec goes in the answer, whatever the order of the offer (a browser lists PCMU before PCMA).
 */
export function attendantCodec(offerSdp: string, callerCodec: AudioCodec | undefined): AudioCodec | undefined {
  const offered = offeredG711(offerSdp);
  if (callerCodec && offered.includes(callerCodec)) return callerCodec;
  return offered[0];
}

/** The G.711 laws of an SDP's first audio line, in its order: by static payload type, or by an rtpmap naming them. */
export function offeredG711(sdp: string): AudioCodec[] {
  const lines = sdp.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('m=audio '));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('m='));
  const section = lines.slice(start, end < 0 ? undefined : end);
  const names = new Map<number, string>();
  for (const line of section) {
    const map = /^a=rtpmap:(\d+) ([^/\s]+)\/8000/i.exec(line);
    if (map) names.set(Number(map[1]), map[2]!);
  }
  const formats = section[0]!.trim().split(/\s+/).slice(3).map(Number);
  const laws = formats.map((pt) => g711Of(names.get(pt) ?? pt)).filter((law): law is AudioCodec => law !== undefined);
  return [...new Set(laws)];
}

/** The G.711 law of an RTP payload type or a codec name (`PCMU`, `audio/PCMU`), if it is one. */
export function g711Of(value: number | string | undefined): AudioCodec | undefined {
  const name = typeof value === 'string' ? value.toUpperCase().replace(/^AUDIO\//, '') : undefined;
  if (value === 0 || name === 'PCMU') return 'PCMU';
  if (value === 8 || name === 'PCMA') return 'PCMA';
  return undefined;
}
