import { deriveSrtpSessionKeys } from './srtp-key-derivation.js';

test('RFC 3711 Appendix B.3: the session keys derived from the test master key and salt', () => {
  const keys = deriveSrtpSessionKeys(Buffer.from('E1F97A0D3E018BE0D64FA32C06DE4139', 'hex'), Buffer.from('0EC675AD498AFEEBB6960B3AABE6', 'hex'));
  expect(keys.cipherKey.toString('hex').toUpperCase()).toBe('C61E7A93744F39EE10734AFE3FF7A087');
  expect(keys.cipherSalt.toString('hex').toUpperCase()).toBe('30CBBC08863D8C85D49DB34A9AE1');
  // B.3 lists the auth keystream's first bytes; HMAC-SHA1 takes 160 bits of it.
  expect(keys.authKey.toString('hex').toUpperCase()).toBe('CEBE321F6FF7716B6FD4AB49AF256A156D38BAA4');
});

test('a master key or salt of the wrong length is refused', () => {
  expect(() => deriveSrtpSessionKeys(Buffer.alloc(15), Buffer.alloc(14))).toThrow(RangeError);
  expect(() => deriveSrtpSessionKeys(Buffer.alloc(16), Buffer.alloc(16))).toThrow(RangeError);
});
