import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBaresipCaller, CallFailedError, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { energyOf } from '../support/call-audio.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { selfSignedCertificate } from '../support/self-signed-cert.js';
import { startTestService, type TestService } from '../support/service.js';
import { runSipp, SIPP_SCENARIOS } from '../support/sipp.js';

// Inbound calls beyond plain SIP over UDP (docs/channels/rtc-sip.md, "Security" and "Media"):
// baresip dials over SIP over TLS (a self-signed certificate made here) with mandatory SRTP and
// hears the greeting; SRTP offered outside TLS is refused 488; SIPp sends late offers (INVITEs
// without SDP), answered in the ACK, or not answered, which ends the call with our BYE.

const NUMBER = '+15550123';
const SCRIPT = `
TALK "Welcome to the secure line."
HEAR anything
TALK "Goodbye."
`;

let dir: string;
let bots: TestBots;
let voice: FakeVoice;
let service: TestService;
const phones: BaresipCaller[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-calls-secure-'));
  const certificate = selfSignedCertificate();
  await writeFile(path.join(dir, 'cert.pem'), certificate.cert);
  await writeFile(path.join(dir, 'key.pem'), certificate.key);
  voice = await startFakeVoice();
  bots = await createTestBots('sb-calls-secure-');
  await bots.add('secure-phone', {
    'sip-enabled': 'true', 'sip-trunk-name': 'local', 'sip-phone-number': NUMBER, 'voice-models-url': voice.url,
    'http-allow-private-networks': 'true', 'language': 'en', 'transcription-language': 'en',
  }, SCRIPT);
  const trunks = path.join(dir, 'sip-trunks.json');
  await writeFile(trunks, JSON.stringify({ trunks: [{ name: 'local', addresses: ['127.0.0.1'], transport: 'tls' }] }));
  service = await startTestService({
    BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '42000', RTP_PORT_MAX: '42999',
    SIP_TLS_PORT: '0', SIP_TLS_CERT_FILE: path.join(dir, 'cert.pem'), SIP_TLS_KEY_FILE: path.join(dir, 'key.pem'),
  });
});

afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  await service?.dispose();
  await voice?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

const phone = async (options: Parameters<typeof startBaresipCaller>[0]) => {
  const started = await startBaresipCaller(options);
  phones.push(started);
  return started;
};

describe('phone calls over TLS, with SRTP, and late offers', () => {
  test('baresip over SIP over TLS with mandatory SRTP hears the greeting', async () => {
    const caller = await phone({ user: '+15550177', tls: { caFile: path.join(dir, 'cert.pem') }, mediaenc: 'srtp-mand' });
    expect(service.sip?.tlsPort).toBeGreaterThan(0);
    await caller.dial(`sip:${NUMBER}@127.0.0.1:${service.sip!.tlsPort};transport=tls`);
    await caller.waitForSound(600, { timeoutMs: 30_000 });
    expect(caller.events.join('\n')).toMatch(/SRTP is Enabled/);
    await caller.hangUp();
    expect(await energyOf(caller.recordingPath)).toBeGreaterThan(0.01);
  });

  test('SRTP offered over plain UDP is refused 488: its keys would travel in clear text', async () => {
    const caller = await phone({ user: '+15550178', mediaenc: 'srtp-mand' });
    const refused = await caller.dial(`sip:${NUMBER}@127.0.0.1:${service.sip!.udpPort};transport=udp`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CallFailedError);
    expect(refused).toMatchObject({ status: 488 });
  });

  test('a late offer: the 200 OK carries our offer, the ACK the answer, and the call stays up until the caller hangs up', async () => {
    const result = await runSipp({ scenario: { file: SIPP_SCENARIOS.lateOffer }, target: `127.0.0.1:${service.sip!.udpPort}`, service: NUMBER, callMs: 1500 });
    expect(result.logs).toEqual([expect.stringMatching(/^offer=m=audio \d+ RTP\/AVP 0 8 101/)]);
    expect(result.requests).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  test('a late offer whose ACK brings no answer: the call is ended with BYE', async () => {
    const result = await runSipp({ scenario: { file: SIPP_SCENARIOS.lateOfferNoAnswer }, target: `127.0.0.1:${service.sip!.udpPort}`, service: NUMBER });
    expect(result.requests).toEqual(['BYE']);
    expect(result.exitCode).toBe(0);
  });
});
