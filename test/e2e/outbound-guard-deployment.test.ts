import { createECDH, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { attendanceWebhookDeliveries, notificationPushSubscriptions } from '../../db/schema/index.js';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startConnectionCounter, type ConnectionCounter } from '../support/connection-counter.js';
import { notificationsClient, type Json, type TestUser } from '../support/notifications-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

// The deployment-wide half of the outbound door (docs/architecture.md, "Outbound requests"): without
// OUTBOUND_ALLOW_PRIVATE_NETWORKS, web push endpoints, notification webhooks and the chat-ops hook that
// point at loopback are refused. The target is a listener on 127.0.0.1 that counts connections: none may arrive.

const BASE = '/api/v1/notifications';
const SECRET = `whsec_${Buffer.from('attendance-webhook-secret-of-32-b').toString('base64')}`;
/** A browser's subscription keys: the payload is encrypted to them before any connection is tried. */
const KEYS = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };

let counter: ConnectionCounter;
let bots: TestBots;
let service: TestService;
let client: ReturnType<typeof notificationsClient>;
let admin: Json;
let ann: TestUser;
let sue: TestUser;
const log: string[] = [];

beforeAll(async () => {
  counter = await startConnectionCounter();
  bots = await createTestBots('sb-outbound-');
  // A name that resolves to loopback: only the check at the socket can refuse it.
  await bots.add('hooks', { 'attendance-chatops-webhook': `http://localhost:${counter.port}/x`, 'attendance-webhook-secret': SECRET });
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { log.push(chunk.toString()); done(); } });
  service = await startTestService({ BOTS_DIR: bots.dir }, { logger: createLogger({ level: 'warn', destination }) });
  client = notificationsClient(service.url);
  admin = await client.adminAuth();
  [ann, sue] = await Promise.all([client.createUser('ann'), client.createUser('sue', ['supervisor'])]);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await counter?.close();
});

async function eventually<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  return (await waitForValue(read, (value) => value !== undefined, { what, timeoutMs: 15_000, intervalMs: 25 }))!;
}

describe('web push', () => {
  test('a loopback endpoint is refused when subscribing (400 address_not_allowed)', async () => {
    const res = await client.call('POST', `${BASE}/push/subscriptions`, ann.headers, { endpoint: `https://127.0.0.1:${counter.port}/x`, keys: KEYS });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'address_not_allowed', message: expect.stringContaining('private or loopback') });
    const v6 = await client.call('POST', `${BASE}/push/subscriptions`, ann.headers, { endpoint: `https://[::ffff:127.0.0.1]:${counter.port}/x`, keys: KEYS });
    expect(v6.status).toBe(400);
  });

  test('a send to yourself on web never connects to a loopback endpoint: the delivery fails with address_not_allowed', async () => {
    // A name that resolves to loopback passes the subscription; a literal saved before the rule existed is in the table too.
    expect((await client.call('POST', `${BASE}/push/subscriptions`, ann.headers, { endpoint: `https://localhost:${counter.port}/x`, keys: KEYS })).status).toBe(201);
    await service.database.db.insert(notificationPushSubscriptions).values({ endpoint: `https://127.0.0.1:${counter.port}/old`, user_id: ann.id, ...KEYS });
    const sent = await client.call('POST', `${BASE}/send`, ann.headers, { recipients: [ann.id], title: 'hi', message: 'me', channels: ['web'] });
    expect(sent.status).toBe(202);
    const done = await client.until(sent.body.notification_id, ann.headers, (n) => n.status !== 'queued');
    expect(done.delivery_details[0]).toMatchObject({ channel: 'web', status: 'failed', reason: 'address_not_allowed' });
    expect(counter.connections).toBe(0);
  });
});

describe('notification webhooks', () => {
  test('only admins create them: a supervisor is 403, a loopback URL is 400', async () => {
    const body = { url: `http://127.0.0.1:${counter.port}/x`, events: ['notification.delivered'] };
    expect((await client.call('POST', `${BASE}/webhooks`, sue.headers, body)).status).toBe(403);
    const refused = await client.call('POST', `${BASE}/webhooks`, admin, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'address_not_allowed' });
  });

  test('a webhook whose host resolves to loopback is never connected to; the refusal is logged with its reason', async () => {
    const created = await client.call('POST', `${BASE}/webhooks`, admin, { url: `http://localhost:${counter.port}/x`, events: ['notification.delivered'] });
    expect(created.status).toBe(201);
    try {
      const sent = await client.call('POST', `${BASE}/send`, admin, { recipients: [ann.id], title: 'hook', message: 'me', channels: ['in_app'] });
      const line = await eventually('the webhook refusal logged', async () =>
        log.find((l) => l.includes('the outbound guard refused its address') && l.includes(created.body.id as string)));
      expect(JSON.parse(line)).toMatchObject({ webhook_id: created.body.id, reason: expect.stringContaining('private or loopback') });
      expect(sent.status).toBe(202);
      expect(counter.connections).toBe(0);
    } finally {
      await client.call('DELETE', `${BASE}/webhooks/${created.body.id}`, admin);
    }
  });
});

test('the chat-ops hook of a bot is refused the same way: the message fails with the refusal, nothing connected', async () => {
  const first = await sayOnWeb(service.url, 'hooks', 'hi');
  await sayOnWeb(service.url, 'hooks', 'I want a person', first.session_token);
  await service.eventsHandled();
  const row = await eventually('the chat-ops message settled', async () => {
    const rows = await service.database.db.select().from(attendanceWebhookDeliveries).where(eq(attendanceWebhookDeliveries.event, 'conversation.queued'));
    return rows.find((r) => r.status !== 'pending');
  });
  expect(row).toMatchObject({ status: 'failed', attempts: 1, last_status: null });
  expect(row.last_error).toMatch(/private or loopback/);
  expect(counter.connections).toBe(0);
});
