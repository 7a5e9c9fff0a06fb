import { parse } from 'sdp-transform';
import { negotiateAudio } from './sdp-negotiation.js';
import { createAudioOffer, readAudioAnswer } from './sdp-offer.js';

const LOCAL = { address: '203.0.113.5', port: 40000 };

describe('our own offer', () => {
  test('offers PCMU, PCMA and telephone-event 101 at 20 ms, sendrecv', () => {
    const offer = createAudioOffer(LOCAL);
    const sdp = parse(offer.offerSdp);
    expect(sdp.connection?.ip).toBe('203.0.113.5');
    expect(sdp.media[0]).toMatchObject({ type: 'audio', port: 40000, protocol: 'RTP/AVP', payloads: '0 8 101', ptime: 20, direction: 'sendrecv' });
    expect(sdp.media[0]?.fmtp).toEqual([{ payload: 101, config: '0-16' }]);
  });

  test('an answer to it (here written by our own answerer, as a far end would) gives the agreed audio with our origin', () => {
    const offer = createAudioOffer(LOCAL);
    const answer = negotiateAudio(offer.offerSdp.replace('a=rtpmap:0 PCMU/8000\r\n', ''), { address: '192.0.2.10', port: 5004 });
    if (!answer.ok) throw new Error(answer.reason);
    const read = readAudioAnswer(answer.answerSdp, offer);
    if (!read.ok) throw new Error(read.reason);
    expect(read.audio).toEqual({ codec: 'PCMU', payloadType: 0, telephoneEventPayloadType: 101, remote: { address: '192.0.2.10', port: 5004 }, direction: 'sendrecv', origin: offer.origin });
  });

  test('putting the far end on hold: a sendonly re-offer with the version bumped', () => {
    const first = createAudioOffer(LOCAL);
    const farEnd = negotiateAudio(first.offerSdp, { address: '192.0.2.10', port: 5004 });
    if (!farEnd.ok) throw new Error(farEnd.reason);
    const answer = readAudioAnswer(farEnd.answerSdp, first);
    if (!answer.ok) throw new Error(answer.reason);
    const hold = createAudioOffer(LOCAL, { previous: answer.audio, direction: 'sendonly' });
    expect(hold.origin).toEqual({ sessionId: first.origin.sessionId, version: first.origin.version + 1 });
    expect(hold.offerSdp).toContain('a=sendonly\r\n');
  });

  test('an answer with no usable audio is not ok', () => {
    const offer = createAudioOffer(LOCAL);
    expect(readAudioAnswer('v=0\r\no=- 1 1 IN IP4 192.0.2.1\r\ns=-\r\nc=IN IP4 192.0.2.1\r\nt=0 0\r\nm=audio 0 RTP/AVP 0\r\n', offer).ok).toBe(false);
  });
});
