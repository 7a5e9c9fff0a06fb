import { createHash } from 'node:crypto';
import { answerDigestChallenge } from './digest-client.js';
import { DigestAuthenticator } from './digest.js';

const credentials = { username: 'switchboard', password: 's3cret' };
const uri = 'sip:+15550199@192.0.2.10';

test('an answer to our own server side\'s challenge verifies there (qop=auth)', () => {
  const server = new DigestAuthenticator();
  const answer = answerDigestChallenge(server.challenge('carrier'), { method: 'INVITE', uri }, credentials);
  expect(answer).toMatch(/^Digest username="switchboard", realm="carrier"/);
  expect(server.verify(answer, 'INVITE', uri, { ...credentials, realm: 'carrier' })).toBe(true);
  expect(server.verify(answer, 'INVITE', uri, { ...credentials, password: 'wrong', realm: 'carrier' })).toBe(false);
});

test('RFC 2617 without qop: response = MD5(HA1:nonce:HA2), opaque echoed', () => {
  const answer = answerDigestChallenge('Digest realm="r", nonce="abc", opaque="xyz"', { method: 'INVITE', uri: 'sip:a@b' }, { username: 'u', password: 'p' });
  const md5 = (t: string) => createHash('md5').update(t).digest('hex');
  expect(answer).toContain(`response="${md5(`${md5('u:r:p')}:abc:${md5('INVITE:sip:a@b')}`)}"`);
  expect(answer).toContain('opaque="xyz"');
  expect(answer).not.toContain('qop=');
});

test('a challenge it cannot answer (another algorithm, auth-int only, no nonce) gives undefined', () => {
  const request = { method: 'INVITE', uri };
  expect(answerDigestChallenge('Digest realm="r", nonce="n", algorithm=SHA-256', request, credentials)).toBeUndefined();
  expect(answerDigestChallenge('Digest realm="r", nonce="n", qop="auth-int"', request, credentials)).toBeUndefined();
  expect(answerDigestChallenge('Digest realm="r"', request, credentials)).toBeUndefined();
  expect(answerDigestChallenge('Basic realm="r"', request, credentials)).toBeUndefined();
});
