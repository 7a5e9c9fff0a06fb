import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { freeUdpTcpPort, startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { silenceWav, toneWav } from '../support/call-audio.js';
import { createChildServer, type ChildServer } from '../support/child-server.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { startKamailio, type KamailioProxy } from '../support/kamailio.js';
import { createScratchDatabase, postgresUrlForTests } from '../support/postgres.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { waitFor, waitForValue } from '../support/wait-for.js';

// Several instances behind Kamailio (docs/operations/kamailio.md), with real programs: Debian's
// Kamailio runs deploy/kamailio/kamailio.cfg in front of two service instances (child processes on
// one PostgreSQL and one Redis); baresip callers phone Kamailio. The calls are spread over both
// instances, each call's ACK and BYE reach the instance that answered it, and when one instance
// is killed mid-call Kamailio's probes take it out (new calls go to the survivor) while the
// survivor calls the dead instance's caller back through the bot's trunk (a baresip answering
// as the trunk's far end), where the conversation goes on with an apology. An attendant signed in
// on the instance that does not hold a queued call joins it from there: the connect request is
// passed to the holder, whose WebRTC end answers, and the caller's audio reaches the attendant.

const postgres = await postgresUrlForTests();
const redis = redisUrlForTests();
if (!postgres || !redis) throw new Error('This suite needs PostgreSQL and Redis (DATABASE_URL/REDIS_URL, or the local servers); it may not be missing here or in CI');
const redisUrl: string = redis;

const NUMBER = '+15550100';
const GREETING = 'Hello, you have reached Example Shop.';
const SCRIPT = `
TALK "${GREETING}"
HEAR answer
TALK "Thank you."
`;
/** The callers' numbers: inside the bot's sip-outbound-numbers, so a dropped caller can be called back. */
const CALLERS = ['+15555550101', '+15555550102', '+15555550103', '+15555550104'];
const LATE_CALLER = '+15555550105';
/** The caller whose instance is killed: the call-back rings the trunk's far end, which answers this number (baresip answers its own user only). */
const DROPPED = CALLERS[2]!;
const TIMEOUT_SECONDS = 3;
/** A number routed straight to the attendants' queue (the desk bot), and its caller. */
const DESK = '+15550300';
const QUEUED_CALLER = '+15555550106';
/** A queued caller whose call an attendant on the other instance acts on by typed commands. */
const COMMANDED_CALLER = '+15555550107';
/** A queued caller an attendant on the other instance writes to, then resolves the conversation of. */
const RESOLVED_CALLER = '+15555550108';

let dir: string;
let voice: FakeVoice;
let bots: TestBots;
let database: { url: string; drop(): Promise<void> };
let client: pg.Client;
let trunk: BaresipCaller;
let kamailio: KamailioProxy;
const prefix = uniquePrefix('sbkam');
const instances: { server: ChildServer; sipPort: number }[] = [];
const callers = new Map<string, BaresipCaller>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-kamailio-e2e-'));
  voice = await startFakeVoice({ speechSound: 'tone' });
  const quiet = await silenceWav(500, path.join(dir, 'quiet.wav'));
  // The trunk's far end: the calls the bots place (the call-backs) ring here, and it answers them.
  trunk = await startBaresipCaller({ user: DROPPED, answerMode: 'auto', playWav: quiet });
  bots = await createTestBots('sb-kamailio-');
  await bots.add('shop', {
    'sip-enabled': 'true', 'sip-trunk-name': 'carrier', 'sip-phone-number': NUMBER, 'voice-models-url': voice.url,
    'http-allow-private-networks': 'true', 'language': 'en', 'transcription-language': 'en',
    'sip-no-input-seconds': '120', 'sip-outbound-numbers': '+1555555*', 'sip-outbound-max-calls': '4',
  }, SCRIPT);
  await bots.add('desk', {
    'sip-enabled': 'true', 'sip-trunk-name': 'carrier', 'sip-phone-number': DESK, 'voice-models-url': voice.url,
    'http-allow-private-networks': 'true', 'language': 'en', 'transcription-language': 'en',
    'sip-inbound-route': 'queue:Phones', 'attendance-auto-assign': 'false', 'attendance-max-wait-seconds': '600', 'sip-hold-announce-seconds': '0',
  }, 'TALK "Unused: the number goes straight to the queue."\n');
  const trunks = path.join(dir, 'sip-trunks.json');
  // Calls come from Kamailio (127.0.0.1 here); call-backs leave through the trunk's outbound proxy.
  await writeFile(trunks, JSON.stringify({ trunks: [{ name: 'carrier', addresses: ['127.0.0.1'], outbound_proxy: `sip:127.0.0.1:${trunk.sipPort}` }] }));

  database = await createScratchDatabase(postgres);
  client = new pg.Client({ connectionString: database.url });
  const ports = [await freeUdpTcpPort(), await freeUdpTcpPort()];
  for (const [i, sipPort] of ports.entries()) {
    const server = await createChildServer({
      botsDir: bots.dir, databaseUrl: database.url,
      env: {
        REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SIP_TRUNKS_FILE: trunks, SIP_HOST: '127.0.0.1', SIP_PORT: String(sipPort), SIP_TCP_PORT: 'off',
        RTP_PORT_MIN: String(44000 + i * 1000), RTP_PORT_MAX: String(44999 + i * 1000), SIP_INSTANCE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
        JWT_SECRET: 'kamailio-suite-secret-kamailio-suite-secret',
      },
    });
    instances.push({ server, sipPort });
  }
  // One after the other: the first migrates the shared database.
  for (const { server } of instances) await server.start();
  await client.connect();
  // An instance on this shared machine may take over a second to answer while it sets a call up: 3 s before Kamailio fails over.
  kamailio = await startKamailio({ instances: ports.map((port) => `127.0.0.1:${port}`), frTimerMs: 3000 });
}, 240_000);

