import { attendantCodec, g711Of, offeredG711 } from './attendant-codecs.js';

/** The audio line of a browser's offer (Chromium's order), and a video line after it. */
const BROWSER_OFFER = [
  'v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126',
  'a=rtpmap:111 opus/48000/2', 'a=rtpmap:63 red/48000/2', 'a=rtpmap:9 G722/8000', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:8 PCMA/8000',
  'a=rtpmap:13 CN/8000', 'a=rtpmap:110 telephone-event/48000', 'a=rtpmap:126 telephone-event/8000',
  'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=rtpmap:96 VP8/90000', '',
].join('\r\n');

describe('the attendant leg\'s codec', () => {
  test('the caller\'s codec when the browser offers it, whatever the offer\'s order: nothing is transcoded', () => {
    expect(attendantCodec(BROWSER_OFFER, 'PCMA')).toBe('PCMA');
    expect(attendantCodec(BROWSER_OFFER, 'PCMU')).toBe('PCMU');
  });

  test('else the G.711 law the browser offers first; none when it offers neither', () => {
    const onlyPcmu = BROWSER_OFFER.replace(' 0 8 13', ' 0 13');
    expect(attendantCodec(onlyPcmu, 'PCMA')).toBe('PCMU');
    expect(attendantCodec(BROWSER_OFFER, undefined)).toBe('PCMU');
    expect(attendantCodec(BROWSER_OFFER.replace(' 0 8 13', ' 13'), 'PCMU')).toBeUndefined();
    expect(attendantCodec('v=0\r\nm=video 9 RTP/AVP 96\r\n', 'PCMU')).toBeUndefined();
  });

  test('a dynamic payload type named PCMA counts; the video line does not', () => {
    const dynamic = 'v=0\r\nm=audio 9 RTP/AVP 101 0\r\na=rtpmap:101 PCMA/8000\r\nm=video 9 RTP/AVP 8\r\n';
    expect(offeredG711(dynamic)).toEqual(['PCMA', 'PCMU']);
  });

  test('payload types and names say the G.711 law; anything else is none', () => {
    expect([g711Of(0), g711Of(8), g711Of('audio/PCMU'), g711Of('pcma')]).toEqual(['PCMU', 'PCMA', 'PCMU', 'PCMA']);
    expect([g711Of(111), g711Of('audio/opus'), g711Of(undefined)]).toEqual([undefined, undefined, undefined]);
  });
});
