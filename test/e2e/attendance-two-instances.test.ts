import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { queueIdNamed } from '../support/attendance-kit.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { createScratchDatabase, postgresUrlForTests } from '../support/postgres.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testDriversLabel } from '../support/drivers.js';

/**
 * An attendance journey on two instances sharing one PostgreSQL database and one Redis: the
 * customer talks to instance A, the attendant's console is connected to instance B.
 */
interface Answer { session_id: string; session_token: string; replies: { text: string }[] }

let a: TestService | undefined;
let b: TestService | undefined;
let scratch: { url: string; drop(): Promise<void> } | undefined;
let redisUrl: string | undefined;
const prefix = uniquePrefix('sbtwo');
const sockets: WebSocket[] = [];

beforeAll(async () => {
  const serverUrl = await postgresUrlForTests();
  redisUrl = redisUrlForTests();
  if (!serverUrl || !redisUrl) {
    throw new Error('This journey needs the local PostgreSQL and Redis (DATABASE_URL / REDIS_URL, or 127.0.0.1:5432 and :6379); neither may be missing here or in CI');
  }
  scratch = await createScratchDatabase(serverUrl);
  const env = { DATABASE_URL: scratch.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: randomBytes(32).toString('hex') };
  a = await startTestService(env); // one after the other: the first one migrates the shared database
  b = await startTestService(env);
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await b?.dispose();
  await a?.dispose();
  await scratch?.drop();
  if (redisUrl) await deleteRedisKeys(redisUrl, prefix);
});

const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });

const say = (base: string, text: string, token?: string): Promise<Answer> => sayOnWeb(base, 'default', text, token);


const wsBase = (service: TestService) => service.url.replace(/^http/, 'ws');
const connect = (url: string) => connectFrameSocket(url, sockets);

describe(`attendance across two instances (${testDriversLabel()})`, () => {
  test('customer on A → keyword transfer → console on B is told → /take → reply reaches the customer on A → /resolve → the bot answers again', async () => {
    const A = a!;
    const B = b!;
    const admin = await bearerFor(A.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const created = await fetch(`${A.url}/api/users`, {
      method: 'POST', headers: json(admin),
      body: JSON.stringify({ username: 'jane', email: 'jane@example.test', password: 'password-for-tests', roles: ['attendant'] }),
    });
    expect(created.status).toBe(201);
    const jane = (await created.json()) as { id: string };
    // Jane logs in and connects to B only.
    const token = (await bearerFor(B.url, 'jane', 'password-for-tests')).authorization.replace(/^Bearer /, '');
    const console_ = connect(`${wsBase(B)}/ws/attendance?token=${encodeURIComponent(token)}`);
    await console_.opened;
    console_.send({ type: 'command', text: '/status online', request_id: 'status' });
    expect(await console_.next((f) => f.request_id === 'status', '/status')).toMatchObject({ type: 'command_result', ok: true });

    // The customer talks to A, and listens on A's web socket.
    const first = await say(A.url, 'hi');
    const session = first.session_id;
    const customer = connect(`${wsBase(A)}/ws/web?session_token=${encodeURIComponent(first.session_token)}`);
    await customer.opened;
    await say(A.url, 'Can I talk to a human, please?', first.session_token);

    expect(await console_.next((f) => f.type === 'new_conversation' && f.session_id === session, 'new_conversation')).toEqual({
      type: 'new_conversation', session_id: session, channel: 'web', customer: { name: expect.any(String), phone: null },
      message: 'Can I talk to a human, please?', priority: 1, queue_id: await queueIdNamed(A.url, admin, 'support'), required_skills: [],
    });

    console_.send({ type: 'command', text: '/take', request_id: 'take' });
    expect(await console_.next((f) => f.request_id === 'take', '/take')).toMatchObject({ type: 'command_result', ok: true, session_id: session });

    console_.send({ type: 'message', session_id: session, text: 'Hi, this is Jane from support.', request_id: 'reply' });
    expect(await console_.next((f) => f.request_id === 'reply', 'message_sent')).toEqual({
      type: 'message_sent', session_id: session, status: 'pending', request_id: 'reply',
    });
    expect(await customer.next((f) => f.type === 'message' && f.from === 'attendant', 'reply on A')).toMatchObject({ text: 'Hi, this is Jane from support.' });
    const history = await fetch(`${A.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(first.session_token)}`);
    expect(((await history.json()) as { messages: unknown[] }).messages)
      .toContainEqual(expect.objectContaining({ from: 'attendant', text: 'Hi, this is Jane from support.' }));

    await say(A.url, 'My order is late', first.session_token);
    expect(await console_.next((f) => f.type === 'customer_message' && f.session_id === session, 'customer_message')).toMatchObject({
      text: 'My order is late', status: 'active',
    });

    console_.send({ type: 'command', text: '/resolve', request_id: 'resolve' });
    expect(await console_.next((f) => f.request_id === 'resolve', '/resolve')).toMatchObject({ type: 'command_result', ok: true, session_id: session });
    expect(await console_.next((f) => f.type === 'conversation_resolved', 'conversation_resolved')).toEqual({
      type: 'conversation_resolved', session_id: session, attendant_id: jane.id,
    });

    const after = await say(A.url, 'hello again', first.session_token);
    expect(after.replies.length).toBeGreaterThan(0);
    const debug = await fetch(`${B.url}/api/session/${session}`, { headers: admin });
    expect(await debug.json()).toMatchObject({ id: session, needs_human: false });
  });
});
