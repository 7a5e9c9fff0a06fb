import { sendableAddress } from './rtp-session.js';

describe('sendableAddress', () => {
  test('an IPv4 peer seen from an IPv6 socket is written in its mapped form; everything else as it is', () => {
    expect(sendableAddress('IPv6', '192.0.2.10')).toBe('::ffff:192.0.2.10');
    expect(sendableAddress('IPv6', '2001:db8::10')).toBe('2001:db8::10');
    expect(sendableAddress('IPv6', '::ffff:192.0.2.10')).toBe('::ffff:192.0.2.10');
    expect(sendableAddress('IPv4', '192.0.2.10')).toBe('192.0.2.10');
  });
});
