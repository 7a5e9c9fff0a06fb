import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebSocket } from 'ws';
import { connectFrameSocket } from '../support/frame-socket.js';
import { notificationsClient, type Json, type TestUser } from '../support/notifications-client.js';
import { startPushService } from '../support/push-service.js';
import { startTestService, type TestService } from '../support/service.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { waitForValue } from '../support/wait-for.js';

const BASE = '/api/v1/notifications';
let smtp: TestSmtpServer;
let push: Awaited<ReturnType<typeof startPushService>>;
let caDir: string;
let service: TestService;
let client: ReturnType<typeof notificationsClient>;
let alice: TestUser;
let bob: TestUser;
let sue: TestUser;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  push = await startPushService();
  caDir = await mkdtemp(path.join(os.tmpdir(), 'sb-push-ca-'));
  await writeFile(path.join(caDir, 'ca.pem'), push.cert);
  // The push service and the webhook receivers listen on 127.0.0.1 (docs/architecture.md, "Outbound requests").
  service = await startTestService({
    SMTP_URL: smtp.url, MAIL_FROM: 'Switchboard <notify@example.test>', WEB_PUSH_CA_FILE: path.join(caDir, 'ca.pem'), OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  client = notificationsClient(service.url);
  [alice, bob, sue] = await Promise.all([client.createUser('alice'), client.createUser('bob', ['attendant']), client.createUser('sue', ['supervisor'])]);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await smtp?.close();
  await push?.close();
  await rm(caDir, { recursive: true, force: true });
});

const send = async (auth: Json, body: Json, headers: Record<string, string> = {}) => client.call('POST', `${BASE}/send`, auth, body, headers);
const delivered = (n: Json) => n.status !== 'queued';

