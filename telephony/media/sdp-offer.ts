import type { NegotiatedAudio } from './negotiated-audio.js';
import { readRemoteAudio } from './remote-audio.js';
import { audioLine, nextOrigin, OUR_TELEPHONE_EVENT_PAYLOAD_TYPE, writeSdp } from './sdp-writer.js';

/** Our offer and its o= line, to read the answer against. */
export interface AudioOffer {
  offerSdp: string;
  origin: { sessionId: string; version: number };
}

/**
 * An SDP offer of our own: for an INVITE that came without one (the offer goes in our 200 OK and
 * the answer comes in the ACK), and for calls we place. PCMU, PCMA and telephone-event 101,
 * 20 ms, sendrecv (or `direction`, to put the far end on hold).
 */
export function createAudioOffer(local: { address: string; port: number }, options: { previous?: NegotiatedAudio; direction?: 'sendrecv' | 'sendonly' | 'inactive' } = {}): AudioOffer {
  const origin = nextOrigin(options.previous?.origin);
  const codecs = [
    { codec: 'PCMU' as const, payloadType: 0 },
    { codec: 'PCMA' as const, payloadType: 8 },
  ];
  const media = [audioLine(local.port, codecs, OUR_TELEPHONE_EVENT_PAYLOAD_TYPE, options.direction ?? 'sendrecv')];
  return { offerSdp: writeSdp(local.address, origin, media), origin };
}

/** Reads the answer to our offer: what was agreed, or why it cannot be used (then end the call). */
export function readAudioAnswer(answerSdp: string, offer: AudioOffer): { ok: true; audio: NegotiatedAudio } | { ok: false; reason: string } {
  const remote = readRemoteAudio(answerSdp);
  if (!remote.ok) return remote;
  return { ok: true, audio: { ...remote.audio, origin: offer.origin } };
}
