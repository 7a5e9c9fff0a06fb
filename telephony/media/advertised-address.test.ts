import { advertisedAddress } from './advertised-address.js';

describe('advertisedAddress', () => {
  test('the public address behind NAT, else the bind address', () => {
    expect(advertisedAddress('10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(advertisedAddress('10.0.0.5')).toBe('10.0.0.5');
  });

  test('bound to every interface: a real IPv4 address of this machine, never 0.0.0.0 (which means hold)', () => {
    const address = advertisedAddress('0.0.0.0');
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(address).not.toBe('0.0.0.0');
  });
});
