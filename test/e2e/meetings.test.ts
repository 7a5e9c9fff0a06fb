/**
 * Meetings end to end (docs/meetings.md): the /api/meet endpoints on the embedded provider and on
 * a fake LiveKit room service, the signalling socket's admission rules, expired links, the rtc
 * webhook, CREATE MEETING from a script, transcription scoring, and the attendant commands
 * `/video`, `/call`, `/voice`, `/video end` reaching a web customer and the insights.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { AccessToken } from 'livekit-server-sdk';
import WebSocket from 'ws';
import { createSessionsRepo } from '../../db/index.js';
import { meetingRooms } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeLiveKit, type FakeLiveKit } from '../support/fake-livekit.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

type Headers = { authorization: string };
interface Room { id: string; name: string; status: string; provider: string; media: string; join_url: string; max_participants: number; session_id: string | null; started_at: string | null; ended_at: string | null }
interface Access { token: string; url: string; provider: string; identity: string; room: string; ice_servers: unknown[] }

let service: TestService;
let bots: TestBots;
let livekit: FakeLiveKit;
let voice: FakeVoice;
let smtp: TestSmtpServer;
let admin: Headers;

beforeAll(async () => {
  [livekit, voice, smtp] = await Promise.all([startFakeLiveKit(), startFakeVoice(), startSmtpServer()]);
  bots = await createTestBots();
  await bots.add('default', { 'voice-models-url': voice.url, 'http-allow-private-networks': 'true', 'rtc-turn-url': 'turn:turn.example.test:3478', 'rtc-turn-username': 'u', 'rtc-turn-credential': 'p' });
  await bots.add('scripted', {}, 'r = CREATE MEETING {title: "Support call", expires_in: 600, max_participants: 2, transcription: TRUE}\nTALK "meeting " & r.success & " " & r.join_url\n');
  const rtc = { 'rtc-url': livekit.url, 'rtc-api-key': livekit.apiKey, 'rtc-api-secret': livekit.apiSecret };
  await bots.add('live', { ...rtc, 'http-allow-private-networks': 'true', 'rtc-room-prefix': 'live-', 'rtc-storage-bucket': 'call-archive' });
  // The same server for a bot that does not allow private networks: the outbound door refuses it.
  await bots.add('closed', { ...rtc, 'rtc-room-prefix': 'closed-' });
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL: 'http://meet.example.test', SMTP_URL: smtp.url, MAIL_FROM: 'meet@example.test' });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await Promise.all([bots.remove(), livekit.close(), voice.close(), smtp.close()]);
});

const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });
const post = (path: string, headers: Partial<Headers>, body: unknown = {}) =>
  fetch(`${service.url}${path}`, { method: 'POST', headers: json(headers), body: JSON.stringify(body) });
const get = (path: string, headers: Partial<Headers> = {}) => fetch(`${service.url}${path}`, { headers });

async function createRoom(body: Record<string, unknown> = {}, headers: Headers = admin): Promise<Room> {
  const res = await post('/api/meet/create', headers, body);
  expect(res.status).toBe(201);
  return (await res.json()) as Room;
}

async function joinRoom(room: string, name = 'Guest'): Promise<Access> {
  const res = await post(`/api/meet/rooms/${room}/join`, {}, { name });
  expect(res.status).toBe(200);
  return (await res.json()) as Access;
}

/** A signalling socket: its frames as they come, and how it was closed. */
function connect(token: string) {
  const ws = new WebSocket(`${service.url.replace('http', 'ws')}/api/meet/ws?token=${encodeURIComponent(token)}`);
  const frames: { type: string; [k: string]: unknown }[] = [];
  ws.on('message', (data: WebSocket.RawData) => frames.push(JSON.parse(data.toString()) as { type: string }));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, frames, closed };
}

const until = <T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> => waitForValue(read, done, { intervalMs: 20 });

async function createUser(username: string, roles: string[]): Promise<{ id: string; headers: Headers }> {
  const password = 'password-for-tests';
  const res = await post('/api/users', admin, { username, email: `${username}@example.test`, password, roles });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, headers: await bearerFor(service.url, username, password) };
}

