import { WebSocket } from 'ws';
import { queueIdNamed } from '../support/attendance-kit.js';
import { connectFrameSocket, type Frame } from '../support/frame-socket.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }
type Headers = { authorization: string };

let service: TestService;
let admin: Headers;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service.dispose();
});

const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });
const wsUrl = (path: string) => `${service.url.replace(/^http/, 'ws')}${path}`;

const say = (text: string, token?: string): Promise<Answer> => sayOnWeb(service.url, 'default', text, token);

async function history(token: string): Promise<{ from: string; text: string }[]> {
  const res = await fetch(`${service.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: { from: string; text: string }[] }).messages;
}

/** Creates a user and returns their id and access token. */
async function createUser(username: string, roles: string[]): Promise<{ id: string; token: string; headers: Headers }> {
  const password = 'password-for-tests';
  const res = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: json(admin), body: JSON.stringify({ username, email: `${username}@example.test`, password, roles }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const headers = await bearerFor(service.url, username, password);
  return { id, headers, token: headers.authorization.replace(/^Bearer /, '') };
}

async function restCommand(headers: Headers, text: string): Promise<{ ok: boolean; reply: string }> {
  const res = await fetch(`${service.url}/api/attendance/commands`, { method: 'POST', headers: json(headers), body: JSON.stringify({ text }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { ok: boolean; reply: string };
}


const connect = (path: string) => connectFrameSocket(wsUrl(path), sockets);

const console_ = async (token: string) => {
  const client = connect(`/ws/attendance?token=${encodeURIComponent(token)}`);
  await client.opened;
  return client;
};
const ofType = (type: string, sessionId?: string) => (f: Frame) => f.type === type && (sessionId === undefined || f.session_id === sessionId);

describe('/ws/attendance', () => {
  test('refuses a missing or bad token (4401) and users without an attendance role (4403)', async () => {
    const author = await createUser('wsauthor', ['author']);
    const visitor = await say('hello');
    const cases: [string, number, string][] = [
      ['/ws/attendance', 4401, 'unauthorized'],
      ['/ws/attendance?token=forged.token.value', 4401, 'unauthorized'],
      [`/ws/attendance?token=${encodeURIComponent(visitor.session_token)}`, 4401, 'unauthorized'], // a customer's token
      [`/ws/attendance?token=${encodeURIComponent(author.token)}`, 4403, 'forbidden'],
    ];
    for (const [path, code, reason] of cases) {
      expect(await connect(path).closed).toEqual({ code, reason });
    }
  });

  test('live events, commands, replies and typing over the console socket', async () => {
    const ana = await createUser('wsana', ['attendant']);
    const olga = await createUser('wsolga', ['attendant']);
    const sue = await createUser('wssue', ['supervisor']);
    expect(await restCommand(ana.headers, '/status online')).toMatchObject({ ok: true });
    expect(await restCommand(olga.headers, '/status offline')).toMatchObject({ ok: true });
    const [anaWs, olgaWs, sueWs] = await Promise.all([console_(ana.token), console_(olga.token), console_(sue.token)]);

    const first = await say('hi');
    const session = first.session_id;
    const customer = connect(`/ws/web?session_token=${encodeURIComponent(first.session_token)}`);
    await customer.opened;
    await say('I want to talk to a human', first.session_token);

    // docs/attendance/live-events.md, "new_conversation": the online eligible attendant and the supervisor are told; the offline one is not.
    const expected = {
      type: 'new_conversation', session_id: session, channel: 'web', message: 'I want to talk to a human',
      customer: { name: expect.any(String), phone: null }, priority: 1, queue_id: await queueIdNamed(service.url, admin, 'support'), required_skills: [],
    };
    expect(await anaWs.next(ofType('new_conversation', session), 'new_conversation')).toEqual(expected);
    expect(await sueWs.next(ofType('new_conversation', session), 'new_conversation')).toEqual(expected);
    // Auto-assignment gives it to Ana, the only online attendant.
    expect(await anaWs.next(ofType('conversation_assigned', session), 'conversation_assigned')).toEqual({
      type: 'conversation_assigned', session_id: session, attendant_id: ana.id, attendant_name: 'wsana', status: 'assigned',
    });
    // Deliveries arrive in publish order: once Olga has the queue_updated published after it, she would have had new_conversation.
    const waiting = await olgaWs.next((f) => f.type === 'queue_updated' && f.waiting === 0, 'queue_updated');
    expect(waiting).toMatchObject({ type: 'queue_updated', bot_id: expect.any(String) });
    expect(olgaWs.frames.filter((f) => f.type === 'new_conversation' || f.type === 'conversation_assigned')).toEqual([]);

    anaWs.send({ type: 'command', text: '/take', request_id: 'take-1' });
    expect(await anaWs.next(ofType('command_result'), 'command_result')).toEqual({
      type: 'command_result', ok: true, reply: expect.stringContaining('You are now talking with'), session_id: session, request_id: 'take-1',
    });
    expect(await sueWs.next((f) => f.type === 'conversation_assigned' && f.status === 'active', 'accepted')).toMatchObject({ attendant_id: ana.id });

    anaWs.send({ type: 'typing', session_id: session });
    expect(await customer.next(ofType('typing'), 'typing')).toEqual({ type: 'typing', from: 'attendant', at: expect.any(String) });
    olgaWs.send({ type: 'typing', session_id: session, request_id: 'olga-typing' });
    expect(await olgaWs.next(ofType('error'), 'not_holder')).toMatchObject({ error: 'not_holder', request_id: 'olga-typing' });

    anaWs.send({ type: 'message', session_id: session, text: 'Hello, Ana here', request_id: 'msg-1' });
    expect(await anaWs.next(ofType('message_sent'), 'message_sent')).toEqual({
      type: 'message_sent', session_id: session, status: 'pending', request_id: 'msg-1',
    });
    expect(await customer.next((f) => f.type === 'message' && f.from === 'attendant', 'attendant message')).toMatchObject({ text: 'Hello, Ana here' });
    expect(await history(first.session_token)).toContainEqual(expect.objectContaining({ from: 'attendant', text: 'Hello, Ana here' }));

    await say('Thanks, I have a question', first.session_token);
    const message = { type: 'customer_message', session_id: session, channel: 'web', text: 'Thanks, I have a question', status: 'active' };
    expect(await anaWs.next(ofType('customer_message', session), 'customer_message')).toEqual(message);
    expect(await sueWs.next(ofType('customer_message', session), 'customer_message')).toEqual(message);

    anaWs.send({ type: 'command', text: '/resolve', session_id: session, request_id: 'resolve-1' });
    expect(await anaWs.next((f) => f.request_id === 'resolve-1', 'resolve result')).toMatchObject({ type: 'command_result', ok: true, session_id: session });
    const resolved = { type: 'conversation_resolved', session_id: session, attendant_id: ana.id };
    expect(await anaWs.next(ofType('conversation_resolved', session), 'conversation_resolved')).toEqual(resolved);
    expect(await sueWs.next(ofType('conversation_resolved', session), 'conversation_resolved')).toEqual(resolved);
    expect(olgaWs.frames.filter((f) => f.session_id === session && f.type !== 'error')).toEqual([]);

    const back = await say('hello again', first.session_token);
    expect(back.replies.length).toBeGreaterThan(0);
  });

  test('invalid frames are answered with invalid_frame; domain errors with their code', async () => {
    const ivy = await createUser('wsivy', ['attendant']);
    const ws = await console_(ivy.token);
    ws.send('not json');
    expect(await ws.next(ofType('error'), 'error')).toEqual({ type: 'error', error: 'invalid_frame', message: 'Frames are JSON text, nested at most 64 levels' });
    ws.send(`${'['.repeat(5_000)}${']'.repeat(5_000)}`); // deep, within the 16 KiB frame limit
    const secondError = (f: { type?: unknown }) => f.type === 'error' && ws.frames.filter((x) => x.type === 'error').length === 2;
    expect(await ws.next(secondError, 'second error')).toEqual({ type: 'error', error: 'invalid_frame', message: 'Frames are JSON text, nested at most 64 levels' });
    ws.send({ type: 'dance', request_id: 'd-1' });
    expect(await ws.next((f) => f.request_id === 'd-1', 'unknown type')).toMatchObject({ type: 'error', error: 'invalid_frame' });
    ws.send({ type: 'message', session_id: 'not-a-uuid', text: 'hi', request_id: 'm-1' });
    expect(await ws.next((f) => f.request_id === 'm-1', 'bad session id')).toMatchObject({ type: 'error', error: 'invalid_frame', message: expect.stringContaining('session_id') });
    ws.send({ type: 'command', text: '   ', request_id: 'c-1' });
    expect(await ws.next((f) => f.request_id === 'c-1', 'empty command')).toMatchObject({ type: 'error', error: 'invalid_frame' });
    ws.send({ type: 'message', session_id: '00000000-0000-4000-8000-000000000000', text: 'hi', request_id: 'm-2' });
    expect(await ws.next((f) => f.request_id === 'm-2', 'unknown session')).toMatchObject({ type: 'error', error: 'session_not_found' });
    ws.send({ type: 'command', text: '/dance', request_id: 'c-2' });
    expect(await ws.next((f) => f.request_id === 'c-2', 'unknown command')).toMatchObject({ type: 'command_result', ok: false, reply: expect.stringContaining('/help') });
    expect(ws.ws.readyState).toBe(WebSocket.OPEN);
  });

  test('a console is closed with 4401 when its token expires', async () => {
    // `exp` is in whole seconds: a 1-second token may have under a millisecond left when issued,
    // and be refused at connect instead; 3 leaves at least 2 s to open the console.
    const short = await startTestService({ JWT_TTL_SECONDS: '3' });
    try {
      const headers = await bearerFor(short.url, TEST_ADMIN.username, TEST_ADMIN.password);
      const token = headers.authorization.replace(/^Bearer /, '');
      const ws = connectFrameSocket(`${short.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
      await ws.opened;
      expect(await ws.closed).toEqual({ code: 4401, reason: 'token expired' });
    } finally {
      await short.dispose();
    }
  });

  test('stopping the service closes consoles with 1001', async () => {
    const ws = await console_((await createUser('wslast', ['supervisor'])).token);
    await service.stop();
    expect((await ws.closed).code).toBe(1001);
  });
});
