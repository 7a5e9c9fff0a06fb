import { MediaStreamTrack, RTCRtpCodecParameters, RtpPacket, type RTCPeerConnection } from 'werift';
import type { Logger } from '../../infra/logger.js';
import type { VideoCodec } from '../../telephony/index.js';
import type { CallVideo } from './call-video.js';

/** Keyframe requests both ways, and NACK, which werift answers from its own send history. */
const FEEDBACK = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }];
/** The browser's payload type for the call's codec comes from its offer; this one is only werift's default. */
const DEFAULT_PAYLOAD_TYPE = 96;

/**
 * The video codec the attendant's browser is offered (docs/attendance/calls.md, "Video"): the
 * caller's, so its packets go through untouched. When the call has no video, VP8 all the same:
 * werift refuses an offer's line it has no codec for, and that line, answered, stays unused.
 */
export function attendantVideoCodecs(video: CallVideo | undefined): RTCRtpCodecParameters[] {
  if (!video) return [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: DEFAULT_PAYLOAD_TYPE })];
  const { codec, fmtp } = video.negotiated();
  const parameters = codec === 'H264' ? fmtp ?? 'packetization-mode=1;profile-level-id=42e01f' : undefined;
  return [new RTCRtpCodecParameters({
    mimeType: `video/${codec}`, clockRate: 90000, payloadType: DEFAULT_PAYLOAD_TYPE, rtcpFeedback: FEEDBACK, ...(parameters ? { parameters } : {}),
  })];
}

/**
 * Joins the browser's video line to the call's video (docs/attendance/calls.md, "Video"), once the
 * browser's offer is set: the caller's packets are written on a WebRTC track as they came (werift
 * gives them the browser's payload type and its own SSRC, sequence and timestamps are offset, the
 * payload is untouched); the browser's keyframe requests (PLI) go on to the caller as RTCP; the
 * attendant's camera, when the browser sends one, goes to the caller in the same codec. Returns
 * the codec relayed, or null when the call has no video: the line is then answered `recvonly`
 * and nothing is sent on it (werift would answer `inactive` with port 0 but keep the line in its
 * BUNDLE group, which browsers refuse), and the console sends no camera when the answer names no codec.
 */
export async function joinAttendantVideo(pc: RTCPeerConnection, video: CallVideo | undefined, logger: Logger): Promise<{ codec: VideoCodec | null; close(): void }> {
  const transceiver = pc.getTransceivers().find((t) => t.kind === 'video');
  if (!transceiver) return { codec: null, close: () => undefined };
  if (!video) {
    transceiver.setDirection('recvonly');
    return { codec: null, close: () => undefined };
  }
  const { media } = video;
  const outgoing = new MediaStreamTrack({ kind: 'video' });
  await transceiver.sender.replaceTrack(outgoing);
  transceiver.setDirection('sendrecv');
  transceiver.sender.onPictureLossIndication.subscribe(() => media.requestKeyframe());
  // The attendant's camera, to the caller (video-media.ts gives it the call's payload type). The
  // browser's track is known from its offer (already set) or, without SSRCs in it, from its first packet.
  const forward = (track: MediaStreamTrack) => track.onReceiveRtp.subscribe((rtp) => media.send(rtp.serialize()));
  transceiver.receiver.tracks.forEach(forward);
  transceiver.onTrack.subscribe((track) => forward(track));
  media.startRelay((bytes) => {
    const rtp = RtpPacket.deSerialize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    // The caller's header extensions would clash with the ids the browser agreed.
    rtp.header.extension = false;
    rtp.header.extensions = [];
    outgoing.writeRtp(rtp);
  });
  // The browser can show nothing before a keyframe: one is asked for as soon as the browser is connected.
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') media.requestKeyframe();
  });
  logger.info({ codec: video.negotiated().codec }, 'attendant leg: the caller\'s video is relayed');
  return { codec: video.negotiated().codec, close: () => media.stopRelay() };
}
