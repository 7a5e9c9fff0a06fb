import { parse } from 'sdp-transform';
import { sdpWithDirection } from './sdp-direction.js';

const OURS = [
  'v=0', 'o=- 4242 3 IN IP4 192.0.2.5', 's=-', 'c=IN IP4 192.0.2.5', 't=0 0',
  'm=audio 40000 RTP/AVP 8 101', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:101 telephone-event/8000', 'a=fmtp:101 0-16', 'a=ptime:20', 'a=sendrecv', '',
].join('\r\n');

test('a hold offer is our SDP with a=sendonly and the o= version bumped; address, codecs and port unchanged', () => {
  const held = parse(sdpWithDirection(OURS, 'sendonly'));
  expect(held.origin).toMatchObject({ sessionId: 4242, sessionVersion: 4 });
  expect(held.media[0]).toMatchObject({ port: 40000, payloads: '8 101', direction: 'sendonly' });
  expect(held.connection?.ip).toBe('192.0.2.5');
  const resumed = parse(sdpWithDirection(sdpWithDirection(OURS, 'sendonly'), 'sendrecv'));
  expect(resumed.origin?.sessionVersion).toBe(5);
  expect(resumed.media[0]?.direction).toBe('sendrecv');
});
