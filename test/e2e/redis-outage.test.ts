import { and, count, eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { inboundQueue, outbox } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { startScratchRedis, type ScratchRedis } from '../support/scratch-redis.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

/**
 * Redis killed under traffic (docs/operations/high-availability.md, "Faults"): the service runs on
 * a Redis of the test's own, which is killed and then started again, empty, on the same port.
 * Every request made while it is down must be answered before it is back (the test awaits each
 * answer and only then restarts it: a request that waited for Redis would never be answered), and
 * after its return the work those requests committed is done exactly once: the handoff reaches
 * the attendant's console, the queued SMS is answered and delivered, a notification accepted during the outage is delivered,
 * nothing is lost or doubled.
 */
const PUBLIC_URL = 'https://sms.example.test';
const AUTH_TOKEN = 'twilio-auth-token-1';
const SHOP = '+15550001111';
const CUSTOMER_SMS = '+15557770001';

let redis: ScratchRedis;
let twilio: FakeTwilio;
let bots: TestBots;
let service: TestService;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  redis = await startScratchRedis();
  twilio = await startFakeTwilio();
  bots = await createTestBots();
  await bots.add('shop', {
    'attendance-transfer-keywords': 'human', 'sms-account-sid': 'ACshop', 'sms-auth-token': AUTH_TOKEN, 'sms-from': SHOP, 'sms-api-url': twilio.url,
    'http-allow-private-networks': 'true', // the fake Twilio is on loopback (docs/architecture.md, "Outbound requests")
  }, 'TALK "Hello from the shop."\n');
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL, REDIS_URL: redis.url });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await redis?.stop();
  await twilio?.close();
  await bots?.remove();
});

const json = (headers: Record<string, string>) => ({ 'content-type': 'application/json', ...headers });
const say = (text: string, token?: string) => sayOnWeb(service.url, 'shop', text, token);
const transcript = async (token: string) => {
  const res = await fetch(`${service.url}/api/channels/web/shop/messages?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: { from: string; text: string }[] }).messages;
};
const textShop = (body: string) => {
  const path = '/webhooks/sms/shop';
  const fields = twilioInbound(CUSTOMER_SMS, SHOP, body, { MessageSid: 'SMoutage0001' });
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, fields) },
    body: new URLSearchParams(fields).toString(),
  });
};

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => waitForValue(read, done, { timeoutMs: 30_000, intervalMs: 50 });

describe(`Redis killed and restarted under traffic (${testDriversLabel()})`, () => {
  test('answers everything while Redis is down; after its return the handoff, the queued SMS and its delivery happen once each', async () => {
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const created = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: json(admin),
      body: JSON.stringify({ username: 'jane', email: 'jane@example.test', password: 'password-for-tests', roles: ['attendant'] }),
    });
    expect(created.status).toBe(201);
    const janeId = ((await created.json()) as { id: string }).id;
    const token = (await bearerFor(service.url, 'jane', 'password-for-tests')).authorization.replace(/^Bearer /, '');
    const console_ = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
    await console_.opened;
    console_.send({ type: 'command', text: '/status online', request_id: 'status' });
    expect(await console_.next((f) => f.request_id === 'status', '/status')).toMatchObject({ ok: true });

    // Before the outage: customer B is handed over and Jane takes the conversation; customer A says hello.
    const b = await say('hi');
    await say('a human please', b.session_token);
    await console_.next((f) => f.type === 'new_conversation' && f.session_id === b.session_id, 'new_conversation of B', 20_000);
    console_.send({ type: 'command', text: '/take', request_id: 'take' });
    expect(await console_.next((f) => f.request_id === 'take', '/take')).toMatchObject({ ok: true, session_id: b.session_id });
    const a = await say('hello');

    await redis.kill();

    // While Redis is down: every request below is answered (each is awaited before the restart).
    const outageTexts = ['one', 'two', 'three', 'four', 'five'];
    for (const text of outageTexts) expect((await say(text, a.session_token)).replies).toEqual([expect.objectContaining({ text: 'Hello from the shop.' })]);
    const c = await say('hi');
    const handoff = await say('can I talk to a human', c.session_token);
    expect(handoff.replies.length).toBeGreaterThan(0);
    console_.send({ type: 'message', session_id: b.session_id, text: 'Jane here, during the outage.', request_id: 'reply' });
    expect(await console_.next((f) => f.request_id === 'reply', 'message_sent')).toMatchObject({ type: 'message_sent', session_id: b.session_id });
    expect((await textShop('hello shop')).status).toBe(200);
    // A notification is stored and accepted; its delivery waits for Redis (notifications' recovery).
    const notice = await fetch(`${service.url}/api/v1/notifications/send`, {
      method: 'POST', headers: json(admin), body: JSON.stringify({ recipients: [janeId], title: 'Outage', message: 'sent while Redis was away', channels: ['in_app'] }),
    });
    expect(notice.status).toBe(202);
    const { notification_id: noticeId } = (await notice.json()) as { notification_id: string };
    // Readiness stays 200 and says what is missing.
    const ready = await until(async () => {
      const res = await fetch(`${service.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string; failed?: string[] } };
    }, (r) => r.body.status !== 'ok');
    expect(ready).toEqual({ status: 200, body: expect.objectContaining({ status: 'degraded', failed: ['redis'] }) });
    expect(redis.running).toBe(false); // all of the above was answered before Redis came back

    await redis.restart();

    // After the return: the handoff made during the outage reaches the console, once.
    await console_.next((f) => f.type === 'new_conversation' && f.session_id === c.session_id, 'new_conversation of C', 20_000);
    // The SMS accepted during the outage is run and its answer delivered.
    await twilio.waitFor((sent) => sent.some((m) => m.To === CUSTOMER_SMS), 'the SMS reply');
    const db = service.database.db;
    await until(async () => (await db.select({ n: count() }).from(outbox).where(eq(outbox.state, 'pending')))[0]!.n, (n) => n === 0);
    await service.eventsHandled();
    const delivered = await until(async () => {
      const res = await fetch(`${service.url}/api/v1/notifications/${noticeId}`, { headers: admin });
      return (await res.json()) as { status: string };
    }, (n) => n.status !== 'queued');
    expect(delivered).toMatchObject({ status: 'delivered' });
    await until(() => fetch(`${service.url}/readyz`).then((res) => res.json() as Promise<{ status: string }>), (body) => body.status === 'ok');

    // 0 lost, 0 doubled.
    expect(console_.frames.filter((f) => f.type === 'new_conversation' && f.session_id === c.session_id)).toHaveLength(1);
    expect(twilio.sent.filter((m) => m.To === CUSTOMER_SMS).map((m) => m.Body)).toEqual(['Hello from the shop.']);
    expect((await db.select({ n: count() }).from(inboundQueue).where(and(eq(inboundQueue.bot, 'shop'), eq(inboundQueue.state, 'pending'))))[0]!.n).toBe(0);
    const ofA = await transcript(a.session_token);
    for (const text of outageTexts) expect(ofA.filter((m) => m.from === 'customer' && m.text === text)).toHaveLength(1);
    expect(ofA.filter((m) => m.from === 'bot')).toHaveLength(outageTexts.length + 1);
    expect((await transcript(b.session_token)).filter((m) => m.text === 'Jane here, during the outage.')).toHaveLength(1);
  });
});
