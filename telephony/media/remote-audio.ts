import { parse, type MediaDescription, type SessionDescription } from 'sdp-transform';
import { isUnspecifiedAddress, type AudioCodec, type MediaDirection, type NegotiatedAudio } from './negotiated-audio.js';
import { offeredCrypto, type OfferedCrypto } from './sdp-crypto.js';

/**
 * The far end's audio as its SDP (an offer, or the answer to ours) describes it; `crypto` when its
 * audio is to be SRTP, with the key it sends with (SDES, RFC 4568).
 */
export type RemoteAudio =
  | { ok: true; audio: Omit<NegotiatedAudio, 'origin' | 'srtp'>; media: MediaDescription[]; index: number; crypto?: OfferedCrypto }
  | { ok: false; reason: string };

/** `srtp`: SDES keys may be taken (the SDP came over SIP over TLS, docs/channels/rtc-sip.md "Security"). */
export interface ReadOptions {
  keep?: AudioCodec;
  srtp?: boolean;
}

const STATIC_CODECS: Record<number, AudioCodec> = { 0: 'PCMU', 8: 'PCMA' };
/** Their direction seen from our side (RFC 3264 §6.1). */
const OUR_DIRECTION: Record<MediaDirection, MediaDirection> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

/**
 * Reads the far end's SDP: its first audio line that has PCMU or PCMA (the codec already in use
 * first, when `keep` names one still offered, else the first listed), its telephone-event/8000
 * payload type, its address and port, and our direction in reply to its own. With `srtp`, an
 * RTP/SAVP line with a usable `a=crypto` counts, and so does the key of an RTP/AVP line that
 * offers one (best-effort SRTP); without it, RTP/SAVP lines are passed over and crypto ignored.
 */
export function readRemoteAudio(sdp: string, options: ReadOptions = {}): RemoteAudio {
  const { keep } = options;
  let session: SessionDescription;
  try {
    session = parse(sdp);
  } catch {
    return { ok: false, reason: 'the SDP is not readable' };
  }
  const media = session.media ?? [];
  if (media.length === 0) return { ok: false, reason: 'the SDP has no m= line' };
  for (const [index, line] of media.entries()) {
    if (line.type !== 'audio' || line.port === 0) continue;
    const protocol = line.protocol.toUpperCase();
    const crypto = options.srtp && (protocol === 'RTP/SAVP' || protocol === 'RTP/AVP') ? offeredCrypto(line) : undefined;
    if (protocol !== 'RTP/AVP' && !(protocol === 'RTP/SAVP' && crypto)) continue;
    const chosen = chooseCodec(line, keep);
    if (!chosen) continue;
    const address = line.connection?.ip ?? session.connection?.ip;
    if (!address) return { ok: false, reason: 'the SDP has no c= line for its audio' };
    const stated = line.direction ?? session.direction ?? 'sendrecv';
    // An old-style hold (c=0.0.0.0) asks us not to send, whatever the direction says (RFC 3264 §8.4).
    const theirs: MediaDirection = isUnspecifiedAddress(address) ? (stated === 'sendrecv' || stated === 'sendonly' ? 'sendonly' : 'inactive') : stated;
    const telephoneEventPayloadType = line.rtp.find((rtp) => rtp.codec.toLowerCase() === 'telephone-event' && (rtp.rate ?? 8000) === 8000)?.payload;
    const audio = {
      ...chosen,
      ...(telephoneEventPayloadType === undefined ? {} : { telephoneEventPayloadType }),
      remote: { address, port: line.port },
      direction: OUR_DIRECTION[theirs],
    };
    return { ok: true, audio, media, index, ...(crypto ? { crypto } : {}) };
  }
  return { ok: false, reason: noMediaReason(media, options.srtp ?? false) };
}

function chooseCodec(line: MediaDescription, keep: AudioCodec | undefined): { codec: AudioCodec; payloadType: number } | undefined {
  const offered = String(line.payloads ?? '').split(/\s+/).filter(Boolean).map(Number);
  const codecs = offered.flatMap((payloadType) => {
    const rtpmap = line.rtp.find((rtp) => rtp.payload === payloadType);
    // Static payload types need no rtpmap; a dynamic one may still name PCMU/PCMA at 8000 Hz.
    const named = rtpmap?.codec.toUpperCase();
    const codec = rtpmap ? ((named === 'PCMU' || named === 'PCMA') && (rtpmap.rate ?? 8000) === 8000 ? named : undefined) : STATIC_CODECS[payloadType];
    return codec ? [{ codec, payloadType }] : [];
  });
  return codecs.find((c) => c.codec === keep) ?? codecs[0];
}

function noMediaReason(media: MediaDescription[], srtp: boolean): string {
  const audio = media.filter((line) => line.type === 'audio' && line.port !== 0);
  if (audio.length === 0) return 'the SDP has no audio stream';
  if (audio.every((line) => /SAVP/i.test(line.protocol))) {
    if (!srtp) return 'the SDP asks for SRTP, whose keys need SIP over TLS';
    if (!audio.some((line) => line.protocol.toUpperCase() === 'RTP/SAVP' && offeredCrypto(line))) return 'no usable SRTP key: AES_CM_128_HMAC_SHA1_80 or _32 with an inline key is needed (DTLS-SRTP is not spoken)';
  }
  return 'no common codec: PCMU or PCMA is needed';
}
