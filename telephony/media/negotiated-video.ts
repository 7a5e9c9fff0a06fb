import type { MediaDirection } from './negotiated-audio.js';

/**
 * The video codecs a call's video may use (docs/channels/rtc-sip.md, "Video"): the ones a browser
 * decodes as they come, so the caller's packets reach the attendant untouched. H.264 only with
 * packetization-mode 1 (FU-A and STAP-A, what browsers send and expect).
 */
export type VideoCodec = 'VP8' | 'H264';

/**
 * What an offer/answer agreed for a call's video. `direction` is ours; `rtcp` is where the far end
 * takes RTCP (its RTP port with rtcp-mux, else its `a=rtcp` or the port above its RTP port), which
 * is where keyframe requests go.
 */
export interface NegotiatedVideo {
  codec: VideoCodec;
  payloadType: number;
  /** The format parameters the far end gave its payload type (H.264's profile-level-id and packetization-mode). */
  fmtp?: string;
  remote: { address: string; port: number; rtcpPort: number };
  rtcpMux: boolean;
  direction: MediaDirection;
}
