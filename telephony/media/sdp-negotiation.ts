import type { NegotiatedAudio, Negotiation } from './negotiated-audio.js';
import { readRemoteAudio } from './remote-audio.js';
import { audioLine, nextOrigin, writeSdp } from './sdp-writer.js';

/**
 * Answers an SDP offer for a call's audio: the first offered of PCMU and PCMA (or the codec already
 * in use on a re-offer, when still offered), the offer's telephone-event/8000 payload type, our
 * address and port, 20 ms packets and the direction that answers the offer's. Every other m-line
 * is declined with port 0, as the answer must keep the offer's m-lines (RFC 3264 §6). SRTP
 * (RTP/SAVP) is not spoken yet: an offer without a plain RTP/AVP audio line gets `ok: false`
 * (answer 488). On a re-offer, `previous` keeps the codec and the o= session id, and bumps its version.
 */
export function negotiateAudio(offerSdp: string, local: { address: string; port: number }, previous?: NegotiatedAudio): Negotiation {
  const remote = readRemoteAudio(offerSdp, previous?.codec);
  if (!remote.ok) return remote;
  const audio: NegotiatedAudio = { ...remote.audio, origin: nextOrigin(previous?.origin) };
  const media = remote.media.map((line, index) => {
    if (index === remote.index) return audioLine(local.port, [audio], audio.telephoneEventPayloadType, audio.direction);
    const first = String(line.payloads ?? '0').split(/\s+/)[0] ?? '0';
    return { type: line.type, port: 0, protocol: line.protocol, payloads: first, rtp: [], fmtp: [] };
  });
  return { ok: true, answerSdp: writeSdp(local.address, audio.origin ?? nextOrigin(), media), audio };
}
