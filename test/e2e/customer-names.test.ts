import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { crmContacts, sessions } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../support/fake-telegram.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { FAKE_APP_PASSWORD, startFakeWorkchat, workchatActivities, type FakeWorkchat } from '../support/fake-workchat.js';
import { connectFrameSocket, type Frame, type FrameSocket } from '../support/frame-socket.js';
import { messaging, messagingWebhook, mobileMsg, mobileMsgWebhook, signedWebhook } from '../support/graph-webhooks.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

// The customer's name from every channel to the console (docs/crm.md, "Names from every channel"):
// one bot on all seven channels, each provider faked on 127.0.0.1 and spoken to through its real
// webhook; the bot hands every conversation to a human at once, and the name is what the console's
// `new_conversation` frame and the queue (`GET /api/attendance/queue`) show.

const BOT = 'names';
const PUBLIC_URL = 'https://names.example.test';
const GRAPH_SECRET = 'graph-app-secret';
const GRAPH_TOKEN = 'EAAG-names-token';
const PHONE_ID = '1098765432';
const TG_SECRET = 'tg-webhook-secret-names';
const SMS_TOKEN = 'twilio-auth-token-names';
const SMS_FROM = '+15550002222';
const WORKCHAT_APP = 'app-names';

let graph: FakeGraph;
let telegram: FakeTelegram;
let twilio: FakeTwilio;
let workchat: FakeWorkchat;
let bots: TestBots;
let service: TestService;
let admin: { authorization: string };
let console_: FrameSocket;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  [graph, telegram, twilio, workchat] = await Promise.all([startFakeGraph(), startFakeTelegram(), startFakeTwilio(), startFakeWorkchat()]);
  bots = await createTestBots();
  await bots.add(BOT, {
    'mobile-msg-phone-number-id': PHONE_ID, 'mobile-msg-access-token': GRAPH_TOKEN, 'mobile-msg-app-secret': GRAPH_SECRET, 'mobile-msg-api-url': graph.url,
    'social-dm-access-token': GRAPH_TOKEN, 'social-dm-app-secret': GRAPH_SECRET, 'social-dm-api-url': graph.url,
    'page-msg-access-token': GRAPH_TOKEN, 'page-msg-app-secret': GRAPH_SECRET, 'page-msg-api-url': graph.url,
    'bot-msg-token': '333:CCC', 'bot-msg-webhook-secret': TG_SECRET, 'bot-msg-api-url': telegram.url,
    'sms-account-sid': 'ACnames', 'sms-auth-token': SMS_TOKEN, 'sms-from': SMS_FROM, 'sms-api-url': twilio.url,
    'workchat-app-id': WORKCHAT_APP, 'workchat-app-password': FAKE_APP_PASSWORD, 'workchat-bot-id': '28:bot-id',
    'workchat-openid-metadata-url': workchat.metadataUrl, 'workchat-token-url': workchat.tokenUrl,
    // Attendants answer from the console; every fake provider listens on loopback.
    'attendance-default-destination': 'web', 'http-allow-private-networks': 'true',
  }, 'TRANSFER TO HUMAN');
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  console_ = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(admin.authorization.replace(/^Bearer /, ''))}`, sockets);
  await console_.opened;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await bots?.remove();
  await Promise.all([graph?.close(), telegram?.close(), twilio?.close(), workchat?.close()]);
});

/** What the console shows of the conversation of `customer` on `channel`: the new_conversation frame's name and the queue item's. */
async function shownName(channel: string, customer: (frame: Frame) => boolean): Promise<{ frame: string; queue: string }> {
  const frame = await console_.next((f) => f.type === 'new_conversation' && f.channel === channel && customer(f), `${channel} new_conversation`, 15_000);
  const item = await waitForValue(async () => {
    const res = await fetch(`${service.url}/api/attendance/queue`, { headers: admin });
    return ((await res.json()) as { session_id: string; user_name: string }[]).find((i) => i.session_id === frame.session_id);
  }, (found) => found !== undefined, { what: `the ${channel} conversation in the queue`, intervalMs: 20 });
  return { frame: (frame.customer as { name: string }).name, queue: item!.user_name };
}
const named = (name: string) => (f: Frame) => (f.customer as { name?: string } | undefined)?.name === name;
const accepted = (res: Response) => expect(res.status).toBe(200);
const postGraph = (channel: string, body: unknown) => {
  const signed = signedWebhook(body, GRAPH_SECRET);
  return fetch(`${service.url}/webhooks/${channel}/${BOT}`, { method: 'POST', headers: signed.headers, body: new Uint8Array(signed.raw) });
};

// Both driver sets (the embedded ones, and PostgreSQL with Redis in CI's second pass): the name travels in the turn's commit and the events job.
describe(`a journey per channel: the customer's name reaches the console (${testDriversLabel()})`, () => {
  test('web: the API\'s user_name and user_email', async () => {
    const res = await fetch(`${service.url}/api/channels/web/${BOT}/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'I need help', user_name: 'Maria Web', user_email: 'maria.web@example.test' }),
    });
    accepted(res);
    expect(await shownName('web', named('Maria Web'))).toEqual({ frame: 'Maria Web', queue: 'Maria Web' });
    const { session_id } = (await res.json()) as { session_id: string };
    const [session] = await service.database.db.select().from(sessions).where(eq(sessions.id, session_id));
    expect(session!.context_data).toMatchObject({ customer_name: 'Maria Web', customer_email: 'maria.web@example.test' });
  });

  test('web: the pre-chat form is announced by the bot\'s info, and a visitor without a name is shown by channel and id', async () => {
    const info = await fetch(`${service.url}/api/channels/web/${BOT}/info`);
    expect(await info.json()).toEqual({ bot: BOT, language: null, prechat_form: false, voice: false, call: false });
    const res = await fetch(`${service.url}/api/channels/web/${BOT}/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'anonymous help' }),
    });
    const { session_id } = (await res.json()) as { session_id: string };
    const shown = await shownName('web', (f) => f.session_id === session_id);
    // The channel and a short id (docs/crm.md, "The display name"), never the bare UUID.
    expect(shown).toEqual({ frame: `web · ${session_id.slice(0, 6)}`, queue: `web · ${session_id.slice(0, 6)}` });
  });

  test('mobile_msg: contacts[].profile.name', async () => {
    const body = mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.text('5511900000001', 'wamid.NAMES1', 'oi')] }]);
    body.entry[0]!.changes[0]!.value.contacts = [{ profile: { name: 'Maria Zap' }, wa_id: '5511900000001' }];
    accepted(await postGraph('mobile_msg', body));
    expect(await shownName('mobile_msg', named('Maria Zap'))).toEqual({ frame: 'Maria Zap', queue: 'Maria Zap' });
  });

  test('page_msg: the user-profile call (first_name,last_name,name,profile_pic), once per customer', async () => {
    graph.addProfile('PSID-NAMES', { first_name: 'Maria', last_name: 'Page', name: 'Maria Page', profile_pic: 'https://example.test/p.jpg' });
    accepted(await postGraph('page_msg', messagingWebhook('page', [messaging.text('PSID-NAMES', 'm_NAMES1', 'hello')])));
    expect(await shownName('page_msg', named('Maria Page'))).toEqual({ frame: 'Maria Page', queue: 'Maria Page' });
    accepted(await postGraph('page_msg', messagingWebhook('page', [messaging.text('PSID-NAMES', 'm_NAMES2', 'still there?')])));
    await service.eventsHandled();
    const calls = graph.profileCalls().filter((r) => r.path === 'PSID-NAMES');
    expect(calls.map((r) => decodeURIComponent(r.query!))).toEqual(['fields=first_name,last_name,name,profile_pic']);
  });

  test('social_dm: the user-profile call (name,username); a failed call lets the message through without a name', async () => {
    graph.addProfile('IGSID-NAMES', { username: 'maria.insta' });
    accepted(await postGraph('social_dm', messagingWebhook('instagram', [messaging.text('IGSID-NAMES', 'm_NAMES3', 'hi')])));
    expect(await shownName('social_dm', named('maria.insta'))).toEqual({ frame: 'maria.insta', queue: 'maria.insta' });

    // A customer the provider will not describe: the profile call fails, the conversation goes on.
    accepted(await postGraph('social_dm', messagingWebhook('instagram', [messaging.text('IGSID-DOWN', 'm_NAMES4', 'hi')])));
    const shown = await shownName('social_dm', (f) => f.message === 'hi' && !named('maria.insta')(f));
    expect(shown.frame).toMatch(/^social_dm · [0-9a-f]{6}$/);
    expect(shown.frame).toBe(shown.queue);
  });

  test('bot_msg: first and last name', async () => {
    const update = telegramUpdates.text(8801, 'hello');
    update.message.from = { id: 8801, is_bot: false, first_name: 'Maria', last_name: 'Telegram' };
    accepted(await fetch(`${service.url}/webhooks/bot_msg/${BOT}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': TG_SECRET }, body: JSON.stringify(update),
    }));
    expect(await shownName('bot_msg', named('Maria Telegram'))).toEqual({ frame: 'Maria Telegram', queue: 'Maria Telegram' });
  });

  test('workchat: from.name', async () => {
    const activity = workchatActivities.message(workchat.serviceUrl, 'a:names-conv', { id: '29:maria', name: 'Maria Workchat' }, 'hello');
    accepted(await fetch(`${service.url}/webhooks/workchat/${BOT}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await workchat.token(WORKCHAT_APP)}` }, body: JSON.stringify(activity),
    }));
    expect(await shownName('workchat', named('Maria Workchat'))).toEqual({ frame: 'Maria Workchat', queue: 'Maria Workchat' });
  });

  test('sms: no name from the channel; the bot\'s CRM contact with the number names the customer', async () => {
    const from = '+5511987650123';
    const botId = service.bots.find((b) => b.name === BOT)!.id;
    await service.database.db.insert(crmContacts).values({ bot_id: botId, first_name: 'Maria', last_name: 'Sms', phone: from });
    const fields = twilioInbound(from, SMS_FROM, 'hello');
    const path = `/webhooks/sms/${BOT}`;
    accepted(await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SMS_TOKEN, `${PUBLIC_URL}${path}`, fields) },
      body: new URLSearchParams(fields).toString(),
    }));
    // The console's frame finds the contact by the number; the queue shows it once the session is matched to it (docs/crm.md).
    const frame = await console_.next((f) => f.type === 'new_conversation' && f.channel === 'sms', 'sms new_conversation', 15_000);
    expect(frame.customer).toEqual({ name: 'Maria Sms', phone: from });
  });
});
