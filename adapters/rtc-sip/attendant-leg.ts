import { randomInt } from 'node:crypto';
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { ValidationError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import { decodeG711, encodeG711, type AudioCodec, type CallMedia, type VideoCodec } from '../../telephony/index.js';
import { attendantCodec, g711Of, G711_PAYLOAD_TYPES } from './attendant-codecs.js';
import { answerBrowserOffer, takeBrowserOffer } from './browser-offer.js';
import { attendantVideoCodecs, joinAttendantVideo } from './attendant-video.js';
import type { CallVideo } from './call-video.js';
import type { AttendedAudioTap } from './transcribe-attended-call.js';

/** An attendant's browser joined to a call (docs/attendance/calls.md). */
export interface AttendantLeg {
  /** The SDP answer for the browser, with our ICE candidates (no trickle). */
  readonly answerSdp: string;
  /** The G.711 law the browser and we agreed. */
  readonly codec: AudioCodec;
  /** The caller's video codec relayed to the browser (attendant-video.ts); null without video. */
  readonly video: VideoCodec | null;
  /** Ends the leg: the WebRTC connection closed, the call's relay stopped. Idempotent. */
  close(): void;
  /** Called once when the leg ends, by `close` or because the browser's connection was lost. */
  onClosed(listener: () => void): void;
}

/**
 * The attendant's end of a call: WebRTC from the browser (werift answers its offer), bridged to the
 * caller's RTP leg on the media thread. Only G.711 is negotiated, the caller's codec when the
 * browser offers it (attendant-codecs.ts), so the bytes of each packet go from one leg to the other as they came:
 * the caller's packets are written on the WebRTC track, the browser's are relayed into the call,
 * which sends them on its own 20 ms clock (telephony/media, `startRelay`). DTLS-SRTP secures the
 * browser's side, as WebRTC requires.
 */
export async function openAttendantLeg(input: { offerSdp: string; media: CallMedia; video?: CallVideo; tap?: AttendedAudioTap; logger: Logger }): Promise<AttendantLeg> {
  const { media, logger } = input;
  const codec = attendantCodec(input.offerSdp, media.codec);
  if (!codec) throw new ValidationError('The browser offers neither PCMU nor PCMA: the call\'s audio is G.711');
  const codecs = [new RTCRtpCodecParameters({ mimeType: `audio/${codec}`, clockRate: 8000, channels: 1, payloadType: G711_PAYLOAD_TYPES[codec] })];
  // No STUN or TURN server: the browser reaches the service as it reaches its HTTP (docs/attendance/calls.md, "Network").
  const pc = new RTCPeerConnection({ codecs: { audio: codecs, video: attendantVideoCodecs(input.video) }, iceServers: [] });
  const closedListeners: (() => void)[] = [];
  let closed = false;
  let video: { codec: VideoCodec | null; close(): void } = { codec: null, close: () => undefined };
  const close = (): void => {
    if (closed) return;
    closed = true;
    media.stopRelay();
    video.close();
    pc.close().catch((error: unknown) => logger.debug({ err: error }, 'attendant leg: closing the WebRTC connection failed'));
    for (const listener of closedListeners) listener();
  };
  // The browser's audio, into the call (ignored by the call until the relay starts below).
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'audio') return;
    track.onReceiveRtp.subscribe((rtp) => {
      const law = g711Of(rtp.header.payloadType);
      if (!law) return;
      media.relay(law, rtp.payload);
      input.tap?.fromAttendant(law, rtp.payload);
    });
  });
  const outgoing = await takeBrowserOffer(pc, input.offerSdp, close);
  video = await joinAttendantVideo(pc, input.video, logger);
  const answerSdp = await answerBrowserOffer(pc, close);

  // The caller's audio, to the browser: our own sequence and timestamps, 8000 per second of audio.
  let sequenceNumber = randomInt(0, 2 ** 16);
  let timestamp = randomInt(0, 2 ** 32 - 1);
  media.startRelay((callerCodec, payload) => {
    input.tap?.fromCaller(callerCodec, payload);
    const bytes = callerCodec === codec ? payload : encodeG711(codec, decodeG711(callerCodec, payload));
    outgoing.writeRtp(new RtpPacket(new RtpHeader({ payloadType: G711_PAYLOAD_TYPES[codec], sequenceNumber, timestamp, marker: false }), Buffer.from(bytes)));
    sequenceNumber = (sequenceNumber + 1) & 0xffff;
    timestamp = (timestamp + bytes.length) >>> 0;
  });
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'failed' || state === 'closed') close();
  });
  logger.info({ codec, transcoded: codec !== media.codec, video: video.codec }, 'attendant leg: the browser is on the call');
  return {
    answerSdp, codec, video: video.codec, close,
    onClosed(listener) {
      if (closed) listener();
      else closedListeners.push(listener);
    },
  };
}
