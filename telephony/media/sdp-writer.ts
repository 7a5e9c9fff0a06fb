import { randomInt } from 'node:crypto';
import { write, type MediaDescription } from 'sdp-transform';
import type { AudioCodec, MediaDirection } from './negotiated-audio.js';
import { cryptoAttribute } from './sdp-crypto.js';
import type { SrtpKey } from './srtp-context.js';

/** The telephone-event payload type we offer when the SDP is ours to start (RFC 4733). */
export const OUR_TELEPHONE_EVENT_PAYLOAD_TYPE = 101;

/** The o= line's session id and version: a new id for a new call, the version bumped for each SDP after. */
export function nextOrigin(previous?: { sessionId: string; version: number }): { sessionId: string; version: number } {
  return previous ? { sessionId: previous.sessionId, version: previous.version + 1 } : { sessionId: String(randomInt(1, 2 ** 47)), version: 1 };
}

/**
 * Our audio m-line: the codecs in order, telephone-event when given, 20 ms packets, a direction;
 * `protocol` (RTP/AVP unless told) and our `a=crypto` for SRTP.
 */
export function audioLine(
  port: number, codecs: { codec: AudioCodec; payloadType: number }[], telephoneEventPayloadType: number | undefined, direction: MediaDirection,
  secure: { protocol?: string; crypto?: { tag: number; key: SrtpKey } } = {},
): MediaDescription {
  const events = telephoneEventPayloadType === undefined ? [] : [telephoneEventPayloadType];
  return {
    type: 'audio',
    port,
    protocol: secure.protocol ?? 'RTP/AVP',
    ...(secure.crypto ? { crypto: [cryptoAttribute(secure.crypto.tag, secure.crypto.key)] } : {}),
    payloads: [...codecs.map((c) => c.payloadType), ...events].join(' '),
    rtp: [...codecs.map((c) => ({ payload: c.payloadType, codec: c.codec, rate: 8000 })), ...events.map((payload) => ({ payload, codec: 'telephone-event', rate: 8000 }))],
    fmtp: events.map((payload) => ({ payload, config: '0-16' })),
    ptime: 20,
    direction,
  };
}

/** A whole SDP from our address, origin and m-lines (IPv6 addresses are written as IP6). */
export function writeSdp(address: string, origin: { sessionId: string; version: number }, media: MediaDescription[]): string {
  const ipVer = address.includes(':') ? 6 : 4;
  return write({
    version: 0,
    origin: { username: '-', sessionId: origin.sessionId, sessionVersion: origin.version, netType: 'IN', ipVer, address },
    name: '-',
    connection: { version: ipVer, ip: address },
    timing: { start: 0, stop: 0 },
    media,
  });
}
