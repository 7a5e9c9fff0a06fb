import { randomInt } from 'node:crypto';
import { parse, write, type MediaDescription, type SessionDescription } from 'sdp-transform';

/** The two G.711 codecs every phone network speaks (docs/channels/rtc-sip.md, "Media"). */
export type AudioCodec = 'PCMU' | 'PCMA';

/** A stream direction as SDP writes it (offer/answer model, RFC 3264 §6.1). */
export type MediaDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

/**
 * What an offer/answer agreed for the call's audio. `direction` is ours, the one the answer
 * carries: `recvonly` or `inactive` mean the far end holds the call, and nothing is sent to it.
 * `origin` carries the o= line's session id and version so a re-offer's answer can bump the version.
 */
export interface NegotiatedAudio {
  codec: AudioCodec;
  payloadType: number;
  telephoneEventPayloadType?: number;
  remote: { address: string; port: number };
  direction: MediaDirection;
  origin?: { sessionId: string; version: number };
}

/** Ok: the SDP answer to send and what was agreed. Not ok: answer 488 (Not Acceptable Here). */
export type Negotiation = { ok: true; answerSdp: string; audio: NegotiatedAudio } | { ok: false; reason: string };

const STATIC_CODECS: Record<number, AudioCodec> = { 0: 'PCMU', 8: 'PCMA' };
const ANSWER_DIRECTION: Record<MediaDirection, MediaDirection> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

/**
 * Answers an SDP offer for a call's audio: the first offered of PCMU and PCMA (or the codec already
 * in use on a re-offer, when still offered), the offer's telephone-event/8000 payload type, our
 * address and port, 20 ms packets and the direction that answers the offer's. Every other m-line
 * is declined with port 0, as the answer must keep the offer's m-lines. SRTP (RTP/SAVP) is not
 * spoken yet: an offer without a plain RTP/AVP audio line gets `ok: false` (answer 488).
 */
export function negotiateAudio(offerSdp: string, local: { address: string; port: number }, previous?: NegotiatedAudio): Negotiation {
  let offer: SessionDescription;
  try {
    offer = parse(offerSdp);
  } catch {
    return { ok: false, reason: 'the offer is not readable SDP' };
  }
  const media = offer.media ?? [];
  if (media.length === 0) return { ok: false, reason: 'the offer has no m= line' };

  let chosenIndex = -1;
  let chosen: { codec: AudioCodec; payloadType: number } | undefined;
  for (const [index, line] of media.entries()) {
    if (line.type !== 'audio' || line.port === 0 || line.protocol.toUpperCase() !== 'RTP/AVP') continue;
    chosen = chooseCodec(line, previous?.codec);
    if (chosen) {
      chosenIndex = index;
      break;
    }
  }
  const audioLine = media[chosenIndex];
  if (!chosen || !audioLine) return { ok: false, reason: noMediaReason(media) };

  const address = audioLine.connection?.ip ?? offer.connection?.ip;
  if (!address) return { ok: false, reason: 'the offer has no c= line for its audio' };
  const held = isUnspecifiedAddress(address);
  const offered = audioLine.direction ?? offer.direction ?? 'sendrecv';
  // An old-style hold (c=0.0.0.0) asks us not to send, whatever the direction says (RFC 3264 §8.4).
  const offeredDirection: MediaDirection = held ? (offered === 'sendrecv' || offered === 'sendonly' ? 'sendonly' : 'inactive') : offered;
  const telephoneEventPayloadType = audioLine.rtp.find((rtp) => rtp.codec.toLowerCase() === 'telephone-event' && (rtp.rate ?? 8000) === 8000)?.payload;

  const origin = previous?.origin
    ? { sessionId: previous.origin.sessionId, version: previous.origin.version + 1 }
    : { sessionId: String(randomInt(1, 2 ** 47)), version: 1 };
  const audio: NegotiatedAudio = {
    codec: chosen.codec,
    payloadType: chosen.payloadType,
    ...(telephoneEventPayloadType === undefined ? {} : { telephoneEventPayloadType }),
    remote: { address, port: audioLine.port },
    direction: ANSWER_DIRECTION[offeredDirection],
    origin,
  };
  return { ok: true, answerSdp: writeAnswer(media, chosenIndex, audio, local), audio };
}

/** True when the far end holds the call: it sends nothing we should answer with audio. */
export function isHeldByPeer(audio: NegotiatedAudio): boolean {
  return audio.direction === 'recvonly' || audio.direction === 'inactive' || isUnspecifiedAddress(audio.remote.address);
}

function chooseCodec(line: MediaDescription, keep: AudioCodec | undefined): { codec: AudioCodec; payloadType: number } | undefined {
  const offered = String(line.payloads ?? '').split(/\s+/).filter(Boolean).map(Number);
  const codecs = offered.flatMap((payloadType) => {
    const rtpmap = line.rtp.find((rtp) => rtp.payload === payloadType);
    // Static payload types need no rtpmap; a dynamic one may still name PCMU/PCMA at 8000 Hz.
    const named = rtpmap?.codec.toUpperCase();
    const codec = rtpmap ? (named === 'PCMU' || named === 'PCMA') && (rtpmap.rate ?? 8000) === 8000 ? named : undefined : STATIC_CODECS[payloadType];
    return codec ? [{ codec, payloadType }] : [];
  });
  return codecs.find((c) => c.codec === keep) ?? codecs[0];
}

function noMediaReason(media: MediaDescription[]): string {
  const audio = media.filter((line) => line.type === 'audio' && line.port !== 0);
  if (audio.length === 0) return 'the offer has no audio stream';
  if (audio.every((line) => /SAVP/i.test(line.protocol))) return 'the offer asks for SRTP (RTP/SAVP), which is not supported yet';
  return 'no common codec: PCMU or PCMA is needed';
}

function writeAnswer(media: MediaDescription[], chosenIndex: number, audio: NegotiatedAudio, local: { address: string; port: number }): string {
  const ipVer = local.address.includes(':') ? 6 : 4;
  const payloads = [audio.payloadType, ...(audio.telephoneEventPayloadType === undefined ? [] : [audio.telephoneEventPayloadType])];
  const answer: SessionDescription = {
    version: 0,
    origin: { username: '-', sessionId: audio.origin?.sessionId ?? '0', sessionVersion: audio.origin?.version ?? 1, netType: 'IN', ipVer, address: local.address },
    name: '-',
    connection: { version: ipVer, ip: local.address },
    timing: { start: 0, stop: 0 },
    media: media.map((line, index) => {
      if (index !== chosenIndex) {
        // Declined streams keep their place with port 0 (RFC 3264 §6).
        const first = String(line.payloads ?? '0').split(/\s+/)[0] ?? '0';
        return { type: line.type, port: 0, protocol: line.protocol, payloads: first, rtp: [], fmtp: [] };
      }
      return {
        type: 'audio',
        port: local.port,
        protocol: 'RTP/AVP',
        payloads: payloads.join(' '),
        rtp: [
          { payload: audio.payloadType, codec: audio.codec, rate: 8000 },
          ...(audio.telephoneEventPayloadType === undefined ? [] : [{ payload: audio.telephoneEventPayloadType, codec: 'telephone-event', rate: 8000 }]),
        ],
        fmtp: audio.telephoneEventPayloadType === undefined ? [] : [{ payload: audio.telephoneEventPayloadType, config: '0-16' }],
        ptime: 20,
        direction: audio.direction,
      };
    }),
  };
  return write(answer);
}

function isUnspecifiedAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}
