import { createHash } from 'node:crypto';
import { DigestAuthenticator, parseDigest } from './digest.js';
import { digestAuthorization } from './testing/sip-test-peer.js';

const credentials = { username: 'pbx', password: 'secret', realm: 'trunk.example' };
const uri = 'sip:bot@127.0.0.1';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

test('qop=auth: the right password verifies; a wrong one, another URI or another method do not', () => {
  const digest = new DigestAuthenticator();
  const challenge = digest.challenge('trunk.example');
  const authorization = digestAuthorization(challenge, 'pbx', 'secret', 'INVITE', uri);
  expect(digest.verify(authorization, 'INVITE', uri, credentials)).toBe(true);
  expect(digest.verify(digestAuthorization(challenge, 'pbx', 'nope', 'INVITE', uri), 'INVITE', uri, credentials)).toBe(false);
  expect(digest.verify(authorization, 'INVITE', 'sip:other@127.0.0.1', credentials)).toBe(false);
  expect(digest.verify(authorization, 'BYE', uri, credentials)).toBe(false);
  expect(digest.verify(undefined, 'INVITE', uri, credentials)).toBe(false);
});

test('without qop (RFC 2069 style) verifies too', () => {
  const digest = new DigestAuthenticator();
  const nonce = parseDigest(digest.challenge('trunk.example'))?.nonce ?? '';
  const response = md5(`${md5('pbx:trunk.example:secret')}:${nonce}:${md5(`INVITE:${uri}`)}`);
  const header = `Digest username="pbx", realm="trunk.example", nonce="${nonce}", uri="${uri}", response="${response}"`;
  expect(digest.verify(header, 'INVITE', uri, credentials)).toBe(true);
});

test('a nonce expires after 5 minutes, and one from another process (secret) is refused', () => {
  let now = 1_000_000;
  const digest = new DigestAuthenticator(() => now);
  const authorization = digestAuthorization(digest.challenge('trunk.example'), 'pbx', 'secret', 'INVITE', uri);
  now += 4 * 60 * 1000;
  expect(digest.verify(authorization, 'INVITE', uri, credentials)).toBe(true);
  now += 2 * 60 * 1000;
  expect(digest.verify(authorization, 'INVITE', uri, credentials)).toBe(false);
  const other = new DigestAuthenticator(() => 1_000_000);
  expect(other.verify(authorization, 'INVITE', uri, credentials)).toBe(false);
});
