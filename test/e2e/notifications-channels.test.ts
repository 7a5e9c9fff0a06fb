import { and, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeFcm, type FakeFcm } from '../support/fake-fcm.js';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.js';
import { notificationsClient, type Auth, type Json, type TestUser } from '../support/notifications-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { notificationDeliveries } from '../../db/schema/index.js';

/**
 * The `sms` and `push` channels of notifications against their providers' wire formats
 * (docs/notifications.md, "Delivery"): sms through the sms channel's Twilio client with the
 * account of NOTIFICATIONS_SMS_BOT, mobile push through FCM HTTP v1 with a service-account
 * OAuth token, both on local fakes; and the daily email digest on a real SMTP server.
 */
const BASE = '/api/v1/notifications';
const SENDER = '+15550002222';
let twilio: FakeTwilio;
let smtp: TestSmtpServer;
let fcm: FakeFcm;
let bots: TestBots;
let keyDir: string;
let service: TestService;
let client: ReturnType<typeof notificationsClient>;
let admin: Auth;
let ana: TestUser;
let ben: TestUser;

beforeAll(async () => {
  [twilio, fcm, bots, smtp] = await Promise.all([startFakeTwilio(), startFakeFcm(), createTestBots(), startSmtpServer()]);
  keyDir = await mkdtemp(path.join(os.tmpdir(), 'sb-fcm-'));
  await fcm.writeCredentials(path.join(keyDir, 'service-account.json'));
  await bots.add('notifier', { 'sms-account-sid': 'ACnotify', 'sms-auth-token': 'twilio-token-2', 'sms-from': SENDER, 'sms-api-url': twilio.url, 'http-allow-private-networks': 'true' });
  service = await startTestService({
    BOTS_DIR: bots.dir, NOTIFICATIONS_SMS_BOT: 'notifier', SMTP_URL: smtp.url,
    FCM_CREDENTIALS_FILE: path.join(keyDir, 'service-account.json'), FCM_API_URL: fcm.url,
    // The fake FCM listens on 127.0.0.1 (docs/architecture.md, "Outbound requests").
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  client = notificationsClient(service.url);
  admin = await client.adminAuth();
  [ana, ben] = await Promise.all([client.createUser('ana'), client.createUser('ben')]);
});
afterAll(async () => {
  await service?.dispose();
  await Promise.all([twilio?.close(), fcm?.close(), bots?.remove(), smtp?.close()]);
  await rm(keyDir, { recursive: true, force: true });
});

const send = (body: Json) => client.call('POST', `${BASE}/send`, admin, body);
const settled = (n: Json) => n.status !== 'queued';
const detail = (n: Json, channel: string) => (n.delivery_details as Json[]).find((d) => d.channel === channel);

describe('sms', () => {
  it('keeps the phone number in the preferences, checked as E.164', async () => {
    const prefs = `${BASE}/users/${ana.id}/preferences`;
    expect((await client.call('PATCH', prefs, ana.headers, { sms: { phone: '555-1234' } })).status).toBe(400);
    const patched = await client.call('PATCH', prefs, ana.headers, { sms: { phone: '+14155550101' } });
    expect(patched.body.preferences.sms).toEqual({ enabled: true, phone: '+14155550101' });
  });

  it('sends title and message to that number from the bot\'s Twilio account, and records the delivery', async () => {
    const res = await send({ recipients: [ana.id], title: 'Shift change', message: 'You start at 10:00 tomorrow', channels: ['sms'] });
    expect(res.status).toBe(202);
    const done = await client.until(res.body.notification_id, admin, settled);
    expect(done.delivery).toEqual({ sms: 'delivered' });
    expect(detail(done, 'sms')).toMatchObject({ status: 'delivered', reason: null });
    expect(twilio.sent).toContainEqual(expect.objectContaining({
      account: 'ACnotify', auth: 'ACnotify:twilio-token-2', To: '+14155550101', From: SENDER, Body: 'Shift change: You start at 10:00 tomorrow',
    }));
  });

  it('uses channel_options.sms.sender_id as the sender', async () => {
    const res = await send({ recipients: [ana.id], title: 'Code', message: '1234', channels: ['sms'], channel_options: { sms: { sender_id: 'ACMECORP' } } });
    await client.until(res.body.notification_id, admin, settled);
    expect(twilio.sent.at(-1)).toMatchObject({ To: '+14155550101', From: 'ACMECORP', Body: 'Code: 1234' });
  });

  it('fails with no_address for a user without a number, and with sms_rejected when Twilio refuses the number', async () => {
    const noPhone = await send({ recipients: [ben.id], title: 'x', message: 'y', channels: ['sms'] });
    expect(detail(await client.until(noPhone.body.notification_id, admin, settled), 'sms')).toMatchObject({ status: 'failed', reason: 'no_address' });
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const refused = await send({ recipients: [ana.id], title: 'x', message: 'y', channels: ['sms'] });
    expect(detail(await client.until(refused.body.notification_id, admin, settled), 'sms')).toMatchObject({ status: 'failed', reason: 'sms_rejected' });
  });

  it('retries when Twilio is down for a moment, then delivers', async () => {
    twilio.failNext({ status: 503, code: 20503, message: 'Service Unavailable' });
    const before = twilio.sent.length;
    const res = await send({ recipients: [ana.id], title: 'Retry', message: 'once more', channels: ['sms'] });
    expect(detail(await client.until(res.body.notification_id, admin, settled), 'sms')).toMatchObject({ status: 'delivered' });
    expect(twilio.sent.slice(before).map((m) => m.Body)).toEqual(['Retry: once more']);
  });
});

describe('mobile push', () => {
  const devices = `${BASE}/push/devices`;

  it('registers app installs per user; only the owner removes one', async () => {
    expect((await client.call('POST', devices, ana.headers, { token: 'ana-phone', platform: 'android' })).status).toBe(201);
    expect((await client.call('POST', devices, ana.headers, { token: 'ana-old-tablet', platform: 'ios' })).status).toBe(201);
    expect((await client.call('POST', devices, ana.headers, { token: 'x', platform: 'windows' })).status).toBe(400);
    expect((await client.call('DELETE', devices, ben.headers, { token: 'ana-phone' })).status).toBe(404);
  });

  it('sends to every device through FCM HTTP v1 with an OAuth token; a device FCM no longer knows is removed', async () => {
    fcm.gone.add('ana-old-tablet');
    const res = await send({
      recipients: [ana.id], title: 'Queue alert', message: '12 customers waiting', channels: ['push'], priority: 'high',
      data: { queue: 'support', count: 12 },
    });
    const done = await client.until(res.body.notification_id, admin, settled);
    expect(done.delivery).toEqual({ push: 'delivered' });
    expect(fcm.messages).toEqual([{
      project: fcm.project, token: 'ana-phone', notification: { title: 'Queue alert', body: '12 customers waiting' },
      data: { queue: 'support', count: '12', notification_id: res.body.notification_id },
      android: { priority: 'HIGH' }, apns: { headers: { 'apns-priority': '10' } },
    }]);
    expect(fcm.tokensIssued).toBe(1);
    expect((await client.call('DELETE', devices, ana.headers, { token: 'ana-old-tablet' })).status).toBe(404);
  });

  it('fails with no_push_subscription for a user without devices, and subscription_gone when every token is gone', async () => {
    const none = await send({ recipients: [ben.id], title: 'x', message: 'y', channels: ['push'] });
    expect(detail(await client.until(none.body.notification_id, admin, settled), 'push')).toMatchObject({ status: 'failed', reason: 'no_push_subscription' });
    await client.call('POST', devices, ben.headers, { token: 'ben-phone', platform: 'ios' });
    fcm.gone.add('ben-phone');
    const gone = await send({ recipients: [ben.id], title: 'x', message: 'y', channels: ['push'] });
    expect(detail(await client.until(gone.body.notification_id, admin, settled), 'push')).toMatchObject({ status: 'failed', reason: 'subscription_gone' });
  });
});

describe('daily email digest', () => {
  it('defers a daily user\'s emails to the digest time, then sends them as one message, also across a restart', async () => {
    const carla = await client.createUser('carla');
    const digestTime = new Date(Date.now() + 2 * 3600_000).toISOString().slice(11, 16);
    await client.call('PATCH', `${BASE}/users/${carla.id}/preferences`, carla.headers, { email: { frequency: 'daily', digest_time: digestTime } });
    const ids: string[] = [];
    for (const [title, data] of [['Ticket #12 updated', {}], ['New survey answer', { url: 'https://console.example.test/surveys/7' }], ['Queue report', {}]] as const) {
      ids.push((await send({ recipients: [carla.id], title, message: `About: ${title}`, channels: ['email'], data })).body.notification_id as string);
    }
    for (const id of ids) {
      const waiting = await client.until(id, admin, (n) => detail(n, 'email')?.deliver_after);
      expect(waiting.status).toBe('queued');
      expect(detail(waiting, 'email')?.deliver_after.slice(11, 16)).toBe(digestTime);
    }
    expect(smtp.received.filter((m) => m.to.includes(carla.email))).toEqual([]);

    // The clock reaches the digest time while the service is down: start-up finds the copies due.
    await service.database.db.update(notificationDeliveries).set({ deliver_after: new Date(Date.now() - 1000) })
      .where(and(eq(notificationDeliveries.recipient_id, carla.id), eq(notificationDeliveries.channel, 'email')));
    service = await service.restart();
    client = notificationsClient(service.url);
    admin = await client.adminAuth();

    const mail = await smtp.waitFor((m) => m.to.includes(carla.email), 15_000);
    expect(mail.subject).toBe('Daily digest: 3 notifications');
    const order = ['Ticket #12 updated', 'New survey answer', 'Queue report'].map((title) => mail.text.indexOf(title));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(mail.text).toContain(`/api/v1/notifications/${ids[1]}/click?u=${carla.id}`);
    for (const id of ids) {
      const done = await client.until(id, admin, settled);
      expect(done.delivery).toEqual({ email: 'delivered' });
    }
    expect(smtp.received.filter((m) => m.to.includes(carla.email))).toHaveLength(1);
  });
});
