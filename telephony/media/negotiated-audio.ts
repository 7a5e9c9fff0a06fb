import type { SrtpKey } from './srtp-context.js';

/** The two G.711 codecs every phone network speaks (docs/channels/rtc-sip.md, "Media"). */
export type AudioCodec = 'PCMU' | 'PCMA';

/** A stream direction as SDP writes it (offer/answer model, RFC 3264 §6.1). */
export type MediaDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

/**
 * What an offer/answer agreed for the call's audio. `direction` is ours, the one our SDP carries:
 * `recvonly` or `inactive` mean the far end holds the call, and nothing is sent to it.
 * `origin` carries our o= line's session id and version, so that the next SDP we write for the
 * call (a re-offer's answer) keeps the id and bumps the version.
 */
export interface NegotiatedAudio {
  codec: AudioCodec;
  payloadType: number;
  telephoneEventPayloadType?: number;
  remote: { address: string; port: number };
  direction: MediaDirection;
  origin?: { sessionId: string; version: number };
  /** SRTP (SDES): the key we send with (in our SDP) and the one the far end sends with (in its). Absent: plain RTP. */
  srtp?: { send: SrtpKey; receive: SrtpKey };
}

/** Ok: the SDP answer to send and what was agreed. Not ok: answer 488 (Not Acceptable Here). */
export type Negotiation = { ok: true; answerSdp: string; audio: NegotiatedAudio } | { ok: false; reason: string };

/** True when the far end holds the call: it sends nothing we should answer with audio. */
export function isHeldByPeer(audio: NegotiatedAudio): boolean {
  return audio.direction === 'recvonly' || audio.direction === 'inactive' || isUnspecifiedAddress(audio.remote.address);
}

/** 0.0.0.0 in SDP: the old way of saying "hold" (RFC 3264 §8.4). */
export function isUnspecifiedAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}
