import { parse } from 'sdp-transform';
import { isHeldByPeer } from './negotiated-audio.js';
import { negotiateAudio } from './sdp-negotiation.js';

const sdp = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;

// As baresip 1.0 offers it: opus first, then G.722, then G.711, telephone-event at 101.
const BARESIP = sdp(
  'v=0',
  'o=- 1706540375 3284627853 IN IP4 192.0.2.10',
  's=-',
  'c=IN IP4 192.0.2.10',
  't=0 0',
  'm=audio 10066 RTP/AVP 96 9 0 8 101',
  'b=AS:96',
  'a=rtpmap:96 opus/48000/2',
  'a=fmtp:96 stereo=1;sprop-stereo=1',
  'a=rtpmap:9 G722/8000',
  'a=rtpmap:0 PCMU/8000',
  'a=rtpmap:8 PCMA/8000',
  'a=rtpmap:101 telephone-event/8000',
  'a=fmtp:101 0-15',
  'a=sendrecv',
  'a=label:1',
  'a=ssrc:1234 cname:baresip',
  'a=rtcp-rsize',
);

// SIPp's uac_pcap scenario: static PCMU without rtpmap, telephone-event at 101.
const SIPP = sdp('v=0', 'o=user1 53655765 2353687637 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=audio 6000 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000');

// A carrier's elastic trunk: PCMA preferred, G.729, and telephone-event both at 16 kHz and 8 kHz.
const CARRIER = sdp(
  'v=0',
  'o=root 1046093021 1046093021 IN IP4 198.51.100.7',
  's=Carrier Media Gateway',
  'c=IN IP4 198.51.100.7',
  't=0 0',
  'm=audio 17432 RTP/AVP 8 18 0 102 100',
  'a=rtpmap:8 PCMA/8000',
  'a=rtpmap:18 G729/8000',
  'a=fmtp:18 annexb=no',
  'a=rtpmap:0 PCMU/8000',
  'a=rtpmap:102 telephone-event/16000',
  'a=fmtp:102 0-16',
  'a=rtpmap:100 telephone-event/8000',
  'a=fmtp:100 0-16',
  'a=ptime:20',
  'a=maxptime:150',
  'a=sendrecv',
);

const LOCAL = { address: '203.0.113.5', port: 40000 };