afterAll(async () => {
  for (const { server } of instances) await server.dispose();
  for (const caller of callers.values()) await caller.close();
  await kamailio?.close();
  await trunk?.close();
  await client?.end().catch(() => undefined);
  await database?.drop();
  await deleteRedisKeys(redisUrl, prefix).catch(() => undefined);
  await voice?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

/** Where each live call is, by caller, from the shared registry: the instance's SIP port. */
async function holders(): Promise<Map<string, number>> {
  const { rows } = await client.query<{ caller: string; sip_address: string }>(
    'select c.caller, i.sip_address from live_calls c join call_instances i on i.id = c.instance_id where c.taken_by is null');
  return new Map(rows.map((r) => [r.caller, Number(r.sip_address.split(':').pop())]));
}

async function call(number: string): Promise<BaresipCaller> {
  const caller = await startBaresipCaller({ user: number, playWav: path.join(dir, 'quiet.wav') });
  callers.set(number, caller);
  await caller.dial(`sip:${NUMBER}@127.0.0.1:${kamailio.port};transport=udp`, { timeoutMs: 20_000 });
  return caller;
}

/** The admin's bearer token on one instance (test/support/child-server.ts's admin). */
async function adminOn(url: string, user = { username: 'admin', password: 'admin-password-1' }): Promise<{ authorization: string }> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const { access_token } = await res.json() as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** A new attendant (created by the admin) and their bearer token, on one instance. */
async function attendantOn(url: string, admin: { authorization: string }, username: string): Promise<{ id: string; authorization: string }> {
  const created = await fetch(`${url}/api/users`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password: `${username}-password-123`, roles: ['attendant'] }),
  });
  expect(created.status).toBe(201);
  const { id } = await created.json() as { id: string };
  return { id, ...await adminOn(url, { username, password: `${username}-password-123` }) };
}

const failure = () => [kamailio.output().split('\n').slice(-40).join('\n'), ...instances.map((i) => i.server.output().split('\n').slice(-20).join('\n'))].join('\n---\n');

