import { parse, write, type MediaDescription, type SessionDescription } from 'sdp-transform';
import type { MediaDirection } from './negotiated-audio.js';
import type { NegotiatedVideo, VideoCodec } from './negotiated-video.js';

/** The far end's video line we can take: where it sits among the offer's m-lines, and what it would agree. */
export interface OfferedVideo {
  index: number;
  video: NegotiatedVideo;
  /** The offer's line, whose protocol and feedback the answer echoes. */
  line: MediaDescription;
}

/** Their direction seen from our side (RFC 3264 §6.1). */
const OUR_DIRECTION: Record<MediaDirection, MediaDirection> = { sendrecv: 'sendrecv', sendonly: 'recvonly', recvonly: 'sendonly', inactive: 'inactive' };
/** The feedback we act on (RFC 4585, RFC 5104): keyframe requests both ways. NACK is the browser's and werift's own business. */
const FEEDBACK = new Set(['nack pli', 'ccm fir']);

/**
 * The first video line of an SDP offer that a call can relay to a browser
 * (docs/channels/rtc-sip.md, "Video"): plain RTP (RTP/AVP or RTP/AVPF; SRTP video is not
 * relayed), and VP8 or H.264 with packetization-mode 1, whichever the offer lists first.
 * Undefined when there is none: the answer keeps the line declined (port 0).
 */
export function offeredVideo(offerSdp: string): OfferedVideo | undefined {
  let session: SessionDescription;
  try {
    session = parse(offerSdp);
  } catch {
    return undefined;
  }
  for (const [index, line] of (session.media ?? []).entries()) {
    if (line.type !== 'video' || line.port === 0) continue;
    const protocol = line.protocol.toUpperCase();
    if (protocol !== 'RTP/AVP' && protocol !== 'RTP/AVPF') continue;
    const chosen = chooseVideoCodec(line);
    const address = line.connection?.ip ?? session.connection?.ip;
    if (!chosen || !address) continue;
    const rtcpMux = line.rtcpMux === 'rtcp-mux';
    const rtcpPort = rtcpMux ? line.port : (line.rtcp?.port ?? line.port + 1);
    const stated = line.direction ?? session.direction ?? 'sendrecv';
    const video: NegotiatedVideo = {
      ...chosen, remote: { address, port: line.port, rtcpPort }, rtcpMux, direction: OUR_DIRECTION[stated],
    };
    return { index, video, line };
  }
  return undefined;
}

/**
 * An audio answer (sdp-negotiation.ts, which declines every video line) with the offered video
 * line answered instead: our port, the one codec chosen, its fmtp, the keyframe feedback the offer
 * listed, rtcp-mux when offered, and the direction that answers the offer's.
 */
export function answerWithVideo(audioAnswerSdp: string, offered: OfferedVideo, localPort: number): string {
  const answer = parse(audioAnswerSdp);
  const { video, line } = offered;
  const feedback = (line.rtcpFb ?? []).filter((fb) => (fb.payload === String(video.payloadType) || fb.payload === '*') && FEEDBACK.has(`${fb.type} ${fb.subtype ?? ''}`.trim()));
  const answered: MediaDescription = {
    type: 'video',
    port: localPort,
    protocol: line.protocol,
    payloads: String(video.payloadType),
    rtp: [{ payload: video.payloadType, codec: video.codec, rate: 90000 }],
    fmtp: video.fmtp ? [{ payload: video.payloadType, config: video.fmtp }] : [],
    ...(feedback.length > 0 ? { rtcpFb: feedback.map((fb) => ({ ...fb, payload: String(video.payloadType) })) } : {}),
    ...(video.rtcpMux ? { rtcpMux: 'rtcp-mux' } : {}),
    direction: video.direction,
  } as MediaDescription;
  const media = answer.media.map((m, i) => (i === offered.index ? answered : m));
  return write({ ...answer, media: media as SessionDescription['media'] });
}

function chooseVideoCodec(line: MediaDescription): { codec: VideoCodec; payloadType: number; fmtp?: string } | undefined {
  const offered = String(line.payloads ?? '').split(/\s+/).filter(Boolean).map(Number);
  for (const payloadType of offered) {
    const rtpmap = line.rtp.find((rtp) => rtp.payload === payloadType);
    if (!rtpmap || (rtpmap.rate ?? 90000) !== 90000) continue;
    const fmtp = line.fmtp.find((f) => f.payload === payloadType)?.config;
    const name = rtpmap.codec.toUpperCase();
    if (name === 'VP8') return { codec: 'VP8', payloadType, ...(fmtp ? { fmtp } : {}) };
    if (name === 'H264' && fmtp && /(?:^|;)\s*packetization-mode=1\b/.test(fmtp)) return { codec: 'H264', payloadType, fmtp };
  }
  return undefined;
}