const roomRow = async (id: string) => (await service.database.db.select().from(meetingRooms).where(eq(meetingRooms.id, id)))[0]!;

describe('meeting rooms on the embedded provider', () => {
  test('create, list, get, join, token; signed tokens and the TURN setting', async () => {
    const room = await createRoom({ title: 'Onboarding', bot: 'default', participants: ['ana@example.test'], transcription: true });
    expect(room).toMatchObject({
      title: 'Onboarding', type: 'support', provider: 'embedded', media: 'video', status: 'open', max_participants: 4, transcription: true,
      participants: ['ana@example.test'],
    });
    expect(room.name).toMatch(/^attendance-[\w-]{16}$/);
    expect(room.join_url).toBe(`http://meet.example.test/meet/${room.name}`);
    const expires = Date.parse((room as unknown as { expires_at: string }).expires_at) - Date.parse((room as unknown as { created_at: string }).created_at);
    expect(Math.round(expires / 1000)).toBe(3600);

    const list = (await (await get('/api/meet/rooms', admin)).json()) as { rooms: Room[] };
    expect(list.rooms.map((r) => r.id)).toContain(room.id);
    expect(((await (await get(`/api/meet/rooms/${room.name}`, admin)).json()) as Room).id).toBe(room.id);
    expect((await get(`/api/meet/rooms/${room.id}`)).status).toBe(401);
    expect((await get('/api/meet/rooms/attendance-nothing', admin)).status).toBe(404);

    const access = await joinRoom(room.name, 'Maria');
    expect(access).toMatchObject({ provider: 'embedded', url: '/api/meet/ws', room: room.name, ice_servers: [{ urls: 'turn:turn.example.test:3478', username: 'u', credential: 'p' }] });
    expect(access.identity).toMatch(/^guest-/);
    const token = await post('/api/meet/token', admin, { room: room.id, can_publish: false });
    expect(token.status).toBe(200);
    expect((await token.json()) as Access).toMatchObject({ identity: expect.stringMatching(/^user-/), provider: 'embedded' });

    expect((await post('/api/meet/create', admin, { max_participants: 7 })).status).toBe(400);
    expect((await post('/api/meet/create', admin, { expires_in: 10 })).status).toBe(400);
    expect((await post('/api/meet/create', {}, {})).status).toBe(401);
  });

  test('the signalling socket relays between peers and refuses beyond max_participants, forged tokens and ended rooms', async () => {
    const room = await createRoom({ max_participants: 2 });
    const a = connect((await joinRoom(room.name, 'A')).token);
    await until(() => a.frames.length, (n) => n > 0);
    expect(a.frames[0]).toMatchObject({ type: 'welcome', peers: [] });
    const b = connect((await joinRoom(room.name, 'B')).token);
    await until(() => b.frames.length, (n) => n > 0);
    const aId = String(a.frames[0]!.id);
    expect(b.frames[0]).toMatchObject({ type: 'welcome', peers: [{ id: aId, name: 'A' }] });
    const bId = String(b.frames[0]!.id);
    b.ws.send(JSON.stringify({ type: 'signal', to: aId, data: { sdp: { type: 'offer', sdp: 'v=0' } } }));
    await until(() => a.frames, (f) => f.some((x) => x.type === 'signal'));
    expect(a.frames).toContainEqual({ type: 'signal', from: bId, data: { sdp: { type: 'offer', sdp: 'v=0' } } });
    // A signal nested deeper than the JSON limit (infra/json-depth.ts) is refused, never relayed.
    b.ws.send(`{"type":"signal","to":"${aId}","data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    await until(() => b.frames, (f) => f.some((x) => x.type === 'error' && x.error === 'invalid_frame'));
    expect(a.frames.filter((x) => x.type === 'signal')).toHaveLength(1);
    // Two connected: the call took place.
    expect((await until(() => roomRow(room.id), (r) => r.started_at !== null)).started_at).not.toBeNull();

    const c = connect((await joinRoom(room.name, 'C')).token);
    expect(await c.closed).toBe(4409);
    const forged = connect('not-a-token');
    expect(await forged.closed).toBe(4401);

    // Everyone leaving ends the call: the link stops working.
    a.ws.close();
    b.ws.close();
    const ended = await until(() => roomRow(room.id), (r) => r.ended_at !== null);
    expect(ended.ended_at).not.toBeNull();
    expect((await post(`/api/meet/rooms/${room.name}/join`, {}, {})).status).toBe(410);
  });

  test('an expired room: the link answers 410 with a clear page, joins and tokens are refused, open sockets refused', async () => {
    const room = await createRoom({ expires_in: 60 });
    const page = await get(`/meet/${room.name}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/meet.js');
    const early = (await joinRoom(room.name)).token;
    await service.database.db.update(meetingRooms).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(meetingRooms.id, room.id));

    const gone = await get(`/meet/${room.name}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toContain('text/html');
    expect(await gone.text()).toContain('This meeting link has expired');
    const join = await post(`/api/meet/rooms/${room.name}/join`, {}, {});
    expect(join.status).toBe(410);
    expect(await join.json()).toMatchObject({ error: 'meeting_expired' });
    expect((await post('/api/meet/token', admin, { room: room.id })).status).toBe(410);
    expect(await connect(early).closed).toBe(4410);
    expect(((await (await get(`/api/meet/rooms/${room.id}`, admin)).json()) as Room).status).toBe('expired');
    expect((await get('/meet/attendance-unknown')).status).toBe(404);
  });

  test('invite: the link by email through the mailer and to a conversation\'s web customer', async () => {
    const room = await createRoom({ title: 'Contract review' });
    const customer = await sayOnWeb(service.url, 'default', 'hello');
    const res = await post('/api/meet/invite', admin, { room: room.id, emails: ['guest@example.test'], session_id: customer.session_id, note: 'See you soon' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ room_id: room.id, join_url: room.join_url, emailed: ['guest@example.test'], messaged_session_id: customer.session_id });
    const mail = await smtp.waitFor((m) => m.to.includes('guest@example.test'));
    expect(mail.subject).toBe('Invitation: Contract review');
    expect(mail.text).toContain(room.join_url);
    const history = await fetch(`${service.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(customer.session_token)}`);
    expect(((await history.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toContain(`See you soon\nJoin a video call with us: ${room.join_url}`);
    expect(((await (await get(`/api/meet/rooms/${room.id}`, admin)).json()) as { participants: string[] }).participants).toContain('guest@example.test');
    expect((await post('/api/meet/invite', admin, { room: room.id })).status).toBe(400);
  });

  test('conversations between users: create, join, start a call (members only)', async () => {
    const ana = await createUser('ana-meet', ['attendant']);
    const bob = await createUser('bob-meet', ['author']);
    const created = await post('/api/meet/conversations/create', ana.headers, { title: 'Design review', members: [] });
    expect(created.status).toBe(201);
    const conversation = (await created.json()) as { id: string; members: string[] };
    expect(conversation.members).toEqual([ana.id]);
    expect((await post(`/api/meet/conversations/${conversation.id}/calls/start`, bob.headers, {})).status).toBe(403);
    const joined = await post(`/api/meet/conversations/${conversation.id}/join`, bob.headers);
    expect(((await joined.json()) as { members: string[] }).members).toEqual([ana.id, bob.id]);
    const call = await post(`/api/meet/conversations/${conversation.id}/calls/start`, bob.headers, { media: 'audio' });
    expect(call.status).toBe(201);
    expect(await call.json()).toMatchObject({ conversation_id: conversation.id, media: 'audio', type: 'conversation', status: 'open' });
    expect((await post('/api/meet/conversations/00000000-0000-4000-8000-000000000000/join', bob.headers)).status).toBe(404);
  });
});

describe('the rtc provider (a LiveKit-compatible room service)', () => {
  test('rooms are created through the room service with a roomCreate grant; join tokens carry the room grants', async () => {
    const room = await createRoom({ bot: 'live', max_participants: 10 });
    expect(room).toMatchObject({ provider: 'rtc' });
    expect(room.name).toMatch(/^live-/);
    expect(livekit.calls.at(-1)).toMatchObject({ method: 'CreateRoom', body: { name: room.name, maxParticipants: 10 }, grants: { roomCreate: true } });
    const access = await joinRoom(room.name, 'Customer');
    expect(access.url).toBe(livekit.url.replace('http', 'ws'));
    const { payload } = await jwtVerify(access.token, new TextEncoder().encode(livekit.apiSecret), { issuer: livekit.apiKey });
    expect(payload).toMatchObject({ sub: access.identity, name: 'Customer', video: { room: room.name, roomJoin: true, canPublish: true, canSubscribe: true } });
    expect((payload.video as { roomAdmin?: boolean }).roomAdmin).toBeFalsy();
  });

  test('the room service is reached through the outbound door: a loopback rtc-url without http-allow-private-networks is refused, never called', async () => {
    const before = livekit.calls.length;
    const res = await post('/api/meet/create', admin, { bot: 'closed' });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'rtc_error', message: expect.stringMatching(/not allowed: 127\.0\.0\.1 is a private or loopback address/) });
    expect(livekit.calls.length).toBe(before);
  });

  test('recording: a room-composite egress to rtc-storage-bucket with a roomRecord grant, stopped when the room ends', async () => {
    const room = await createRoom({ bot: 'live', recording: true });
    expect(room).toMatchObject({ provider: 'rtc', recording: true });
    const start = livekit.calls.find((c) => c.method === 'StartRoomCompositeEgress' && c.body.roomName === room.name);
    expect(start).toMatchObject({ grants: { roomRecord: true }, body: { roomName: room.name } });
    expect(start!.body.audioOnly).toBeFalsy();
    expect(start!.body.fileOutputs).toEqual([expect.objectContaining({ fileType: 'MP4', filepath: `${room.name}/{time}.mp4`, s3: expect.objectContaining({ bucket: 'call-archive' }) })]);
    const egress = [...livekit.egresses.values()].find((e) => e.roomName === room.name)!;
    expect(egress.status).toBe('EGRESS_ACTIVE');

    const ended = await post(`/api/meet/rooms/${room.id}/end`, admin);
    expect(ended.status).toBe(200);
    expect(egress.status).toBe('EGRESS_COMPLETE');
    const methods = livekit.calls.filter((c) => [c.body.name, c.body.roomName, c.body.room].includes(room.name) || c.body.egressId === egress.egressId).map((c) => c.method);
    expect(methods).toEqual(['CreateRoom', 'StartRoomCompositeEgress', 'ListEgress', 'StopEgress', 'DeleteRoom']);

    // An egress already ending when the room ends refuses the stop (failed_precondition): the room still ends.
    const ending = await createRoom({ bot: 'live', recording: true });
    const endingEgress = [...livekit.egresses.values()].find((e) => e.roomName === ending.name)!;
    endingEgress.status = 'EGRESS_ENDING';
    expect((await post(`/api/meet/rooms/${ending.id}/end`, admin)).status).toBe(200);
    expect(livekit.calls.some((c) => c.method === 'StopEgress' && c.body.egressId === endingEgress.egressId)).toBe(true);
    expect(livekit.rooms.has(ending.name)).toBe(false);

    // An audio room records audio only; a room without `recording` starts no egress.
    const call = await createRoom({ bot: 'live', recording: true, media: 'audio' });
    expect(livekit.calls.find((c) => c.method === 'StartRoomCompositeEgress' && c.body.roomName === call.name)!.body).toMatchObject({ audioOnly: true });
    const plain = await createRoom({ bot: 'live' });
    expect(livekit.calls.some((c) => c.method === 'StartRoomCompositeEgress' && c.body.roomName === plain.name)).toBe(false);
  });

  test('webhooks: a forged signature is refused; signed events start, screen-share and finish the call', async () => {
    const room = await createRoom({ bot: 'live' });
    const sign = async (body: string, secret = livekit.apiSecret) => {
      const token = new AccessToken(livekit.apiKey, secret);
      token.sha256 = createHash('sha256').update(body).digest('base64');
      return token.toJwt();
    };
    const send = async (event: Record<string, unknown>, secret?: string) => {
      const body = JSON.stringify({ id: `EV_${Math.random()}`, createdAt: String(Math.floor(Date.now() / 1000)), ...event });
      return fetch(`${service.url}/webhooks/rtc/live`, {
        method: 'POST', headers: { 'content-type': 'application/webhook+json', authorization: await sign(body, secret) }, body,
      });
    };
    const joined = { event: 'participant_joined', room: { name: room.name, numParticipants: 2 }, participant: { identity: 'guest-1' } };
    const forged = await send(joined, 'not-the-secret-but-32-characters-long');
    expect(forged.status).toBe(401);
    expect((await roomRow(room.id)).started_at).toBeNull();

    const ok = await send(joined);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ event: 'participant_joined', room_id: room.id });
    expect((await roomRow(room.id)).started_at).not.toBeNull();
    expect((await send({ event: 'track_published', room: { name: room.name }, track: { source: 'SCREEN_SHARE' } })).status).toBe(200);
    expect((await send({ event: 'room_finished', room: { name: room.name } })).status).toBe(200);
    expect((await roomRow(room.id)).ended_at).not.toBeNull();
    expect(livekit.rooms.has(room.name)).toBe(false);
  });
});

describe('CREATE MEETING, transcription and the attendant commands', () => {
  test('CREATE MEETING answers success, room_id and join_url and keeps meeting_room/meeting_url on the session', async () => {
    const answer = await sayOnWeb(service.url, 'scripted', 'hi');
    const text = answer.replies.map((r) => r.text).join('\n');
    expect(text).toMatch(/^meeting true http:\/\/meet\.example\.test\/meet\/attendance-[\w-]+$/);
    const session = (await (await get(`/api/session/${answer.session_id}`, admin)).json()) as { context_data: Record<string, unknown> };
    expect(session.context_data.meeting_url).toBe(text.split(' ')[2]);
    const room = (await (await get(`/api/meet/rooms/${String(session.context_data.meeting_room)}`, admin)).json()) as Room & { transcription: boolean };
    expect(room).toMatchObject({ session_id: answer.session_id, max_participants: 2, transcription: true, title: 'Support call' });
  });

  test('transcription: the recorded audio goes to the speech service and is scored against a reference', async () => {
    const room = await createRoom({ bot: 'default', transcription: true });
    const start = await post('/api/meet/transcription', admin, { room: room.id, action: 'start' });
    expect(await start.json()).toMatchObject({ transcription_status: 'started', language: 'pt-BR' });
    voice.transcript = 'my order has not arrived yet';
    const stop = await post('/api/meet/transcription', admin, {
      room: room.id, action: 'stop', audio_base64: Buffer.from('fake audio').toString('base64'), reference_transcript: 'my order has not arrived',
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toMatchObject({ transcription_status: 'stopped', transcript: 'my order has not arrived yet', accuracy: 80 });
    expect(voice.requests.at(-1)).toMatchObject({ path: '/v1/audio/transcriptions', language: 'pt' });
  });

  test('/video sends the web customer the link; /voice, /call, /video link, /video end; the insights count the calls', async () => {
    const ana = await createUser('ana-video', ['attendant']);
    await post('/api/attendance/commands', ana.headers, { text: '/status online' });
    const first = await sayOnWeb(service.url, 'default', 'hi');
    await sayOnWeb(service.url, 'default', 'I want a person', first.session_token);
    await service.eventsHandled();
    const command = async (text: string) => {
      const res = await post('/api/attendance/commands', ana.headers, { text, session_id: first.session_id });
      expect(res.status).toBe(200);
      return (await res.json()) as { ok: boolean; reply: string };
    };
    expect(await command('/take')).toMatchObject({ ok: true });

    const video = await command('/video');
    expect(video).toMatchObject({ ok: true, reply: expect.stringContaining('http://meet.example.test/meet/attendance-') });
    const url = /(http:\/\/meet\.example\.test\/meet\/[\w-]+)/.exec(video.reply)![1]!;
    const history = async () => ((await (await fetch(`${service.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(first.session_token)}`)).json()) as { messages: { from: string; text: string }[] }).messages;
    const messages = await until(history, (m) => m.some((x) => x.text.includes(url)));
    expect(messages).toContainEqual(expect.objectContaining({ from: 'attendant', text: `Join a video call with us: ${url}` }));
    const session = async () => (await (await get(`/api/session/${first.session_id}`, admin)).json()) as { call_type: string | null; context_data: Record<string, unknown> };
    expect(await session()).toMatchObject({ call_type: 'video', context_data: { meeting_url: url } });
    expect(await command('/video link')).toMatchObject({ ok: true, reply: `Join link: ${url}` });
    expect(await command('/video invite @customer')).toEqual(expect.objectContaining({ ok: true, reply: expect.stringMatching(new RegExp(`^Invitation sent to .+: ${url}$`)) }));
    expect((await history()).filter((m) => m.text === `Join a video call with us: ${url}`)).toHaveLength(2);
    // `@<customer>` names another customer the attendant holds: the link reaches them on their channel.
    const second = await sayOnWeb(service.url, 'default', 'hello');
    await sayOnWeb(service.url, 'default', 'I want a person', second.session_token);
    await service.eventsHandled();
    expect((await post('/api/attendance/commands', ana.headers, { text: '/take', session_id: second.session_id })).status).toBe(200);
    const queue = (await (await get('/api/attendance/queue', admin)).json()) as { session_id: string; user_name: string; assigned_to: string | null }[];
    const secondItem = queue.find((i) => i.session_id === second.session_id)!;
    expect(secondItem.assigned_to).toBe(ana.id);
    // A customer without a name shows by channel and short id (docs/crm.md, "What attendants see"); once named, `@` takes the first name.
    expect(secondItem.user_name).toMatch(/^web · [0-9a-f]{6}$/);
    await createSessionsRepo(service.database.db).update(second.session_id, { context_patch: { customer_name: 'Maria Souza' } });
    expect(await command('/video invite @MARIA')).toMatchObject({ ok: true, reply: `Invitation sent to Maria Souza: ${url}` });
    const secondHistory = await (await fetch(`${service.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(second.session_token)}`)).json() as { messages: { text: string }[] };
    expect(secondHistory.messages.map((m) => m.text)).toContain(`Join a video call with us: ${url}`);
    expect(await command('/video invite @nobody-here')).toMatchObject({ ok: false, reply: expect.stringContaining('No customer of the conversations you hold is called @nobody-here') });
    expect(await command('/voice on')).toMatchObject({ ok: true });
    expect((await session()).context_data.voice_response).toBe(true);

    // The customer and the attendant connect: the call took place, then the attendant ends it.
    const name = url.split('/').at(-1)!;
    const customer = connect((await joinRoom(name, 'Customer')).token);
    const attendant = connect((await joinRoom(name, 'Ana')).token);
    await until(() => attendant.frames.length, (n) => n > 0);
    customer.ws.send(JSON.stringify({ type: 'screen', on: true }));
    await until(() => attendant.frames, (f) => f.some((x) => x.type === 'screen'));
    const room = await until(async () => (await service.database.db.select().from(meetingRooms).where(eq(meetingRooms.name, name)))[0]!, (r) => r.started_at !== null);
    expect(await command('/video end')).toMatchObject({ ok: true, reply: 'Video call ended.' });
    expect([await customer.closed, await attendant.closed]).toEqual([4410, 4410]);
    expect((await roomRow(room.id)).ended_at).not.toBeNull();
    expect((await session()).call_type).toBeNull();
    expect(await command('/video end')).toMatchObject({ ok: false });

    expect(await command('/call')).toMatchObject({ ok: true, reply: expect.stringContaining('Call started') });
    expect((await session()).call_type).toBe('voice');

    const insights = (await (await get('/api/attendance/insights', admin)).json()) as { metrics: Record<string, number | null> };
    expect(insights.metrics.video_call_requests).toBeGreaterThanOrEqual(1);
    expect(insights.metrics.video_calls_completed).toBeGreaterThan(0);
    expect(insights.metrics.avg_video_duration).not.toBeNull();
    expect(insights.metrics.screen_share_usage).toBeGreaterThan(0);
    expect(insights.metrics.transcription_accuracy).toBe(80);
  });
});
