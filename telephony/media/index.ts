/**
 * The media of a phone call, all in this process (docs/channels/rtc-sip.md, "Media"): the SDP
 * offer/answer, RTP over UDP with G.711 and key presses (RFC 4733), playback paced at 20 ms,
 * listening with voice-activity detection, and the WAV conversions speech services need; on the
 * main thread or on the media worker's thread (`createCallMediaHost`).
 */
export { negotiateAudio } from './sdp-negotiation.js';
export { createAudioOffer, readAudioAnswer } from './sdp-offer.js';
export { offeredVideo, answerWithVideo } from './sdp-video.js';
export type { OfferedVideo } from './sdp-video.js';
export type { NegotiatedVideo, VideoCodec } from './negotiated-video.js';
export type { VideoMedia, VideoMediaOptions, VideoStats } from './video-media.js';
export type { AudioOffer } from './sdp-offer.js';
export { isHeldByPeer } from './negotiated-audio.js';
export type { AudioCodec, MediaDirection, NegotiatedAudio, Negotiation } from './negotiated-audio.js';
export { openCallMedia } from './call-media.js';
export { createCallMediaHost } from './call-media-host.js';
export type { CallMediaHost, MediaThread } from './call-media-host.js';
export { DEFAULT_LISTEN_SETTINGS } from './call-media-api.js';
export type { CallMedia, CallMediaOptions, ListenOptions, ListenSettings } from './call-media-api.js';
export type { Heard } from './listen-request.js';
export type { RecordedAudio } from './call-recorder.js';
export { VoiceActivityDetector } from './voice-activity.js';
export type { PlaybackOutcome } from './playback.js';
export type { RtpStats } from './rtp-session.js';
export { MediaClock } from './media-clock.js';
export { wavToPcm8k, pcm8kToWav, pcm24kToPcm8k } from './wav.js';
export { CALL_SAMPLE_RATE } from './resample.js';
export { encodeG711, decodeG711, FRAME_SAMPLES } from './g711.js';
export { parseRtpPacket, serializeRtpPacket } from './rtp-packet.js';
export type { RtpPacket } from './rtp-packet.js';
export { encodeTelephoneEvent, decodeTelephoneEvent } from './telephone-event.js';
export { sdpWithDirection } from './sdp-direction.js';
