/**
 * Calls the user agent places (docs/channels/rtc-sip.md, "Outbound calls"), against SIPp playing
 * the far end (test/support/sipp-scenarios/uas-*.xml): answered and hung up from either side,
 * busy, a 407 challenge answered with the trunk's credentials, and a CANCEL on the ring timeout.
 */
import { createHash } from 'node:crypto';
import { createLogger } from '../../infra/logger.js';
import { startSipp, SIPP_SCENARIOS, type SippOptions } from '../../test/support/sipp.js';
import { createSipUserAgent, OutgoingCallFailed, type CallEndReason, type SipUserAgent } from './index.js';

const OFFER = 'v=0\r\no=- 7 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 41000 RTP/AVP 0 8 101\r\na=rtpmap:0 PCMU/8000\r\na=rtpmap:8 PCMA/8000\r\na=rtpmap:101 telephone-event/8000\r\n';
const CALLEE = '+15550199';

let ua: SipUserAgent;

beforeAll(async () => {
  ua = await createSipUserAgent({ host: '127.0.0.1', udpPort: 0, logger: createLogger({ level: 'silent' }), timers: { t1Ms: 100 }, onInvite: (invite) => invite.reject(403) });
});

afterAll(async () => {
  await ua.close();
});

async function farEnd(scenario: string, options: Partial<SippOptions> = {}) {
  const sipp = await startSipp({ scenario: { file: scenario }, timeoutMs: 20_000, ...options });
  const destination = { address: '127.0.0.1', port: sipp.port, transport: 'udp' as const };
  return { sipp, destination, target: `sip:${CALLEE}@127.0.0.1:${sipp.port}` };
}

const ended = (call: { onEnded(listener: (reason: CallEndReason) => void): void }) => new Promise<CallEndReason>((resolve) => call.onEnded(resolve));

test('an answered call: ringing reported, the 200 ACKed with its SDP answer read, our BYE ends it', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasAnswer, { substitutions: { HANGUP: 'ours' } });
  const placed = ua.placeCall({ target, destination, from: { user: '+15550100', displayName: 'Acme' }, sdpOffer: OFFER });
  const progress: number[] = [];
  placed.onProgress((status) => progress.push(status));
  const { call, sdpAnswer } = await placed.answered;
  expect(progress).toEqual([180]);
  expect(sdpAnswer).toContain('m=audio');
  expect(call.callId).toBe(placed.callId);
  const end = ended(call);
  await call.hangUp();
  expect(await end).toBe('local-bye');
  const result = await sipp.done;
  expect(result.logs).toEqual(['ack=ok', 'bye=ours']);
  expect(result.exitCode).toBe(0);
  // What the phone saw: our INVITE with the caller ID, then ACK and BYE in the dialog.
  expect(result.requests).toEqual(['INVITE', 'ACK', 'BYE']);
  expect(result.messages).toMatch(/From: "Acme" <sip:\+15550100@127\.0\.0\.1>;tag=/);
});

test('the far end hangs up: the call ends with remote-bye', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasAnswer, { substitutions: { HANGUP: 'theirs' }, callMs: 300 });
  const { call } = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER }).answered;
  expect(await ended(call)).toBe('remote-bye');
  const result = await sipp.done;
  expect(result.logs).toEqual(['ack=ok', 'bye=theirs']);
  expect(result.exitCode).toBe(0);
});

test('busy: 486 fails the call with its status, and the 486 is ACKed', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasBusy);
  const failure = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER }).answered.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(OutgoingCallFailed);
  expect(failure).toMatchObject({ status: 486, reason: 'Busy Here', outcome: 'rejected' });
  const result = await sipp.done;
  expect(result.logs).toEqual(['ack=ok']);
  expect(result.exitCode).toBe(0);
});

test('a 401 challenge is answered once with the trunk\'s credentials (SIPp checks the digest), and the call goes through', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasChallenge401, { keys: { user: 'switchboard', password: 's3cret' } });
  const { call } = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER, credentials: { username: 'switchboard', password: 's3cret' } }).answered;
  await call.hangUp();
  const result = await sipp.done;
  expect(result.logs).toEqual(['auth=ok']);
  expect(result.exitCode).toBe(0);
});

test('a 407 challenge is answered once with Proxy-Authorization (RFC 2617 digest, no qop), and the call goes through', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasChallenge);
  const { call } = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER, credentials: { username: 'switchboard', password: 's3cret' } }).answered;
  await call.hangUp();
  const result = await sipp.done;
  expect(result.exitCode).toBe(0);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const expected = md5(`${md5('switchboard:carrier.test:s3cret')}:5f1c2a9b0d4e7f13:${md5(`INVITE:${target}`)}`);
  // What SIPp read from the second INVITE's Proxy-Authorization.
  expect(result.logs).toEqual([`proxy-authorization=Digest username="switchboard", realm="carrier.test", nonce="5f1c2a9b0d4e7f13", uri="${target}", response="${expected}", algorithm=MD5, opaque="op4que"`]);
  // The second INVITE counts on: CSeq 2, same Call-ID.
  expect(result.messages).toMatch(/CSeq: 2 INVITE/);
});

test('wrong credentials: the answer to the challenge is refused, and the call fails with that status (403)', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasChallenge401, { keys: { user: 'switchboard', password: 's3cret' } });
  const failure = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER, credentials: { username: 'switchboard', password: 'wrong' } }).answered.catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 403, outcome: 'rejected' });
  expect((await sipp.done).logs).toEqual(['auth=bad']);
});

test('a challenge without credentials fails the call with 407', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasChallenge);
  const failure = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER }).answered.catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 407, outcome: 'rejected' });
  await sipp.stop();
});

test('nobody picks up: at the ring timeout the call is CANCELled, and the 487 ACKed', async () => {
  const { sipp, destination, target } = await farEnd(SIPP_SCENARIOS.uasRingNoAnswer);
  const failure = await ua.placeCall({ target, destination, from: { user: '+15550100' }, sdpOffer: OFFER, ringTimeoutMs: 500 }).answered.catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 487, outcome: 'no-answer' });
  const result = await sipp.done;
  expect(result.logs).toEqual(['cancel=ok', 'ack=ok']);
  expect(result.exitCode).toBe(0);
  expect(result.requests).toEqual(['INVITE', 'CANCEL', 'ACK']);
});
