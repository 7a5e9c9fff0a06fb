import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { silenceWav } from '../support/call-audio.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

// Outbound calls, end to end (docs/channels/rtc-sip.md, "Outbound calls"): `POST /api/calls` has
// the bot phone Debian's baresip (answering by itself, recording what it hears) through the
// trunk's outbound proxy; the callee hears the bot's greeting, and the call is a voice session.
// A number outside the bot's allow list is refused before anything is sent.

const BOT_NUMBER = '+15550100';
const CALLEE = '+15555550199';
const SCRIPT = `
TALK "Hello, this is Acme calling about your appointment tomorrow."
HEAR answer
TALK "Thank you."
`;

let dir: string;
let bots: TestBots;
let voice: FakeVoice;
let service: TestService;
let callee: BaresipCaller;
let auth: { authorization: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-outbound-'));
  voice = await startFakeVoice();
  // The phone the bot calls: it answers at once and records what it hears.
  callee = await startBaresipCaller({ user: CALLEE, answerMode: 'auto', playWav: await silenceWav(500, path.join(dir, 'quiet.wav')) });
  bots = await createTestBots('sb-outbound-');
  await bots.add('reminders', {
    'sip-enabled': 'true', 'sip-trunk-name': 'carrier', 'sip-phone-number': BOT_NUMBER, 'voice-models-url': voice.url,
    'http-allow-private-networks': 'true', 'language': 'en', 'transcription-language': 'en',
    'sip-outbound-numbers': '+1555555*', 'sip-outbound-max-calls': '1',
  }, SCRIPT);
  const trunks = path.join(dir, 'sip-trunks.json');
  await writeFile(trunks, JSON.stringify({ trunks: [{ name: 'carrier', addresses: ['127.0.0.1'], outbound_proxy: `sip:127.0.0.1:${callee.sipPort}` }] }));
  service = await startTestService({
    BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '42000', RTP_PORT_MAX: '42999',
  });
  auth = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});

afterAll(async () => {
  // The service first: a call still up is hung up while the callee can still answer the BYE.
  await service?.dispose();
  await callee?.close();
  await voice?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

const post = (body: unknown) => fetch(`${service.url}/api/calls`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const callState = async (id: string) => (await (await fetch(`${service.url}/api/calls/${id}`, { headers: auth })).json()) as Record<string, unknown>;
// baresip logs each call it takes (answer mode auto): `call: answering call on line 1 from <caller> with 200`.
const incomingCalls = () => callee.events.filter((line) => line.includes('answering call on line')).length;

describe(`a bot calls a number (${testDriversLabel()})`, () => {
  test('a number outside the allow list is refused with a clear error, and no INVITE leaves', async () => {
    const refused = await post({ bot: 'reminders', to: '+44 20 7946 0958' });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('forbidden');
    expect(body.message).toBe('+442079460958 is not in bot reminders\'s sip-outbound-numbers: the bot calls only the numbers its configuration allows');
    // Not a phone number at all, and a caller ID that is not the bot's: 400, nothing sent either.
    expect((await post({ bot: 'reminders', to: '0555 0199' })).status).toBe(400);
    expect((await post({ bot: 'reminders', to: CALLEE, from: '+15550999' })).status).toBe(400);
    expect((await post({ bot: 'nobody', to: CALLEE })).status).toBe(404);
    // The phone rings first for the allowed call below (same socket, in order): nothing went out before it.
    expect(incomingCalls()).toBe(0);
  });

  test('POST /api/calls: the callee answers and hears the greeting; the call is a voice session; hanging up ends it', async () => {
    const placed = await post({ bot: 'reminders', to: CALLEE });
    expect(placed.status).toBe(202);
    const call = (await placed.json()) as { id: string; state: string; to: string; from: string };
    expect(call).toMatchObject({ state: 'ringing', to: CALLEE, from: BOT_NUMBER });

    await callee.waitForEstablished({ timeoutMs: 20_000 });
    expect(incomingCalls()).toBe(1);
    // The greeting, spoken by the voice service, reaches the callee's ear.
    await callee.waitForSound(800, { timeoutMs: 30_000 });
    expect(voice.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => r.input)).toContain('Hello, this is Acme calling about your appointment tomorrow.');

    const answered = await waitForValue(() => callState(call.id), (state) => state.state === 'answered' && typeof state.session_id === 'string', { what: 'the call answered with its session', timeoutMs: 20_000 });
    const [session] = await service.database.db.select().from(sessions).where(eq(sessions.id, answered.session_id as string));
    expect(session).toMatchObject({ channel: 'rtc_sip', call_type: 'voice', status: 'open' });

    // One call at a time for this bot (sip-outbound-max-calls 1): a second is refused while this one is up.
    const busy = await post({ bot: 'reminders', to: CALLEE });
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: string }).error).toBe('too_many_calls');

    await callee.hangUp();
    const ended = await waitForValue(() => callState(call.id), (state) => state.state === 'ended', { what: 'the call ended', timeoutMs: 20_000 });
    expect(ended).toMatchObject({ reason: 'callee_hung_up', sip_status: null });
    await waitForValue(
      () => service.database.db.select().from(sessions).where(eq(sessions.id, answered.session_id as string)),
      ([row]) => row?.status === 'closed',
      { what: 'the session closed by the hang-up', timeoutMs: 20_000 },
    );
  }, 120_000);
});