describe('negotiateAudio', () => {
  test('baresip: the first offered G.711 codec, telephone-event 101, our address and port', () => {
    const result = negotiateAudio(BARESIP, LOCAL);
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio).toMatchObject({ codec: 'PCMU', payloadType: 0, telephoneEventPayloadType: 101, remote: { address: '192.0.2.10', port: 10066 }, direction: 'sendrecv' });
    const answer = parse(result.answerSdp);
    expect(answer.connection?.ip).toBe('203.0.113.5');
    expect(answer.origin.address).toBe('203.0.113.5');
    expect(answer.media).toHaveLength(1);
    expect(answer.media[0]).toMatchObject({ type: 'audio', port: 40000, protocol: 'RTP/AVP', payloads: '0 101', ptime: 20, direction: 'sendrecv' });
    expect(answer.media[0]?.rtp).toEqual([{ payload: 0, codec: 'PCMU', rate: 8000 }, { payload: 101, codec: 'telephone-event', rate: 8000 }]);
    expect(answer.media[0]?.fmtp).toEqual([{ payload: 101, config: '0-16' }]);
  });

  test('SIPp: static PCMU with no telephone-event leaves the event payload type out', () => {
    const result = negotiateAudio(SIPP, LOCAL);
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio.telephoneEventPayloadType).toBeUndefined();
    expect(result.answerSdp).toContain('m=audio 40000 RTP/AVP 0\r\n');
    expect(result.answerSdp).not.toContain('telephone-event');
  });

  test('carrier: PCMA first, and the 8 kHz telephone-event rather than the 16 kHz one', () => {
    const result = negotiateAudio(CARRIER, LOCAL);
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio).toMatchObject({ codec: 'PCMA', payloadType: 8, telephoneEventPayloadType: 100 });
    expect(result.answerSdp).toContain('m=audio 40000 RTP/AVP 8 100\r\n');
  });

  test('a re-offer keeps the codec in use, the session id, and bumps the version', () => {
    const first = negotiateAudio(BARESIP, LOCAL);
    if (!first.ok) throw new Error(first.reason);
    // The carrier's offer lists PCMA first; the call already speaks PCMU, which it still offers.
    const moved = CARRIER.replace('c=IN IP4 198.51.100.7', 'c=IN IP4 192.0.2.99');
    const second = negotiateAudio(moved, LOCAL, first.audio);
    if (!second.ok) throw new Error(second.reason);
    expect(second.audio.codec).toBe('PCMU');
    expect(second.audio.remote.address).toBe('192.0.2.99');
    expect(second.audio.origin?.sessionId).toBe(first.audio.origin?.sessionId);
    expect(second.audio.origin?.version).toBe((first.audio.origin?.version ?? 0) + 1);
    expect(parse(second.answerSdp).origin.sessionVersion).toBe(second.audio.origin?.version);
  });

  test.each([
    ['a=sendrecv', 'sendrecv', false],
    ['a=sendonly', 'recvonly', true],
    ['a=recvonly', 'sendonly', false],
    ['a=inactive', 'inactive', true],
  ] as const)('offer %s is answered %s (held: %s)', (attribute, answered, held) => {
    const result = negotiateAudio(BARESIP.replace('a=sendrecv', attribute), LOCAL);
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio.direction).toBe(answered);
    expect(result.answerSdp).toContain(`a=${answered}\r\n`);
    expect(isHeldByPeer(result.audio)).toBe(held);
  });

  test('an old-style hold (c=0.0.0.0) is a hold', () => {
    const result = negotiateAudio(BARESIP.replace('c=IN IP4 192.0.2.10', 'c=IN IP4 0.0.0.0'), LOCAL);
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio.direction).toBe('recvonly');
    expect(isHeldByPeer(result.audio)).toBe(true);
  });

  test('no common codec: not ok (488)', () => {
    const result = negotiateAudio(BARESIP.replace('RTP/AVP 96 9 0 8 101', 'RTP/AVP 96 9 101'), LOCAL);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('no common codec') });
  });

  const KEY = 'PS1uQCVeeCFCanVmcjkpPywjNWhcYD0mXXtxaVBR';
  const withCrypto = (offer: string, ...crypto: string[]) => offer.replace('a=sendrecv', [...crypto, 'a=sendrecv'].join('\r\n'));
  const SAVP = withCrypto(BARESIP.replace('RTP/AVP', 'RTP/SAVP'), `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${KEY}`);

  test('SRTP only (RTP/SAVP with a=crypto) outside TLS: not ok, said so', () => {
    expect(negotiateAudio(SAVP, LOCAL)).toEqual({ ok: false, reason: expect.stringContaining('SRTP, whose keys need SIP over TLS') });
  });

  test('SRTP over TLS: the answer keeps RTP/SAVP and the tag, and carries a key of our own', () => {
    const offer = withCrypto(BARESIP.replace('RTP/AVP', 'RTP/SAVP'), 'a=crypto:1 AES_CM_256_HMAC_SHA1_80 inline:AAAA', `a=crypto:3 AES_CM_128_HMAC_SHA1_32 inline:${KEY}|2^20`);
    const result = negotiateAudio(offer, LOCAL, undefined, { srtp: true });
    if (!result.ok) throw new Error(result.reason);
    const line = parse(result.answerSdp).media[0];
    expect(line?.protocol).toBe('RTP/SAVP');
    expect(line?.crypto).toEqual([{ id: 3, suite: 'AES_CM_128_HMAC_SHA1_32', config: expect.stringMatching(/^inline:[A-Za-z0-9+/]{40}$/) }]);
    expect(result.audio.srtp?.receive).toEqual({ suite: 'AES_CM_128_HMAC_SHA1_32', keyAndSalt: Buffer.from(KEY, 'base64') });
    expect(`inline:${result.audio.srtp?.send.keyAndSalt.toString('base64')}`).toBe(line?.crypto?.[0]?.config);
    expect(result.audio.srtp?.send.keyAndSalt.equals(Buffer.from(KEY, 'base64'))).toBe(false);
    // A re-offer with the same suite keeps our key (the sender's keystream goes on); the codec and o= id too.
    const again = negotiateAudio(offer.replace('a=sendrecv', 'a=sendonly'), LOCAL, result.audio, { srtp: true });
    if (!again.ok) throw new Error(again.reason);
    expect(again.audio.srtp?.send).toBe(result.audio.srtp?.send);
  });

  test('best-effort SRTP (RTP/AVP with a=crypto): SRTP over TLS, plain RTP and no crypto in the answer otherwise', () => {
    const offer = withCrypto(BARESIP, `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${KEY}`);
    const secure = negotiateAudio(offer, LOCAL, undefined, { srtp: true });
    if (!secure.ok) throw new Error(secure.reason);
    expect(parse(secure.answerSdp).media[0]).toMatchObject({ protocol: 'RTP/AVP', crypto: [{ id: 1, suite: 'AES_CM_128_HMAC_SHA1_80' }] });
    expect(secure.audio.srtp).toBeDefined();
    const plain = negotiateAudio(offer, LOCAL);
    if (!plain.ok) throw new Error(plain.reason);
    expect(parse(plain.answerSdp).media[0]?.crypto).toBeUndefined();
    expect(plain.audio.srtp).toBeUndefined();
  });

  test.each([
    ['an MKI', `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${KEY}|2^20|1:4`],
    ['a session parameter', `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${KEY} UNENCRYPTED_SRTP`],
    ['a suite not spoken', `a=crypto:1 AEAD_AES_256_GCM inline:${KEY}`],
    ['a short key', 'a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:PS1uQCVeeCFCanVmcjkp'],
  ])('RTP/SAVP whose only key has %s: not ok over TLS either', (_what, crypto) => {
    const result = negotiateAudio(withCrypto(BARESIP.replace('RTP/AVP', 'RTP/SAVP'), crypto), LOCAL, undefined, { srtp: true });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('no usable SRTP key') });
  });

  test('SRTP offered beside a plain RTP/AVP line: the plain one is taken, the other declined with port 0', () => {
    const savp = ['m=audio 10070 RTP/SAVP 0 101', 'a=rtpmap:0 PCMU/8000', 'a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:PS1uQCVeeCFCanVmcjkpPywjNWhcYD0mXXtxaVBR'];
    const offer = sdp(...BARESIP.trim().split('\r\n').slice(0, 5), ...savp, ...BARESIP.trim().split('\r\n').slice(5), 'm=video 10080 RTP/AVP 97', 'a=rtpmap:97 H264/90000');
    const result = negotiateAudio(offer, LOCAL);
    if (!result.ok) throw new Error(result.reason);
    const answer = parse(result.answerSdp);
    expect(answer.media.map((m) => [m.type, m.port, m.protocol])).toEqual([
      ['audio', 0, 'RTP/SAVP'],
      ['audio', 40000, 'RTP/AVP'],
      ['video', 0, 'RTP/AVP'],
    ]);
    expect(result.audio.remote.port).toBe(10066);
  });

  test('IPv6 addresses are written as IP6', () => {
    const result = negotiateAudio(BARESIP.replaceAll('IN IP4 192.0.2.10', 'IN IP6 2001:db8::10'), { address: '2001:db8::5', port: 40002 });
    if (!result.ok) throw new Error(result.reason);
    expect(result.audio.remote.address).toBe('2001:db8::10');
    expect(result.answerSdp).toContain('c=IN IP6 2001:db8::5\r\n');
  });

  test('an offer without audio, or not SDP at all, is not ok', () => {
    expect(negotiateAudio(sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'c=IN IP4 192.0.2.1', 't=0 0', 'm=video 5000 RTP/AVP 97'), LOCAL).ok).toBe(false);
    expect(negotiateAudio('hello', LOCAL).ok).toBe(false);
  });
});