describe('two instances behind Kamailio (postgresql+redis)', () => {
  let killed: { server: ChildServer; sipPort: number };
  let survivor: { server: ChildServer; sipPort: number };

  test('new calls are spread over both instances; each call\'s requests stay on the instance that answered it, and it completes', async () => {
    for (const number of CALLERS) {
      const caller = await call(number);
      // The greeting, spoken by the instance that answered, reaches the caller directly (RTP does not pass Kamailio).
      await caller.waitForSound(800, { timeoutMs: 30_000 });
    }
    const where = await waitForValue(holders, (map) => CALLERS.every((n) => map.has(n)), { what: 'every call in the registry', timeoutMs: 10_000 });
    const ports = instances.map((i) => i.sipPort);
    // Round robin: two calls each.
    const spread = ports.map((port) => CALLERS.filter((n) => where.get(n) === port).length);
    if (spread.join() !== '2,2') throw new Error(`calls per instance: ${spread.join(', ')}\n${failure()}`);
    expect(voice.requests.filter((r) => r.input === GREETING).length).toBeGreaterThanOrEqual(1);

    // One call on each instance hangs up (not DROPPED's): the BYE goes through Kamailio (the route set) to that instance, which ends the call.
    for (const port of ports) {
      const number = CALLERS.find((n) => n !== DROPPED && where.get(n) === port)!;
      await callers.get(number)!.hangUp();
      await waitFor(async () => !(await holders()).has(number), { what: `the call of ${number} ended on its instance`, timeoutMs: 15_000 });
      // The call leaves the registry as it ends; its session closes just after.
      await waitForValue(
        async () => (await client.query<{ status: string }>(`select status from sessions where channel = 'rtc_sip' and external_user_id = $1`, [number])).rows,
        (rows) => rows.length === 1 && rows[0]!.status === 'closed', { what: `the session of ${number} closed`, timeoutMs: 15_000 },
      );
    }
    // The others are still up on their instance: their ACK reached it (no BYE after the 200 OK's 32 s retransmission window either way).
    const still = await holders();
    expect([...still.values()].sort()).toEqual([...ports].sort());
    killed = instances.find((i) => i.sipPort === still.get(DROPPED))!;
    survivor = instances.find((i) => i !== killed)!;
  }, 180_000);

  test('an attendant on the instance that does not hold the call joins it: the connect is passed to the holder, and the caller\'s audio reaches the browser', async () => {
    const caller = await startBaresipCaller({ user: QUEUED_CALLER, playWav: await toneWav(60_000, path.join(dir, 'queued-tone.wav'), { hz: 600 }) });
    callers.set(QUEUED_CALLER, caller);
    await caller.dial(`sip:${DESK}@127.0.0.1:${kamailio.port};transport=udp`, { timeoutMs: 20_000 });
    const where = await waitForValue(holders, (map) => map.has(QUEUED_CALLER), { what: 'the queued call in the registry', timeoutMs: 15_000 });
    const holder = instances.find((i) => i.sipPort === where.get(QUEUED_CALLER))!;
    const other = instances.find((i) => i !== holder)!;
    // The attendant (the admin) works on the other instance: takes the conversation there.
    const admin = await adminOn(other.server.url);
    const sessionId = await waitForValue(async () => {
      const queue = await (await fetch(`${other.server.url}/api/attendance/queue`, { headers: admin })).json() as { session_id: string; channel: string }[];
      return queue.find((item) => item.channel === 'rtc_sip')?.session_id;
    }, (id) => id !== undefined, { what: 'the call in the queue', timeoutMs: 20_000 });
    const take = await fetch(`${other.server.url}/api/attendance/commands`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ text: '/take', session_id: sessionId }),
    });
    expect(await take.json()).toMatchObject({ ok: true });
    // The browser's end (werift, as the console's WebRTC): PCMU, an offer with its candidates.
    const pc = new RTCPeerConnection({ codecs: { audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })], video: [] } });
    let received = 0;
    pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => { received += 1; }));
    try {
      pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
      await pc.setLocalDescription(await pc.createOffer());
      await waitFor(() => pc.iceGatheringState === 'complete', { what: 'ICE gathering', timeoutMs: 10_000 });
      const base = `${other.server.url}/api/attendance/conversations/${sessionId}/call`;
      const connect = await fetch(`${base}/connect`, {
        method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ sdp: pc.localDescription!.sdp }),
      });
      if (connect.status !== 200) throw new Error(`connect: ${connect.status} ${await connect.text()}\n${failure()}`);
      const answer = await connect.json() as { sdp: string; codec: string };
      expect(answer.codec).toBe('PCMU');
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      // The caller's packets come from the holder's media, through the holder's WebRTC end.
      await waitFor(() => received >= 50, { what: `the caller's audio at the browser\n${failure()}`, timeoutMs: 60_000 }); // werift's ICE and DTLS on two starved cores (the PostgreSQL pass runs beside the embedded one in CI)
      // The call's state, asked on the other instance, is the holder's: connected.
      const state = await (await fetch(base, { headers: admin })).json() as { state: string };
      expect(state.state).toBe('connected');
      expect(await (await fetch(`${holder.server.url}/api/attendance/conversations/${sessionId}/call`, { headers: admin })).json()).toMatchObject({ state: 'connected' });
      // Transferred to Dee (typed on the other instance): the holder's bridge hears of it on the bus and the admin's browser leaves the call.
      await attendantOn(other.server.url, admin, 'dee');
      const moved = await fetch(`${other.server.url}/api/attendance/commands`, {
        method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ text: '/transfer @dee', session_id: sessionId }),
      });
      expect(await moved.json()).toMatchObject({ ok: true, reply: 'Conversation and call transferred to @dee.' });
      await waitForValue(async () => (await (await fetch(base, { headers: admin })).json() as { state: string }).state, (now) => now === 'waiting',
        { what: 'the transferred call left the first attendant\'s browser', timeoutMs: 15_000 });
      // Hanging up from the other instance (the admin may, as a supervisor) ends the call on the holder: the caller gets BYE.
      const hangup = await fetch(`${base}/hangup`, { method: 'POST', headers: admin });
      expect(hangup.status).toBe(200);
      await caller.waitForClosed({ timeoutMs: 15_000 });
      await waitFor(async () => !(await holders()).has(QUEUED_CALLER), { what: 'the queued call ended', timeoutMs: 15_000 });
    } finally {
      await pc.close();
    }
  }, 120_000);

  test('typed call commands on the instance that does not hold the call run on the holder, as the attendant; the call\'s recording lands delivered for every console', async () => {
    const caller = await startBaresipCaller({
      user: COMMANDED_CALLER, displayName: 'Maria Silva', playWav: await toneWav(60_000, path.join(dir, 'commanded-tone.wav'), { hz: 600 }),
    });
    callers.set(COMMANDED_CALLER, caller);
    await caller.dial(`sip:${DESK}@127.0.0.1:${kamailio.port};transport=udp`, { timeoutMs: 20_000 });
    const where = await waitForValue(holders, (map) => map.has(COMMANDED_CALLER), { what: 'the commanded call in the registry', timeoutMs: 15_000 });
    const holder = instances.find((i) => i.sipPort === where.get(COMMANDED_CALLER))!;
    const other = instances.find((i) => i !== holder)!;
    const admin = await adminOn(other.server.url);
    // Two attendants: Bea takes the call over by /transfer; Cy holds nothing.
    const bea = await attendantOn(other.server.url, admin, 'bea');
    const cy = await attendantOn(other.server.url, admin, 'cy');
    const sessionId = await waitForValue(async () => {
      const { rows } = await client.query<{ id: string }>(`select id from sessions where channel = 'rtc_sip' and external_user_id = $1 and status = 'open'`, [COMMANDED_CALLER]);
      return rows[0]?.id;
    }, (id) => id !== undefined, { what: 'the commanded call\'s session', timeoutMs: 20_000 });
    const item = await waitForValue(async () => {
      const queue = await (await fetch(`${other.server.url}/api/attendance/queue`, { headers: admin })).json() as { session_id: string; user_name: string; channel: string }[];
      return queue.find((entry) => entry.session_id === sessionId);
    }, (found) => found !== undefined, { what: 'the call in the queue', timeoutMs: 20_000 });
    // The caller's name as the trunk sent it with the number (the From's display name).
    expect(item).toMatchObject({ channel: 'rtc_sip', user_name: 'Maria Silva' });
    /** One typed line on the other instance, as the console (or workchat, mobile_msg) sends it. */
    const type = async (text: string, as: { authorization: string } = admin) => {
      const res = await fetch(`${other.server.url}/api/attendance/commands`, {
        method: 'POST', headers: { authorization: as.authorization, 'content-type': 'application/json' }, body: JSON.stringify({ text, session_id: sessionId }),
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<{ ok: boolean; reply: string }>;
    };
    const stateOnHolder = async () => (await (await fetch(`${holder.server.url}/api/attendance/conversations/${sessionId}/call`, { headers: admin })).json()) as { held: boolean };

    expect(await type('/take')).toMatchObject({ ok: true });
    expect(await type('/hold on')).toEqual(expect.objectContaining({ ok: true, reply: expect.stringMatching(/^The call is on hold/) }));
    expect(await stateOnHolder()).toMatchObject({ held: true });
    // Toggled on the holder, which knows the call is held.
    expect(await type('/hold')).toEqual(expect.objectContaining({ ok: true, reply: 'The call is resumed.' }));
    expect(await stateOnHolder()).toMatchObject({ held: false });
    expect(await type('/dtmf 1#')).toEqual(expect.objectContaining({ ok: true, reply: 'Keys 1# sent.' }));
    expect(await type('/voice on')).toMatchObject({ ok: true });
    expect(await type('/voice off')).toMatchObject({ ok: true });
    // /call of a conversation whose call is up: the holder knows it is live and does not phone the caller again.
    expect((await type('/call')).reply).not.toMatch(/^Calling/);
    // The holder wrote the facts and told the bridge: the conversation and its call go to Bea.
    expect(await type('/transfer @bea')).toEqual(expect.objectContaining({ ok: true, reply: 'Conversation and call transferred to @bea.' }));
    const facts = async () => (await client.query<{ type: string }>('select type from attendance_events where session_id = $1 order by at', [sessionId])).rows.map((r) => r.type);
    expect(await facts()).toEqual(expect.arrayContaining(['call_held', 'call_resumed', 'call_transferred']));
    // Each line runs on the holder as the one who typed it: Cy holds nothing there either.
    expect(await type('/hangup', cy)).toMatchObject({ ok: false });
    // Bea, signed in on the other instance too, hangs up as herself: the caller gets BYE.
    expect(await type('/take', bea)).toMatchObject({ ok: true });
    // The holder ran her /hold as her: the fact it logged is hers.
    expect(await type('/hold on', bea)).toMatchObject({ ok: true });
    const { rows: [held] } = await client.query<{ attendant_id: string }>(
      `select attendant_id from attendance_events where session_id = $1 and type = 'call_held' order by at desc limit 1`, [sessionId]);
    expect(held?.attendant_id).toBe(bea.id);
    expect(await type('/hangup', bea)).toEqual(expect.objectContaining({ ok: true, reply: 'The call is ended.' }));
    await caller.waitForClosed({ timeoutMs: 15_000 });
    await waitFor(async () => !(await holders()).has(COMMANDED_CALLER), { what: 'the commanded call ended', timeoutMs: 15_000 });

    // The recording, written by the holder's call, is in the transcript read on the other instance, and delivered:
    // no instance's adapter is asked to deliver it (docs/attendance/calls.md, "Recording").
    const recording = await waitForValue(async () => {
      const { messages } = await (await fetch(`${other.server.url}/api/attendance/sessions/${sessionId}/messages`, { headers: bea })).json() as {
        messages: { text: string; delivery_state: string; attachments?: { type: string }[] }[];
      };
      return messages.find((m) => m.text.startsWith('Call recording ('));
    }, (m) => m !== undefined, { what: 'the call recording\'s message', timeoutMs: 20_000 });
    expect(recording).toMatchObject({ delivery_state: 'delivered', attachments: [expect.objectContaining({ type: 'audio' })] });
    const { rows: outbox } = await client.query('select 1 from outbox o join messages m on m.id = o.message_id where o.session_id = $1 and m.text like $2', [sessionId, 'Call recording (%']);
    expect(outbox).toEqual([]);
  }, 120_000);

  test('lines typed on the instance that does not hold the call are said on it, whichever instance delivers them; resolving there ends the call with a goodbye', async () => {
    const caller = await startBaresipCaller({ user: RESOLVED_CALLER, playWav: path.join(dir, 'quiet.wav') });
    callers.set(RESOLVED_CALLER, caller);
    await caller.dial(`sip:${DESK}@127.0.0.1:${kamailio.port};transport=udp`, { timeoutMs: 20_000 });
    const where = await waitForValue(holders, (map) => map.has(RESOLVED_CALLER), { what: 'the resolved call in the registry', timeoutMs: 15_000 });
    const holder = instances.find((i) => i.sipPort === where.get(RESOLVED_CALLER))!;
    const other = instances.find((i) => i !== holder)!;
    const admin = await adminOn(other.server.url);
    const sessionId = await waitForValue(async () => {
      const { rows } = await client.query<{ id: string }>(`select id from sessions where channel = 'rtc_sip' and external_user_id = $1 and status = 'open'`, [RESOLVED_CALLER]);
      return rows[0]?.id;
    }, (id) => id !== undefined, { what: 'the resolved call\'s session', timeoutMs: 20_000 });
    await waitForValue(async () => {
      const queue = await (await fetch(`${other.server.url}/api/attendance/queue`, { headers: admin })).json() as { session_id: string }[];
      return queue.some((entry) => entry.session_id === sessionId);
    }, (found) => found, { what: 'the call in the queue', timeoutMs: 20_000 });
    const type = async (text: string) => {
      const res = await fetch(`${other.server.url}/api/attendance/commands`, {
        method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ text, session_id: sessionId }),
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<{ ok: boolean }>;
    };
    expect(await type('/take')).toMatchObject({ ok: true });
    // Each line is an outbox job, run by whichever instance's worker picks it up (both share the Redis queue):
    // the holder says its own, the other passes them on the bus to the holder. Every one is said and delivered.
    const lines = ['One moment, please.', 'I am checking your order now.', 'Your parcel left this morning.', 'It arrives tomorrow.'];
    for (const line of lines) expect(await type(line)).toMatchObject({ ok: true });
    const states = await waitForValue(async () => {
      const { rows } = await client.query<{ text: string; delivery_state: string }>(
        `select text, delivery_state from messages where session_id = $1 and sender = 'attendant' order by seq`, [sessionId]);
      return rows;
    }, (rows) => rows.length === lines.length && rows.every((r) => r.delivery_state !== 'pending'), { what: `the lines' deliveries\n${failure()}`, timeoutMs: 60_000 });
    expect(states).toEqual(lines.map((text) => ({ text, delivery_state: 'delivered' })));
    for (const line of lines) expect(voice.requests.some((r) => r.input === line)).toBe(true);

    // Resolved on the other instance: the holder says goodbye and hangs up (the caller gets BYE).
    const goodbyes = voice.requests.filter((r) => r.input === 'Thank you for calling. Goodbye.').length;
    const resolved = await fetch(`${other.server.url}/api/attendance/resolve/${sessionId}`, { method: 'POST', headers: admin });
    expect(resolved.status).toBe(200);
    await caller.waitForClosed({ timeoutMs: 20_000 });
    expect(voice.requests.filter((r) => r.input === 'Thank you for calling. Goodbye.').length).toBeGreaterThan(goodbyes);
    await waitFor(async () => !(await holders()).has(RESOLVED_CALLER), { what: 'the resolved call ended', timeoutMs: 15_000 });
    // The session closes as the call ends; the conversation stays resolved as the attendant resolved it (no `customer left`).
    await waitForValue(async () => (await client.query<{ status: string }>('select status from sessions where id = $1', [sessionId])).rows[0]?.status,
      (status) => status === 'closed', { what: 'the resolved call\'s session closed', timeoutMs: 15_000 });
    const { rows: ended } = await client.query<{ data: { reason?: string } }>(`select data from attendance_events where session_id = $1 and type = 'call_ended'`, [sessionId]);
    expect(ended.map((e) => e.data.reason)).toEqual(['resolved by the attendant']);
    const { rows: resolutions } = await client.query<{ data: { reason?: string } | null }>(`select data from attendance_events where session_id = $1 and type = 'resolved'`, [sessionId]);
    expect(resolutions).toHaveLength(1);
    expect(resolutions[0]!.data?.reason).toBeUndefined();
  }, 150_000);

  test('an instance killed mid-call: Kamailio takes it out, new calls go to the survivor, and the survivor calls the dropped caller back', async () => {
    const before = await holders();
    const dropped = DROPPED;
    expect(before.get(dropped)).toBe(killed.sipPort);
    const kept = [...before.entries()].find(([, port]) => port === survivor.sipPort)![0];
    const { rows: [session] } = await client.query<{ id: string }>(`select id from sessions where channel = 'rtc_sip' and external_user_id = $1 and status = 'open'`, [dropped]);
    await killed.server.kill();

    // Kamailio's OPTIONS probes find it gone.
    await waitFor(() => kamailio.lines.some((l) => l.includes(`switchboard instance down: OPTIONS sip:127.0.0.1:${killed.sipPort}`)),
      { what: `Kamailio taking out the killed instance\n${failure()}`, timeoutMs: 20_000 });
    // A new call goes to the survivor.
    const late = await call(LATE_CALLER);
    await late.waitForSound(800, { timeoutMs: 30_000 });
    expect((await holders()).get(LATE_CALLER)).toBe(survivor.sipPort);

    // The survivor calls the dropped caller back through the trunk: the trunk's far end answers and hears the apology.
    await trunk.waitForEstablished({ timeoutMs: 30_000 }).catch((error: unknown) => { throw new Error(`${String(error)}\n${failure()}`); });
    await trunk.waitForSound(800, { timeoutMs: 30_000 });
    const apology = `Sorry, we were cut off. This is the call back, so we can carry on. Where we were: ${GREETING}`;
    await waitFor(() => voice.requests.some((r) => r.input === apology), { what: 'the apology spoken', timeoutMs: 20_000 });
    // The same conversation goes on: the apology is a line of the dropped call's session, which is still open.
    const { rows: lines } = await client.query<{ text: string; sender: string }>('select text, sender from messages where session_id = $1 order by seq', [session!.id]);
    expect(lines.map((l) => [l.sender, l.text])).toEqual(expect.arrayContaining([['bot', GREETING], ['system', apology]]));
    const { rows: [open] } = await client.query<{ status: string }>('select status from sessions where id = $1', [session!.id]);
    expect(open?.status).toBe('open');
    // The call back is the survivor's call now; the survivor's own call was never touched.
    const after = await holders();
    expect(after.get(dropped)).toBe(survivor.sipPort);
    expect(after.get(kept)).toBe(survivor.sipPort);
    const { rows: gone } = await client.query('select 1 from live_calls where instance_id not in (select id from call_instances)');
    expect(gone).toEqual([]);
  }, 180_000);
});
