import { parse } from 'sdp-transform';
import { createLogger } from '../../infra/logger.js';
import { negotiateAudio, type NegotiatedVideo, type VideoMedia, type VideoStats } from '../../telephony/index.js';
import { answerCallVideo, videoOfFact } from './call-video.js';

const logger = createLogger({ level: 'silent' });
const sdp = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;
const offer = (video: string[], address = '192.0.2.10') => sdp(
  'v=0', `o=- 1 1 IN IP4 ${address}`, 's=-', `c=IN IP4 ${address}`, 't=0 0',
  'm=audio 10066 RTP/AVP 0 101', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', ...video,
);
const VP8 = ['m=video 10068 RTP/AVP 100', 'a=rtpmap:100 VP8/90000', 'a=sendrecv'];

/** A video leg that records what it was told, on port 40002. */
function fakeVideoMedia(): VideoMedia & { applied: NegotiatedVideo[]; closed: boolean } {
  const stats: VideoStats = { received: 0, relayed: 0, sent: 0, keyframeRequests: 0, droppedForeign: 0 };
  const media = {
    localPort: 40002, sdpAddress: '203.0.113.5', applied: [] as NegotiatedVideo[], closed: false,
    apply: (video: NegotiatedVideo) => void media.applied.push(video),
    startRelay: () => undefined, stopRelay: () => undefined, requestKeyframe: () => undefined, send: () => undefined,
    stats: async () => stats,
    close: () => { media.closed = true; },
  };
  return media;
}

const answer = (offerSdp: string) => {
  const audio = negotiateAudio(offerSdp, { address: '203.0.113.5', port: 40000 });
  if (!audio.ok) throw new Error(audio.reason);
  return audio.answerSdp;
};

test('an offered VP8 line is answered on a video port of its own, opened for it, when the call may reach an attendant', async () => {
  const media = fakeVideoMedia();
  const { answerSdp, video } = await answerCallVideo({ offerSdp: offer(VP8), audioAnswerSdp: answer(offer(VP8)), mayReachAttendant: true, open: async () => media, logger });
  expect(parse(answerSdp).media.map((m) => [m.type, m.port])).toEqual([['audio', 40000], ['video', 40002]]);
  expect(video?.negotiated()).toMatchObject({ codec: 'VP8', payloadType: 100, remote: { address: '192.0.2.10', port: 10068, rtcpPort: 10069 } });
  expect(media.applied).toHaveLength(1);
});

test('no port is opened, and the line stays declined, without a relayable codec or when the call may not reach an attendant', async () => {
  let opened = 0;
  const open = async () => { opened += 1; return fakeVideoMedia(); };
  const h263 = offer(['m=video 10068 RTP/AVP 34', 'a=rtpmap:34 H263/90000']);
  for (const [offerSdp, mayReachAttendant] of [[h263, true], [offer(VP8), false]] as const) {
    const audioAnswerSdp = answer(offerSdp);
    const result = await answerCallVideo({ offerSdp, audioAnswerSdp, mayReachAttendant, open, logger });
    expect(result).toEqual({ answerSdp: audioAnswerSdp });
    expect(parse(result.answerSdp).media[1]).toMatchObject({ type: 'video', port: 0 });
  }
  expect(opened).toBe(0);
});

test('a re-offer is answered with the video line again (a new address applied); one without the codec stops the video', async () => {
  const media = fakeVideoMedia();
  const { video } = await answerCallVideo({ offerSdp: offer(VP8), audioAnswerSdp: answer(offer(VP8)), mayReachAttendant: true, open: async () => media, logger });
  const moved = offer(VP8, '192.0.2.99');
  expect(parse(video!.reanswer(moved, answer(moved))).media[1]).toMatchObject({ type: 'video', port: 40002 });
  expect(video!.negotiated().remote.address).toBe('192.0.2.99');
  const dropped = offer(['m=video 0 RTP/AVP 100', 'a=rtpmap:100 VP8/90000']);
  expect(parse(video!.reanswer(dropped, answer(dropped))).media[1]).toMatchObject({ type: 'video', port: 0 });
  expect(media.applied.at(-1)?.direction).toBe('inactive');
});

test('the call facts tell of the video: the call has it when it starts, and how long an attendant received it when it ends', async () => {
  const media = fakeVideoMedia();
  const { video } = await answerCallVideo({ offerSdp: offer(VP8), audioAnswerSdp: answer(offer(VP8)), mayReachAttendant: true, open: async () => media, logger });
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));
  const attended: Date[] = [];
  video!.onAttended((when) => attended.push(when));
  expect(videoOfFact('started', video, at(0))).toEqual({ video: {} });
  expect(videoOfFact('ended', video, at(5))).toEqual({ video: {} });
  video!.attended(at(10));
  video!.attended(at(20));
  expect(attended).toEqual([at(10)]);
  expect(videoOfFact('queued', video, at(11))).toEqual({});
  expect(videoOfFact('ended', video, at(55))).toEqual({ video: { seconds: 45 } });
  expect(videoOfFact('started', undefined, at(0))).toEqual({});
});
