import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { connectFrameSocket, type Frame, type FrameSocket } from '../support/frame-socket.js';
import { createScratchDatabase, postgresUrlForTests } from '../support/postgres.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testDriversLabel } from '../support/drivers.js';

/**
 * Co-browse's relay across two instances sharing one PostgreSQL database and one Redis
 * (docs/attendance/co-browse.md): the visitor's widget socket is on A, the consoles on B. Only the
 * holder may ask; the page's frames reach only the attendant whose request the visitor accepted,
 * not a supervisor or another attendant, and nothing before consent or after the end.
 */
let a: TestService | undefined;
let b: TestService | undefined;
let scratch: { url: string; drop(): Promise<void> } | undefined;
let redisUrl: string | undefined;
const prefix = uniquePrefix('sbcob');
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

const wsBase = (service: TestService) => service.url.replace(/^http/, 'ws');
const isCobrowse = (f: Frame) => f.type.startsWith('cobrowse_') && f.type !== 'cobrowse_requested';

async function consoleOf(service: TestService, admin: Record<string, string>, username: string, roles: string[]): Promise<FrameSocket> {
  const created = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ username, email: `${username}@example.test`, password: 'password-for-tests', roles }),
  });
  expect(created.status).toBe(201);
  const token = (await bearerFor(service.url, username, 'password-for-tests')).authorization.replace(/^Bearer /, '');
  const socket = connectFrameSocket(`${wsBase(service)}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
  await socket.opened;
  return socket;
}

describe(`co-browse across two instances (${testDriversLabel()})`, () => {
  test('visitor on A, consoles on B: only the holder asks, and only they see the page, between consent and the end', async () => {
    const A = a!;
    const B = b!;
    const admin = await bearerFor(A.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const jane = await consoleOf(B, admin, 'jane', ['attendant']);
    const bob = await consoleOf(B, admin, 'bob', ['attendant']);
    const sue = await consoleOf(B, admin, 'sue', ['supervisor']);
    jane.send({ type: 'command', text: '/status online', request_id: 'status' });
    expect(await jane.next((f) => f.request_id === 'status', '/status')).toMatchObject({ ok: true });

    const first = await sayOnWeb(A.url, 'default', 'hi');
    const session = first.session_id;
    const visitor = connectFrameSocket(`${wsBase(A)}/ws/web?session_token=${encodeURIComponent(first.session_token)}`, sockets);
    await visitor.opened;
    await sayOnWeb(A.url, 'default', 'Can I talk to a human, please?', first.session_token);
    await jane.next((f) => f.type === 'new_conversation' && f.session_id === session, 'new_conversation');
    jane.send({ type: 'command', text: '/take', session_id: session, request_id: 'take' });
    expect(await jane.next((f) => f.request_id === 'take', '/take')).toMatchObject({ ok: true });

    // Only the holder asks: another attendant and a supervisor who does not hold it are refused.
    bob.send({ type: 'cobrowse_request', session_id: session, request_id: 'bob' });
    expect(await bob.next((f) => f.request_id === 'bob', 'refusal')).toMatchObject({ type: 'error', error: 'not_holder' });
    sue.send({ type: 'cobrowse_request', session_id: session, request_id: 'sue' });
    expect(await sue.next((f) => f.request_id === 'sue', 'refusal')).toMatchObject({ type: 'error', error: 'not_holder' });

    jane.send({ type: 'cobrowse_request', session_id: session, request_id: 'ask' });
    const asked = await jane.next((f) => f.request_id === 'ask', 'cobrowse_requested');
    expect(asked).toMatchObject({ type: 'cobrowse_requested', session_id: session });
    const id = String(asked.cobrowse_id);
    expect(await visitor.next((f) => f.type === 'cobrowse_request', 'the prompt on A')).toEqual({ type: 'cobrowse_request', cobrowse_id: id, attendant: 'jane' });

    // The page's events before consent go nowhere; after it, to Jane on the other instance.
    const events = (seq: number, data: string) => ({ type: 'cobrowse_events', cobrowse_id: id, seq, part: 0, parts: 1, data });
    visitor.send(events(0, '["before consent"]'));
    visitor.send({ type: 'cobrowse_accept', cobrowse_id: id });
    expect(await jane.next((f) => f.type === 'cobrowse_started', 'cobrowse_started')).toMatchObject({ session_id: session, cobrowse_id: id });
    visitor.send(events(0, '["the page"]'));
    expect(await jane.next((f) => f.type === 'cobrowse_events', 'cobrowse_events')).toEqual({
      type: 'cobrowse_events', session_id: session, cobrowse_id: id, seq: 0, part: 0, parts: 1, data: '["the page"]',
    });

    // Jane points: the page on A hears of it. Bob's pointer is refused.
    jane.send({ type: 'cobrowse_pointer', session_id: session, cobrowse_id: id, x: 120, y: 640 });
    expect(await visitor.next((f) => f.type === 'cobrowse_pointer', 'the pointer on A')).toEqual({ type: 'cobrowse_pointer', cobrowse_id: id, x: 120, y: 640 });
    bob.send({ type: 'cobrowse_pointer', session_id: session, cobrowse_id: id, x: 1, y: 1, request_id: 'bob-point' });
    expect(await bob.next((f) => f.request_id === 'bob-point', 'refusal')).toMatchObject({ type: 'error', error: 'not_holder' });

    // Jane stops it: the page is told, and what it sends afterwards goes nowhere.
    jane.send({ type: 'cobrowse_end', session_id: session, cobrowse_id: id });
    expect(await visitor.next((f) => f.type === 'cobrowse_ended', 'the end on A')).toEqual({ type: 'cobrowse_ended', cobrowse_id: id, by: 'attendant' });
    visitor.send(events(1, '["after the end"]'));
    // A marker after it on the same socket: a new request, declined.
    jane.send({ type: 'cobrowse_request', session_id: session, request_id: 'again' });
    const again = String((await jane.next((f) => f.request_id === 'again', 'cobrowse_requested')).cobrowse_id);
    await visitor.next((f) => f.type === 'cobrowse_request' && f.cobrowse_id === again, 'the second prompt');
    visitor.send({ type: 'cobrowse_decline', cobrowse_id: again });
    await jane.next((f) => f.type === 'cobrowse_declined' && f.cobrowse_id === again, 'cobrowse_declined');

    expect(jane.frames.filter(isCobrowse).map((f) => f.type)).toEqual(['cobrowse_started', 'cobrowse_events', 'cobrowse_ended', 'cobrowse_declined']);
    expect(JSON.stringify(jane.frames)).not.toContain('before consent');
    expect(JSON.stringify(jane.frames)).not.toContain('after the end');
    expect(bob.frames.filter(isCobrowse)).toEqual([]);
    expect(sue.frames.filter(isCobrowse)).toEqual([]);
  });
});
