import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { silenceWav } from '../support/call-audio.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { addPhoneBot } from '../support/phone-bot.js';
import { callService, type TestService } from '../support/service.js';
import { startServiceWithTenant, type Headers } from '../support/tenant-kit.js';
import { waitForValue } from '../support/wait-for.js';

/**
 * A phone call to a tenant's bot is that tenant's work (docs/operations/tenants.md, "Phone
 * calls"): Debian's baresip calls the number of acme's bot, the bot greets the caller and hands
 * the call to a person, and the call waits in acme's attendance, where acme's supervisor sees it
 * and the default tenant's administrator does not. On the embedded drivers and, in CI's second
 * pass, on PostgreSQL and Redis.
 */

const ACME_NUMBER = '+15550300';
const DEFAULT_NUMBER = '+15550301';

let dir: string;
let bots: TestBots;
let voice: FakeVoice;
let service: TestService;
let caller: BaresipCaller | undefined;
let admin: Headers;
let supervisor: Headers;

const call = (method: string, path: string, headers: Headers) => callService<unknown>(service, method, path, headers);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-tenant-calls-'));
  voice = await startFakeVoice();
  bots = await createTestBots('sb-tenant-calls-');
  await addPhoneBot(bots, dir, { name: 'phone', number: DEFAULT_NUMBER, voiceUrl: voice.url, script: 'TALK "Welcome to the default desk."\n' });
  const trunks = await addPhoneBot(bots, dir, {
    name: 'acme-phone', tenant: 'acme', number: ACME_NUMBER, voiceUrl: voice.url, script: 'TALK "Welcome to Acme."\nTRANSFER TO HUMAN\n',
  });
  ({ service, admin, member: supervisor } = await startServiceWithTenant({
    env: { BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '43000', RTP_PORT_MAX: '43999' },
    slug: 'acme', member: { username: 'acme-sue', roles: ['supervisor'] },
  }));
}, 120_000);

afterAll(async () => {
  await caller?.close();
  await service?.dispose();
  await voice?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

describe(`a phone call to a tenant's bot (${testDriversLabel()})`, () => {
  test('the tenant\'s bot answers, and the call it hands to a person waits in the tenant\'s queue only', async () => {
    caller = await startBaresipCaller({ user: '+14155550142', playWav: await silenceWav(500, path.join(dir, 'start.wav')) });
    await caller.dial(`sip:${ACME_NUMBER}@127.0.0.1:${service.sip!.udpPort};transport=udp`);
    await waitForValue(() => voice.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => r.input ?? ''), (said) => said.includes('Welcome to Acme.'), {
      what: 'acme\'s bot greeting the caller', timeoutMs: 30_000,
    });
    type Item = { channel: string; bot_id: string; status: string };
    const queued = await waitForValue(async () => (await call('GET', '/api/attendance/queue', supervisor)).body as Item[], (items) => items.some((i) => i.channel === 'rtc_sip'), {
      what: 'the call in acme\'s queue', timeoutMs: 30_000,
    });
    expect(queued.filter((i) => i.channel === 'rtc_sip')).toEqual([expect.objectContaining({ status: 'waiting' })]);
    expect(((await call('GET', '/api/attendance/queue', admin)).body as Item[]).filter((i) => i.channel === 'rtc_sip')).toEqual([]);
  });
});
