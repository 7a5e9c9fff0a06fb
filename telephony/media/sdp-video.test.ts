import { parse } from 'sdp-transform';
import { negotiateAudio } from './sdp-negotiation.js';
import { answerWithVideo, offeredVideo } from './sdp-video.js';

const sdp = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;
const AUDIO = ['m=audio 10066 RTP/AVP 0 8 101', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:101 telephone-event/8000', 'a=sendrecv'];
const head = (address = '192.0.2.10') => ['v=0', `o=- 1706540375 3284627853 IN IP4 ${address}`, 's=-', `c=IN IP4 ${address}`, 't=0 0'];

// As baresip 1.0 offers video with its vp8 module: RTCP on the port above, keyframe feedback.
const BARESIP_VIDEO = sdp(
  ...head(), ...AUDIO,
  'm=video 10068 RTP/AVPF 100',
  'b=AS:300',
  'a=rtpmap:100 VP8/90000',
  'a=fmtp:100 max-fs=3600',
  'a=rtcp-fb:* ccm fir',
  'a=rtcp-fb:* nack',
  'a=rtcp-fb:* nack pli',
  'a=sendrecv',
);

// A desk phone: H.264 in packetization-mode 0 first, then mode 1, rtcp-mux, and H.263 it cannot relay.
const DESK_PHONE = sdp(
  ...head('198.51.100.20'), ...AUDIO,
  'm=video 5004 RTP/AVP 34 97 99',
  'a=rtpmap:34 H263/90000',
  'a=rtpmap:97 H264/90000',
  'a=fmtp:97 profile-level-id=42e01f;packetization-mode=0',
  'a=rtpmap:99 H264/90000',
  'a=fmtp:99 profile-level-id=42e01f;packetization-mode=1',
  'a=rtcp-mux',
  'a=sendonly',
);

test('a VP8 line is taken: codec, payload type, RTCP on the port above, our direction', () => {
  const offered = offeredVideo(BARESIP_VIDEO);
  expect(offered).toMatchObject({
    index: 1,
    video: { codec: 'VP8', payloadType: 100, fmtp: 'max-fs=3600', remote: { address: '192.0.2.10', port: 10068, rtcpPort: 10069 }, rtcpMux: false, direction: 'sendrecv' },
  });
});

test('H.264 counts only in packetization-mode 1; rtcp-mux keeps RTCP on the RTP port; sendonly from them is recvonly for us', () => {
  expect(offeredVideo(DESK_PHONE)?.video).toMatchObject({
    codec: 'H264', payloadType: 99, fmtp: 'profile-level-id=42e01f;packetization-mode=1', remote: { port: 5004, rtcpPort: 5004 }, rtcpMux: true, direction: 'recvonly',
  });
});

test('no relayable codec, a declined line, SRTP video or no video at all: nothing is offered', () => {
  const h263 = sdp(...head(), ...AUDIO, 'm=video 10068 RTP/AVP 34', 'a=rtpmap:34 H263/90000');
  const mode0 = sdp(...head(), ...AUDIO, 'm=video 10068 RTP/AVP 97', 'a=rtpmap:97 H264/90000', 'a=fmtp:97 packetization-mode=0');
  const declined = sdp(...head(), ...AUDIO, 'm=video 0 RTP/AVP 100', 'a=rtpmap:100 VP8/90000');
  const srtp = sdp(...head(), ...AUDIO, 'm=video 10068 RTP/SAVP 100', 'a=rtpmap:100 VP8/90000');
  for (const offer of [h263, mode0, declined, srtp, sdp(...head(), ...AUDIO), 'not sdp']) expect(offeredVideo(offer)).toBeUndefined();
});

test('the audio answer gets the video line answered: our port, the one codec, its fmtp, the keyframe feedback, the audio untouched', () => {
  const audio = negotiateAudio(BARESIP_VIDEO, { address: '203.0.113.5', port: 40000 });
  if (!audio.ok) throw new Error(audio.reason);
  // The audio negotiation alone declines the video line.
  expect(parse(audio.answerSdp).media[1]).toMatchObject({ type: 'video', port: 0 });
  const answer = parse(answerWithVideo(audio.answerSdp, offeredVideo(BARESIP_VIDEO)!, 40002));
  expect(answer.media).toHaveLength(2);
  expect(answer.media[0]).toMatchObject({ type: 'audio', port: 40000 });
  const video = answer.media[1]!;
  expect(video).toMatchObject({ type: 'video', port: 40002, protocol: 'RTP/AVPF', direction: 'sendrecv' });
  expect(String(video.payloads)).toBe('100');
  expect(video.rtp).toEqual([{ payload: 100, codec: 'VP8', rate: 90000 }]);
  expect(video.fmtp).toEqual([{ payload: 100, config: 'max-fs=3600' }]);
  expect(video.rtcpFb?.map((fb) => ({ ...fb, payload: String(fb.payload) }))).toEqual([{ payload: '100', type: 'ccm', subtype: 'fir' }, { payload: '100', type: 'nack', subtype: 'pli' }]);
  expect(video.rtcpMux).toBeUndefined();
});

test('rtcp-mux is answered when offered, and the direction answers theirs', () => {
  const audio = negotiateAudio(DESK_PHONE, { address: '203.0.113.5', port: 40000 });
  if (!audio.ok) throw new Error(audio.reason);
  const video = parse(answerWithVideo(audio.answerSdp, offeredVideo(DESK_PHONE)!, 40002)).media[1]!;
  expect(String(video.payloads)).toBe('99');
  expect(video).toMatchObject({ port: 40002, rtcpMux: 'rtcp-mux', direction: 'recvonly' });
  expect(video.fmtp).toEqual([{ payload: 99, config: 'profile-level-id=42e01f;packetization-mode=1' }]);
});