describe('send', () => {
  it('refuses requests without a bearer token', async () => {
    for (const [method, path] of [['POST', `${BASE}/send`], ['GET', BASE], ['GET', `${BASE}/notifications/x`], ['PATCH', `${BASE}/x/read`]] as const) {
      expect((await client.call(method, path, {}, method === 'POST' ? {} : undefined)).status).toBe(401);
    }
  });

  it('answers 400 invalid_recipients listing the unknown ones', async () => {
    const res = await send(await client.adminAuth(), { recipients: [alice.id, 'nobody', '00000000-0000-4000-8000-000000000000'], title: 't', message: 'm' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_recipients', invalid_recipients: ['nobody', '00000000-0000-4000-8000-000000000000'] });
    expect(res.body.message).toContain('nobody');
  });

  it('queues in_app and email, then records each delivery with delivered_at; the email reaches the SMTP server', async () => {
    const res = await send(await client.adminAuth(), {
      recipients: [alice.id, bob.id], title: 'Maintenance', message: '<b>Tonight</b> at 22:00', priority: 'high',
      channels: ['in_app', 'email'], data: { action: 'open', url: '/status' },
      channel_options: { email: { html: true, reply_to: 'ops@example.test', attachments: [{ filename: 'plan.txt', content: Buffer.from('the plan').toString('base64'), content_type: 'text/plain' }] }, in_app: { category: 'ops' } },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ recipients_count: 2, status: 'queued', delivery: { in_app: 'pending', email: 'pending' } });
    expect(res.body.notification_id).toMatch(/^ntf_/);
    const done = await client.until(res.body.notification_id, await client.adminAuth(), delivered);
    expect(done).toMatchObject({ status: 'delivered', delivery: { in_app: 'delivered', email: 'delivered' }, priority: 'high' });
    expect(done.delivery_details).toHaveLength(4);
    for (const d of done.delivery_details) expect(d).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) });
    const mail = await smtp.waitFor((m) => m.to.includes(alice.email) && m.subject === 'Maintenance');
    expect(mail.html).toContain('<b>Tonight</b>');
    expect(mail.parsed.replyTo?.text).toContain('ops@example.test');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['plan.txt', 'the plan']]);
  });

  it('fails channels without configuration with channel_not_configured instead of skipping them', async () => {
    const res = await send(await client.adminAuth(), { recipients: [alice.id], title: 'x', message: 'y', channels: ['sms', 'push', 'in_app'] });
    const done = await client.until(res.body.notification_id, await client.adminAuth(), delivered);
    expect(done.delivery).toEqual({ sms: 'failed', push: 'failed', in_app: 'delivered' });
    const reasons = Object.fromEntries(done.delivery_details.map((d: Json) => [d.channel, d.reason]));
    expect(reasons).toEqual({ sms: 'channel_not_configured', push: 'channel_not_configured', in_app: null });
    expect(done.status).toBe('partially_delivered');
  });

  it('is delivered only when every requested channel delivered: 3 of 5 failing is partially_delivered, with each channel\'s result', async () => {
    // alice has no browser subscription (web) and sms and push have no provider here; in_app and email deliver.
    const res = await send(await client.adminAuth(), { recipients: [alice.id], title: 'five ways', message: 'y', channels: ['in_app', 'email', 'web', 'sms', 'push'] });
    const done = await client.until(res.body.notification_id, await client.adminAuth(), delivered);
    expect(done.status).toBe('partially_delivered');
    expect(done.delivery).toEqual({ in_app: 'delivered', email: 'delivered', web: 'failed', sms: 'failed', push: 'failed' });
    const reasons = Object.fromEntries(done.delivery_details.map((d: Json) => [d.channel, [d.status, d.reason]]));
    expect(reasons).toEqual({
      in_app: ['delivered', null], email: ['delivered', null], web: ['failed', 'no_push_subscription'],
      sms: ['failed', 'channel_not_configured'], push: ['failed', 'channel_not_configured'],
    });
    const listed = await client.call('GET', `${BASE}?status=partially_delivered`, alice.headers);
    expect(listed.body.notifications.map((n: Json) => n.notification_id)).toContain(res.body.notification_id);
  });

  it('fails everything when nothing could be delivered', async () => {
    const res = await send(await client.adminAuth(), { recipients: [alice.id], title: 'x', message: 'y', channels: ['sms'] });
    expect((await client.until(res.body.notification_id, await client.adminAuth(), delivered)).status).toBe('failed');
  });

  it('expires deliveries whose expires_at has passed', async () => {
    const res = await send(await client.adminAuth(), { recipients: [alice.id], title: 'late', message: 'y', expires_at: new Date(Date.now() - 1000).toISOString() });
    const done = await client.until(res.body.notification_id, await client.adminAuth(), delivered);
    expect(done).toMatchObject({ status: 'expired', delivery: { in_app: 'expired' } });
    expect(done.delivery_details[0]).toMatchObject({ status: 'expired', reason: 'expired' });
  });

  it('lets admins and supervisors send to anyone, other users only to themselves', async () => {
    expect((await send(sue.headers, { recipients: [alice.id], title: 'from sue', message: 'm' })).status).toBe(202);
    expect((await send(alice.headers, { recipients: [alice.id], title: 'note to self', message: 'm' })).status).toBe(202);
    const refused = await send(alice.headers, { recipients: [bob.id], title: 'x', message: 'm' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
  });

  it('answers a repeated Idempotency-Key with the first notification', async () => {
    const body = { recipients: [bob.id], title: 'once', message: 'm' };
    const first = await send(await client.adminAuth(), body, { 'idempotency-key': 'key-1' });
    const again = await send(await client.adminAuth(), body, { 'idempotency-key': 'key-1' });
    expect(again.body.notification_id).toBe(first.body.notification_id);
  });

  it('validates the request with zod', async () => {
    const res = await send(await client.adminAuth(), { recipients: [], title: '', message: 'm', channels: ['fax'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('inbox', () => {
  it('pushes in_app notifications live with the unread count', async () => {
    const gina = await client.createUser('gina');
    await send(await client.adminAuth(), { recipients: [gina.id], title: 'Earlier', message: 'm' }).then((r) => client.until(r.body.notification_id, gina.headers, delivered));
    const token = gina.headers.authorization.slice('Bearer '.length);
    const socket = connectFrameSocket(`${service.url.replace('http', 'ws')}/ws/notifications?token=${token}`, sockets);
    const ready = await socket.next((f) => f.type === 'ready', 'ready');
    expect(ready.unread_count).toBe(1);
    const res = await send(await client.adminAuth(), { recipients: [gina.id], title: 'Live one', message: 'hello', channel_options: { in_app: { category: 'chat', persist: false } } });
    const frame = await socket.next((f) => f.type === 'notification', 'notification');
    expect(frame.notification).toMatchObject({ notification_id: res.body.notification_id, title: 'Live one', category: 'chat', persist: false });
    expect(frame.unread_count).toBe(2);
  });

  it('closes a socket with a bad token (4401)', async () => {
    const socket = connectFrameSocket(`${service.url.replace('http', 'ws')}/ws/notifications?token=nope`, sockets);
    expect((await socket.closed).code).toBe(4401);
  });

  it('marks read, deletes from the reader\'s inbox only, and hides it from other users (404), on both path forms', async () => {
    const res = await send(await client.adminAuth(), { recipients: [alice.id, bob.id], title: 'Shared', message: 'm' });
    const id = res.body.notification_id as string;
    await client.until(id, await client.adminAuth(), delivered);
    expect((await client.call('GET', `${BASE}/notifications/${id}`, sue.headers)).status).toBe(200); // supervisors oversee
    const outsider = await client.createUser('carol');
    for (const path of [`${BASE}/${id}`, `${BASE}/notifications/${id}`]) {
      expect((await client.call('GET', path, outsider.headers)).status).toBe(404);
      expect((await client.call('PATCH', `${path}/read`, outsider.headers)).status).toBe(404);
      expect((await client.call('DELETE', path, outsider.headers)).status).toBe(404);
    }
    const read = await client.call('PATCH', `${BASE}/notifications/${id}/read`, alice.headers);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ notification_id: id, marked_as_read: true, read_at: expect.any(String) });
    const again = await client.call('PATCH', `${BASE}/${id}/read`, alice.headers);
    expect(again.body.read_at).toBe(read.body.read_at);
    const mine = await client.call('GET', `${BASE}/${id}`, alice.headers);
    expect(mine.body).toMatchObject({ marked_as_read: true, read_at: read.body.read_at });
    expect(mine.body.delivery_details.every((d: Json) => d.recipient === alice.id)).toBe(true);

    const deleted = await client.call('DELETE', `${BASE}/notifications/${id}`, alice.headers);
    expect(deleted.body).toEqual({ deleted: true, notification_id: id });
    expect((await client.call('GET', `${BASE}/${id}`, alice.headers)).status).toBe(404);
    expect((await client.call('DELETE', `${BASE}/${id}`, alice.headers)).status).toBe(404);
    expect((await client.call('GET', `${BASE}/${id}`, bob.headers)).body.marked_as_read).toBe(false);
  });

  it('lists what the caller received or sent, paged and filtered', async () => {
    const dave = await client.createUser('dave');
    const before = new Date(Date.now() - 1000).toISOString();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      ids.push((await send(await client.adminAuth(), { recipients: [dave.id], title, message: 'm', channels: title === 'three' ? ['email'] : ['in_app'] })).body.notification_id);
    }
    for (const id of ids) await client.until(id, await client.adminAuth(), delivered);
    const page = await client.call('GET', `${BASE}/notifications?page=1&limit=2`, dave.headers);
    expect(page.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.body.notifications.map((n: Json) => n.title)).toEqual(['three', 'two']);
    expect(page.body.notifications[0]).toEqual({ notification_id: ids[2], title: 'three', status: 'delivered', created_at: expect.any(String), recipients_count: 1 });
    const second = await client.call('GET', `${BASE}?page=2&limit=2`, dave.headers);
    expect(second.body.notifications.map((n: Json) => n.title)).toEqual(['one']);
    expect((await client.call('GET', `${BASE}?channel=email`, dave.headers)).body.total).toBe(1);
    expect((await client.call('GET', `${BASE}?status=failed`, dave.headers)).body.total).toBe(0);
    expect((await client.call('GET', `${BASE}?start_date=${encodeURIComponent(before)}&end_date=${encodeURIComponent(before)}`, dave.headers)).body.total).toBe(0);
    expect((await client.call('GET', `${BASE}?limit=500`, dave.headers)).status).toBe(400);
  });
});

describe('preferences', () => {
  it('answers the defaults, then takes any subset and answers the whole object', async () => {
    // Its own user: the quiet hours it turns on (22:00–07:00 UTC) would defer later tests' pushes at night.
    const pat = await client.createUser('pat', ['attendant']);
    const path = `${BASE}/users/${pat.id}/preferences`;
    const initial = await client.call('GET', path, pat.headers);
    expect(initial.body).toEqual({
      user_id: pat.id,
      preferences: {
        timezone: 'UTC',
        email: { enabled: true, frequency: 'immediate', digest_time: '09:00' },
        push: { enabled: true, quiet_hours: { enabled: false, start: '22:00', end: '07:00' } },
        sms: { enabled: true, phone: null },
        categories: { system: true, marketing: true, updates: true },
      },
    });
    const patched = await client.call('PATCH', path, pat.headers, { preferences: { push: { quiet_hours: { enabled: true } }, categories: { marketing: false } } });
    expect(patched.body.preferences).toMatchObject({ push: { enabled: true, quiet_hours: { enabled: true, start: '22:00', end: '07:00' } }, categories: { system: true, marketing: false } });
    expect((await client.call('GET', path, pat.headers)).body).toEqual(patched.body);
    expect((await client.call('PATCH', path, pat.headers, { sms: { enabled: 'no' } })).status).toBe(400);
    expect((await client.call('PATCH', path, pat.headers, { timezone: 'Mars/Olympus' })).status).toBe(400);
    expect((await client.call('GET', path, alice.headers)).status).toBe(403);
    expect((await client.call('GET', path, sue.headers)).status).toBe(200);
    expect((await client.call('GET', `${BASE}/users/nobody/preferences`, await client.adminAuth())).status).toBe(404);
  });

  it('fails a disabled channel or category; system notifications requiring acknowledgment pass categories', async () => {
    const erin = await client.createUser('erin');
    await client.call('PATCH', `${BASE}/users/${erin.id}/preferences`, erin.headers, { email: { enabled: false }, categories: { marketing: false } });
    const admin = await client.adminAuth();
    const email = await send(admin, { recipients: [erin.id], title: 'x', message: 'm', channels: ['email', 'in_app'] });
    const doneEmail = await client.until(email.body.notification_id, admin, delivered);
    expect(doneEmail.delivery_details.find((d: Json) => d.channel === 'email')).toMatchObject({ status: 'failed', reason: 'channel_disabled_by_user' });
    const promo = await send(admin, { recipients: [erin.id], title: 'Sale', message: 'm', channels: ['web'], category: 'marketing' });
    expect((await client.until(promo.body.notification_id, admin, delivered)).delivery_details[0]).toMatchObject({ status: 'failed', reason: 'category_disabled_by_user' });
    const urgent = await send(admin, { recipients: [erin.id], title: 'Urgent', message: 'm', channels: ['sms'], category: 'marketing', type: 'system', require_acknowledgment: true });
    expect((await client.until(urgent.body.notification_id, admin, delivered)).delivery_details[0]).toMatchObject({ status: 'failed', reason: 'channel_not_configured' });
  });

  it('defers push and sms during quiet hours to the end of the window (not dropped); in_app goes now', async () => {
    const fred = await client.createUser('fred');
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const now = Date.now();
    const start = hhmm(new Date(now - 3600_000));
    const end = hhmm(new Date(now + 3600_000));
    await client.call('PATCH', `${BASE}/users/${fred.id}/preferences`, fred.headers, { push: { quiet_hours: { enabled: true, start, end } } });
    const admin = await client.adminAuth();
    const res = await send(admin, { recipients: [fred.id], title: 'later', message: 'm', channels: ['sms', 'push', 'in_app'] });
    const waiting = await client.until(res.body.notification_id, admin, (n) => n.delivery.in_app === 'delivered' && n.delivery_details.every((d: Json) => d.status !== 'pending' || d.deliver_after));
    expect(waiting.status).toBe('queued');
    for (const channel of ['sms', 'push']) {
      const row = waiting.delivery_details.find((d: Json) => d.channel === channel);
      expect(row.status).toBe('pending');
      expect(row.deliver_after.slice(11, 16)).toBe(end);
    }
  });
});

describe('templates', () => {
  it('requires declared variables, refuses undeclared ones and renders per recipient', async () => {
    const admin = await client.adminAuth();
    const bad = await client.call('POST', `${BASE}/templates`, admin, { name: 'bad', title: 'Hi {{name}}', body: '{{order}} shipped', channels: ['in_app'], variables: ['name'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('order');
    const created = await client.call('POST', `${BASE}/templates`, admin, { name: 'shipped', title: 'Hi {{name}}', body: 'Order {{order}} shipped', channels: ['in_app', 'email'], variables: ['name', 'order'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'shipped', channels: ['in_app', 'email'], variables: ['name', 'order'] });
    expect((await client.call('POST', `${BASE}/templates`, admin, { name: 'shipped', title: 't', body: 'b', channels: ['in_app'] })).status).toBe(409);

    const missing = await client.call('POST', `${BASE}/send/template`, admin, { template: 'shipped', recipients: [alice.id], variables: { name: 'A' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'missing_variables' });
    expect(missing.body.message).toContain('order');
    const extra = await client.call('POST', `${BASE}/send/template`, admin, { template: 'shipped', recipients: [alice.id], variables: { name: 'A', order: '1', coupon: 'x' } });
    expect(extra.body).toMatchObject({ error: 'undeclared_variables' });
    expect(extra.body.message).toContain('coupon');
    expect((await client.call('POST', `${BASE}/send/template`, admin, { template: 'nope', recipients: [alice.id] })).status).toBe(404);

    const sent = await client.call('POST', `${BASE}/send/template`, admin, {
      template: 'shipped', recipients: [alice.id, bob.id], variables: { order: '#42' },
      recipient_variables: { [alice.id]: { name: 'Alice' }, [bob.id]: { name: 'Bob' } },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.delivery).toEqual({ in_app: 'pending', email: 'pending' });
    await client.until(sent.body.notification_id, admin, delivered);
    expect((await client.call('GET', `${BASE}/${sent.body.notification_id}`, bob.headers)).body).toMatchObject({ title: 'Hi Bob', message: 'Order #42 shipped' });
    await smtp.waitFor((m) => m.to.includes(alice.email) && m.subject === 'Hi Alice' && m.text.includes('Order #42 shipped'));
  });
});

describe('web push', () => {
  it('signs with the VAPID key from the data folder and encrypts the payload (aes128gcm) for each subscription', async () => {
    const key = await client.call('GET', `${BASE}/push/vapid-public-key`, alice.headers);
    expect(key.body.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const subscription = push.subscribe();
    expect((await client.call('POST', `${BASE}/push/subscriptions`, alice.headers, subscription)).status).toBe(201);
    const admin = await client.adminAuth();
    const res = await send(admin, {
      recipients: [alice.id], title: 'Pushed', message: 'to the browser', channels: ['web'], priority: 'high',
      channel_options: { web: { icon: 'https://example.test/icon.png', badge: 'https://example.test/badge.png', vibrate: [100, 50, 100], require_interaction: true } },
    });
    const done = await client.until(res.body.notification_id, admin, delivered);
    expect(done.delivery_details[0]).toMatchObject({ channel: 'web', status: 'delivered' });
    expect(push.rejected).toEqual([]);
    const got = push.received.find((p) => p.payload.notification_id === res.body.notification_id)!;
    expect(got.vapidKey).toBe(key.body.public_key);
    expect(got.claims).toMatchObject({ sub: 'mailto:admin@localhost', aud: new URL(subscription.endpoint).origin });
    expect(got.headers.urgency).toBe('high');
    expect(got.payload).toMatchObject({
      title: 'Pushed', body: 'to the browser', icon: 'https://example.test/icon.png', badge: 'https://example.test/badge.png', vibrate: [100, 50, 100], require_interaction: true,
    });
  });

  it('fails without a subscription, and drops subscriptions the push service says are gone', async () => {
    const admin = await client.adminAuth();
    const none = await send(admin, { recipients: [bob.id], title: 'x', message: 'y', channels: ['web'] });
    expect((await client.until(none.body.notification_id, admin, delivered)).delivery_details[0]).toMatchObject({ status: 'failed', reason: 'no_push_subscription' });
    const subscription = push.subscribe();
    await client.call('POST', `${BASE}/push/subscriptions`, bob.headers, subscription);
    push.expire(subscription.endpoint);
    const goneOne = await send(admin, { recipients: [bob.id], title: 'x', message: 'y', channels: ['web'] });
    expect((await client.until(goneOne.body.notification_id, admin, delivered)).delivery_details[0]).toMatchObject({ status: 'failed', reason: 'subscription_gone' });
    expect((await client.call('DELETE', `${BASE}/push/subscriptions`, bob.headers, { endpoint: subscription.endpoint })).status).toBe(404);
  });
});

describe('webhooks and click tracking', () => {
  /** A receiver that verifies every call with the endpoint's secret; `plan` answers statuses in turn, then 204. */
  async function receiver(plan: number[] = []) {
    const calls: { verified: Json; status: number }[] = [];
    let secret = '';
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = plan.shift() ?? 204;
        const verified = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as Json;
        calls.push({ verified, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      calls,
      setSecret: (s: string) => void (secret = s),
      async waitFor(match: (body: Json) => boolean) {
        const found = await waitForValue(() => calls.find((c) => c.status < 300 && match(c.verified)), (c) => c !== undefined, {
          what: () => `a matching webhook call: ${JSON.stringify(calls)}`, timeoutMs: 15_000, intervalMs: 25,
        });
        return found!.verified;
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('signs delivered and clicked events per Standard Webhooks, retries failures, and records clicks through the redirect', async () => {
    const admin = await client.adminAuth();
    const hook = await receiver([500]);
    try {
      const created = await client.call('POST', `${BASE}/webhooks`, admin, { url: hook.url, events: ['notification.delivered', 'notification.clicked'] });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_/);
      hook.setSecret(created.body.secret);
      expect((await client.call('GET', `${BASE}/webhooks`, admin)).body.webhooks.find((w: Json) => w.id === created.body.id)).not.toHaveProperty('secret');
      expect((await client.call('POST', `${BASE}/webhooks`, alice.headers, { url: hook.url, events: ['notification.clicked'] })).status).toBe(403);
      // Only admins choose where events go; supervisors list and remove (docs/notifications.md, "Webhooks").
      expect((await client.call('POST', `${BASE}/webhooks`, sue.headers, { url: hook.url, events: ['notification.clicked'] })).status).toBe(403);
      expect((await client.call('GET', `${BASE}/webhooks`, sue.headers)).status).toBe(200);

      const res = await send(admin, { recipients: [alice.id], title: 'Click me', message: 'please', channels: ['email'], data: { action: 'view_order', url: 'https://shop.example.test/orders/7' } });
      const id = res.body.notification_id as string;
      const event = await hook.waitFor((b) => b.event === 'notification.delivered' && b.notification_id === id);
      expect(event).toEqual({ event: 'notification.delivered', notification_id: id, recipient: alice.id, channel: 'email', delivered_at: expect.any(String) });
      expect(hook.calls[0]!.status).toBe(500); // the first attempt failed and was retried

      const mail = await smtp.waitFor((m) => m.subject === 'Click me');
      const link = /(http:\/\/\S+\/click\?\S+)/.exec(mail.text)![1]!;
      const forged = await fetch(link.replace(/s=[^&]+/, 's=forged'), { redirect: 'manual' });
      expect(forged.status).toBe(404);
      const click = await fetch(link, { redirect: 'manual' });
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toBe('https://shop.example.test/orders/7');
      const clicked = await hook.waitFor((b) => b.event === 'notification.clicked' && b.notification_id === id);
      expect(clicked).toEqual({ event: 'notification.clicked', notification_id: id, user_id: alice.id, clicked_at: expect.any(String), action: 'view_order' });
      const n = await client.call('GET', `${BASE}/${id}`, admin);
      expect(n.body.delivery_details[0]).toMatchObject({ clicked_at: clicked.clicked_at, action: 'view_order' });
      expect((await client.call('DELETE', `${BASE}/webhooks/${created.body.id}`, admin)).status).toBe(200);
    } finally {
      await hook.close();
    }
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const admin = await client.adminAuth();
    const hook = await receiver([410]);
    try {
      const created = await client.call('POST', `${BASE}/webhooks`, admin, { url: hook.url, events: ['notification.delivered'] });
      hook.setSecret(created.body.secret);
      await send(admin, { recipients: [bob.id], title: 'x', message: 'y' });
      const read = async (): Promise<Json | undefined> => (await client.call('GET', `${BASE}/webhooks`, admin)).body.webhooks.find((w: Json) => w.id === created.body.id);
      const row = await waitForValue(read, (r) => Boolean(r?.disabled_at), { what: 'the webhook disabled', timeoutMs: 15_000, intervalMs: 25 });
      expect(row?.disabled_at).toEqual(expect.any(String));
      expect(hook.calls[0]!.status).toBe(410);
    } finally {
      await hook.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every notifications endpoint', async () => {
    const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/v1/notifications/send', 'post'], ['/api/v1/notifications/send/template', 'post'], ['/api/v1/notifications/templates', 'post'],
      ['/api/v1/notifications/notifications', 'get'], ['/api/v1/notifications/notifications/{id}', 'get'], ['/api/v1/notifications/notifications/{id}/read', 'patch'],
      ['/api/v1/notifications/notifications/{id}', 'delete'], ['/api/v1/notifications/users/{user_id}/preferences', 'patch'],
    ]) expect(doc.paths[path!]?.[method!]).toBeDefined();
  });
});
