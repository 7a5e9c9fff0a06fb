import type { NegotiatedAudio, Negotiation } from './negotiated-audio.js';
import { readRemoteAudio } from './remote-audio.js';
import { newSrtpKey } from './sdp-crypto.js';
import { audioLine, nextOrigin, writeSdp } from './sdp-writer.js';
import type { SrtpKey } from './srtp-context.js';

/**
 * Answers an SDP offer for a call's audio: the first offered of PCMU and PCMA (or the codec already
 * in use on a re-offer, when still offered), the offer's telephone-event/8000 payload type, our
 * address and port, 20 ms packets and the direction that answers the offer's. Every other m-line
 * is declined with port 0, as the answer must keep the offer's m-lines (RFC 3264 §6). With
 * `srtp` (the offer came over SIP over TLS), an offer's SDES key makes the call SRTP: the answer
 * keeps the line's protocol and tag and carries our own key (RFC 4568 §7.1.2), the same one for
 * the whole call while the suite stays. An offer with no usable audio line gets `ok: false`
 * (answer 488). On a re-offer, `previous` keeps the codec and the o= session id, and bumps its version.
 */
export function negotiateAudio(offerSdp: string, local: { address: string; port: number }, previous?: NegotiatedAudio, options: { srtp?: boolean } = {}): Negotiation {
  const remote = readRemoteAudio(offerSdp, { ...(previous ? { keep: previous.codec } : {}), srtp: options.srtp ?? false });
  if (!remote.ok) return remote;
  const { crypto } = remote;
  let send: SrtpKey | undefined;
  if (crypto) send = previous?.srtp?.send.suite === crypto.key.suite ? previous.srtp.send : newSrtpKey(crypto.key.suite);
  const audio: NegotiatedAudio = {
    ...remote.audio, origin: nextOrigin(previous?.origin), ...(crypto && send ? { srtp: { send, receive: crypto.key } } : {}),
  };
  const media = remote.media.map((line, index) => {
    if (index === remote.index) {
      return audioLine(local.port, [audio], audio.telephoneEventPayloadType, audio.direction, crypto && send ? { protocol: line.protocol, crypto: { tag: crypto.tag, key: send } } : {});
    }
    const first = String(line.payloads ?? '0').split(/\s+/)[0] ?? '0';
    return { type: line.type, port: 0, protocol: line.protocol, payloads: first, rtp: [], fmtp: [] };
  });
  return { ok: true, answerSdp: writeSdp(local.address, audio.origin ?? nextOrigin(), media), audio };
}
