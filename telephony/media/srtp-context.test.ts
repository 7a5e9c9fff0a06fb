import { randomBytes } from 'node:crypto';
import { SrtpReceiver, SrtpSender, type SrtpKey } from './srtp-context.js';
import { serializeRtpPacket } from './rtp-packet.js';

// libSRTP's reference packet (its srtp_driver's srtp_validate): the RFC 3711 B.3 master key and
// salt, SSRC 0xcafebabe, sequence 0x1234, 16 bytes of 0xab, AES_CM_128_HMAC_SHA1_80.
const REFERENCE_KEY: SrtpKey = { suite: 'AES_CM_128_HMAC_SHA1_80', keyAndSalt: Buffer.from('e1f97a0d3e018be0d64fa32c06de41390ec675ad498afeebb6960b3aabe6', 'hex') };
const PLAIN = Buffer.from(`800f1234decafbadcafebabe${'ab'.repeat(16)}`, 'hex');
const PROTECTED = Buffer.from('800f1234decafbadcafebabe4e55dc4ce79978d88ca4d215949d2402b78d6acc99ea179b8dbb', 'hex');

const packet = (sequenceNumber: number, payload = Buffer.from('hello, caller')) =>
  serializeRtpPacket({ marker: false, payloadType: 0, sequenceNumber, timestamp: sequenceNumber * 160, ssrc: 0x1234, payload });

test('protect matches libSRTP\'s reference packet, and unprotect gives the plain packet back', () => {
  expect(new SrtpSender(REFERENCE_KEY).protect(PLAIN).toString('hex')).toBe(PROTECTED.toString('hex'));
  expect(new SrtpReceiver(REFERENCE_KEY).unprotect(PROTECTED)?.toString('hex')).toBe(PLAIN.toString('hex'));
});

test.each(['AES_CM_128_HMAC_SHA1_80', 'AES_CM_128_HMAC_SHA1_32'] as const)('%s: a round trip; a changed byte, a wrong key or a replay is refused', (suite) => {
  const key: SrtpKey = { suite, keyAndSalt: randomBytes(30) };
  const sender = new SrtpSender(key);
  const receiver = new SrtpReceiver(key);
  const sent = sender.protect(packet(7));
  expect(sent.length).toBe(packet(7).length + (suite.endsWith('80') ? 10 : 4));
  expect(sent.includes(Buffer.from('hello'))).toBe(false);
  const altered = Buffer.from(sent);
  altered[14] = (altered[14] ?? 0) ^ 1;
  expect(receiver.unprotect(altered)).toBeUndefined();
  expect(new SrtpReceiver({ suite, keyAndSalt: randomBytes(30) }).unprotect(sent)).toBeUndefined();
  expect(receiver.unprotect(sent)).toEqual(packet(7));
  expect(receiver.unprotect(sent)).toBeUndefined();
});

test('the replay window: late packets within 64 are taken once, older ones refused', () => {
  const key: SrtpKey = { suite: 'AES_CM_128_HMAC_SHA1_80', keyAndSalt: randomBytes(30) };
  const sender = new SrtpSender(key);
  const sent = Array.from({ length: 100 }, (_, i) => sender.protect(packet(1000 + i)));
  const receiver = new SrtpReceiver(key);
  expect(receiver.unprotect(sent[0]!)).toBeDefined();
  expect(receiver.unprotect(sent[99]!)).toBeDefined();
  expect(receiver.unprotect(sent[50]!)).toBeDefined(); // 49 late
  expect(receiver.unprotect(sent[50]!)).toBeUndefined(); // again: a replay
  expect(receiver.unprotect(sent[20]!)).toBeUndefined(); // 79 late: beyond the window
});

test('the rollover counter: a stream across the sequence number wrap is still decrypted, late packets from before it too', () => {
  const key: SrtpKey = { suite: 'AES_CM_128_HMAC_SHA1_32', keyAndSalt: randomBytes(30) };
  const sender = new SrtpSender(key);
  const sequences = [65533, 65534, 65535, 0, 1, 2];
  const sent = sequences.map((s) => sender.protect(packet(s)));
  const receiver = new SrtpReceiver(key);
  // 65535 arrives after 0 and 1 (reordered across the wrap).
  for (const i of [0, 1, 3, 4, 2, 5]) expect(receiver.unprotect(sent[i]!)).toEqual(packet(sequences[i]!));
  // A receiver that starts after the wrap misses the counter: packets sent with ROC 1 do not authenticate as ROC 0.
  const other = new SrtpSender(key);
  other.protect(packet(65535));
  expect(new SrtpReceiver(key).unprotect(other.protect(packet(0)))).toBeUndefined();
});
