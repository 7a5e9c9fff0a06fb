import { and, eq } from 'drizzle-orm';
import { crmCampaignRecipients, crmContactIdentities, crmContacts, crmPipelineStages, sessions } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../support/fake-telegram.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { messaging, messagingWebhook, mobileMsg, mobileMsgStatus, mobileMsgWebhook, signedWebhook } from '../support/graph-webhooks.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

// Campaigns end to end (docs/crm.md, "Campaigns" and "Proactive campaigns"): a real service, the
// fake Graph and Twilio servers speaking their providers' formats.

const SECRET = 'promo-app-secret';
const PHONE_ID = '2098765432';
const PUBLIC_URL = 'https://promo.example.test';
const AUTH_TOKEN = 'twilio-promo-token';
const SMS_FROM = '+15550002222';
const TG_SECRET = 'tg-webhook-secret-promo';
const CONTACTS = 1000;
const BOT_SCRIPT = 'TALK "Hello from the promo bot"\nHEAR anything\nTALK "Noted."\n';
const KEYWORDS_SCRIPT = [
  'added = ADD TO CAMPAIGN "loyal", "+5511987650001"',
  'again = ADD TO CAMPAIGN "loyal", "+5511987650001"',
  'deal = TRACK CONVERSION "loyal", "Order 1042", 129.5',
  'stats = GET CAMPAIGN STATS "loyal"',
  'TALK "added " & added & " again " & again & " recipients " & stats.recipients & " won " & stats.deals_won & " value " & stats.won_value',
].join('\n');

let graph: FakeGraph;
let twilio: FakeTwilio;
let telegram: FakeTelegram;
let bots: TestBots;
let service: TestService;
let admin: { authorization: string };
let botId: string;

const phoneOf = (i: number) => `+5511900${String(i).padStart(6, '0')}`;

beforeAll(async () => {
  graph = await startFakeGraph();
  twilio = await startFakeTwilio();
  telegram = await startFakeTelegram();
  bots = await createTestBots();
  await bots.add('promo', {
    'mobile-msg-phone-number-id': PHONE_ID, 'mobile-msg-access-token': 'EAAG-promo', 'mobile-msg-app-secret': SECRET,
    'mobile-msg-webhook-verify-token': 'verify-promo', 'mobile-msg-api-url': graph.url,
    'sms-account-sid': 'ACpromo', 'sms-auth-token': AUTH_TOKEN, 'sms-from': SMS_FROM, 'sms-api-url': twilio.url,
    'page-msg-access-token': 'EAAG-promo', 'page-msg-app-secret': SECRET, 'page-msg-api-url': graph.url,
    'bot-msg-token': '444:DDD', 'bot-msg-webhook-secret': TG_SECRET, 'bot-msg-api-url': telegram.url,
    'http-allow-private-networks': 'true',
  }, BOT_SCRIPT);
  await bots.add('nocrm', { 'crm-enabled': 'false' }, BOT_SCRIPT);
  await bots.add('keywords', {}, KEYWORDS_SCRIPT);
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  botId = service.bots.find((b) => b.name === 'promo')!.id;
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await graph?.close();
  await twilio?.close();
  await telegram?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function postGraph(body: unknown, channel = 'mobile_msg'): Promise<Response> {
  const signed = signedWebhook(body, SECRET);
  return fetch(`${service.url}/webhooks/${channel}/promo`, { method: 'POST', headers: signed.headers, body: new Uint8Array(signed.raw) });
}

function postTelegram(update: unknown): Promise<Response> {
  return fetch(`${service.url}/webhooks/bot_msg/promo`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': TG_SECRET }, body: JSON.stringify(update),
  });
}

function postSms(fields: Record<string, string>): Promise<Response> {
  const path = '/webhooks/sms/promo';
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, fields) },
    body: new URLSearchParams(fields).toString(),
  });
}

const progressOf = async (id: string) => (await api('GET', `/api/crm/campaigns/${id}`)).body as { status: string; progress: Record<string, number> };
const contextOf = async (externalId: string) => (await service.database.db.select({ context: sessions.context_data, needs_human: sessions.needs_human })
  .from(sessions).where(eq(sessions.external_user_id, externalId)))[0];

// Both driver sets: the send job, its rate limit and the recipients' rows run on the jobs, rate-limit and database drivers.
describe(`campaigns (${testDriversLabel()})`, () => {
  test('a proactive campaign reaches 1,000 contacts over mobile_msg as an approved template; statuses, a reply handed to a human, results', async () => {
    await service.database.db.insert(crmContacts).values(Array.from({ length: CONTACTS }, (_, i) => ({
      bot_id: botId, first_name: `Customer ${i}`, phone: phoneOf(i), tags: ['vip'],
    })));
    // One more in the segment who unsubscribed: skipped, with why.
    await service.database.db.insert(crmContacts).values({ bot_id: botId, phone: '+5511988887777', tags: ['vip'], unsubscribed_at: new Date() });

    const created = await api('POST', '/api/crm/campaigns', {
      bot: 'promo', name: 'Spring sale', ref: 'spring', utm_source: 'crm', utm_medium: 'template', segment: 'tag:vip',
      channel: 'mobile_msg', template: 'spring_sale', template_params: ['20%'], handoff_on_reply: true, rate_per_minute: 100_000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ campaign_name: 'Spring sale', status: 'draft', channel: 'mobile_msg' });
    const id = created.body.id as string;
    expect((await api('POST', `/api/crm/campaigns/${id}/start`)).status).toBe(200);

    const done = await waitForValue(() => progressOf(id), (c) => c.status === 'completed', { what: 'the campaign completed', timeoutMs: 120_000 });
    expect(done.progress).toMatchObject({ recipients: CONTACTS + 1, sent: CONTACTS, skipped: 1, failed: 0, pending: 0 });
    const templates = graph.sends().filter((r) => r.body?.type === 'template');
    expect(templates).toHaveLength(CONTACTS);
    expect(new Set(templates.map((r) => r.body?.to)).size).toBe(CONTACTS);
    expect(templates[0]!.body).toMatchObject({
      type: 'template', template: { name: 'spring_sale', language: { code: expect.any(String) }, components: [{ type: 'body', parameters: [{ type: 'text', text: '20%' }] }] },
    });
    const skipped = await service.database.db.select({ reason: crmCampaignRecipients.reason }).from(crmCampaignRecipients)
      .where(eq(crmCampaignRecipients.status, 'skipped'));
    expect(skipped).toEqual([{ reason: 'unsubscribed' }]);

    // The provider's delivery status names the message by the id its send answered.
    const first = templates[0]!;
    const to = String(first.body?.to);
    expect((await postGraph(mobileMsgWebhook(PHONE_ID, [{ statuses: [mobileMsgStatus(first.answeredId!, 'delivered', to)] }]))).status).toBe(200);
    await waitForValue(() => progressOf(id), (c) => c.progress.delivered === 1, { what: 'the delivered status' });

    // The customer answers: the conversation goes to a human, with the campaign's fields.
    expect((await postGraph(mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.text(to, 'wamid.REPLY1', 'I want the discount')] }]))).status).toBe(200);
    const queue = await waitForValue(async () => (await api('GET', '/api/attendance/queue')).body, (q) => JSON.stringify(q).includes(to), { what: 'the reply in the queue' });
    expect(JSON.stringify(queue)).toContain(to);
    const session = await contextOf(to);
    expect(session?.needs_human).toBe(true);
    expect(session?.context).toMatchObject({ campaign_id: id, campaign_name: 'Spring sale', utm_source: 'crm', segment: 'tag:vip', transfer_reason: 'campaign' });

    const results = await waitForValue(async () => (await api('GET', `/api/crm/campaigns/${id}/results`)).body, (r) => r.handed_off === 1, { what: 'the hand-over counted' });
    expect(results).toMatchObject({ sent: CONTACTS, delivered: 1, replied: 1, handed_off: 1, skipped: 1, conversations: 1, deals_won: 0 });

    // The same numbers in the attendance insights' campaigns block.
    const insights = (await api('GET', `/api/attendance/insights?bot_id=${botId}`)).body as { campaigns: Record<string, unknown>[] };
    expect(insights.campaigns).toContainEqual({
      campaign_id: id, campaign_name: 'Spring sale', status: 'completed', sent: CONTACTS, delivered: 1, replied: 1, handed_off: 1, deals_won: 0,
    });
  }, 180_000);

  test('an sms campaign skips a number that sent STOP, and STOP unsubscribes its contact', async () => {
    const numbers = ['+15557770001', '+15557770002', '+15557770003'];
    await service.database.db.insert(crmContacts).values(numbers.map((phone) => ({ bot_id: botId, phone, tags: ['sms'] })));
    expect((await postSms(twilioInbound(numbers[1]!, SMS_FROM, 'STOP'))).status).toBe(200);
    const unsubscribed = await waitForValue(
      async () => (await service.database.db.select({ at: crmContacts.unsubscribed_at }).from(crmContacts).where(eq(crmContacts.phone, numbers[1]!)))[0]?.at,
      (at) => at instanceof Date, { what: 'the contact unsubscribed' },
    );
    expect(unsubscribed).toBeInstanceOf(Date);

    const created = await api('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Texts', segment: 'tag:sms', channel: 'sms', message: 'Our shop opens on Sunday.' });
    const id = created.body.id as string;
    expect((await api('POST', `/api/crm/campaigns/${id}/start`)).status).toBe(200);
    const done = await waitForValue(() => progressOf(id), (c) => c.status === 'completed', { what: 'the sms campaign completed' });
    expect(done.progress).toMatchObject({ recipients: 3, sent: 2, skipped: 1 });
    const texts = twilio.sent.filter((m) => m.Body === 'Our shop opens on Sunday.').map((m) => m.To).sort();
    expect(texts).toEqual([numbers[0], numbers[2]]);
  });

  test('a click-to-chat referral and the widget page\'s utm parameters give the session its campaign', async () => {
    const created = await api('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Ads', ref: 'summer', ad_id: 'AD-777', utm_source: 'facebook', segment: 'tier:gold' });
    const id = created.body.id as string;
    const customer = '5511977776666';
    const withReferral = { ...mobileMsg.text(customer, 'wamid.AD1', 'Is this offer real?'), referral: { source_url: 'https://fb.me/x', source_id: 'AD-777', source_type: 'ad', headline: 'Summer' } };
    await postGraph(mobileMsgWebhook(PHONE_ID, [{ messages: [withReferral] }]));
    const ad = await waitForValue(() => contextOf(customer), (s) => s !== undefined, { what: 'the ad session' });
    expect(ad?.context).toMatchObject({ campaign_id: id, campaign_name: 'Ads', ad_id: 'AD-777', utm_source: 'facebook', segment: 'tier:gold', lead_source: 'facebook' });

    const res = await fetch(`${service.url}/api/channels/web/promo/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi', referral: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'summer', page_url: 'https://shop.example/' } }),
    });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as { session_id: string };
    const [web] = await service.database.db.select({ context: sessions.context_data }).from(sessions).where(eq(sessions.id, session_id));
    expect(web?.context).toMatchObject({ campaign_id: id, campaign_name: 'Ads', utm_source: 'facebook', utm_medium: 'email', lead_source: 'facebook' });
  });

  test('a page_msg referral and a bot_msg deep link (/start <payload>) give the session its campaign', async () => {
    const created = await api('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Autumn', ref: 'autumn', utm_source: 'instagram', segment: 'all' });
    const id = created.body.id as string;
    const sessionOn = (channel: string) => waitForValue(async () => (await service.database.db.select({ context: sessions.context_data }).from(sessions)
      .where(and(eq(sessions.channel, channel), eq(sessions.bot_id, botId))))[0], (s) => s !== undefined, { what: `the ${channel} session` });

    const fromPage = { ...messaging.text('PSID-AUTUMN', 'm_AUTUMN1', 'Tell me about the offer'), message: { mid: 'm_AUTUMN1', text: 'Tell me about the offer', referral: { ref: 'autumn', source: 'SHORTLINK', type: 'OPEN_THREAD' } } };
    expect((await postGraph(messagingWebhook('page', [fromPage]), 'page_msg')).status).toBe(200);
    expect((await sessionOn('page_msg'))!.context).toMatchObject({ campaign_id: id, campaign_name: 'Autumn', utm_source: 'instagram', utm_medium: 'shortlink', segment: 'all', lead_source: 'instagram' });

    expect((await postTelegram(telegramUpdates.text(7070, '/start autumn'))).status).toBe(200);
    expect((await sessionOn('bot_msg'))!.context).toMatchObject({ campaign_id: id, campaign_name: 'Autumn', utm_medium: 'deep_link', lead_source: 'instagram' });
  });

  test('a bot_msg campaign reaches its contacts by their chat ids', async () => {
    const [reached] = await service.database.db.insert(crmContacts).values({ bot_id: botId, first_name: 'Tele', tags: ['tg'] }).returning();
    await service.database.db.insert(crmContactIdentities).values({ bot_id: botId, contact_id: reached!.id, channel: 'bot_msg', external_id: '8080' });
    const created = await api('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Telegram news', segment: 'tag:tg', channel: 'bot_msg', message: 'New arrivals today.' });
    const id = created.body.id as string;
    expect((await api('POST', `/api/crm/campaigns/${id}/start`)).status).toBe(200);
    const done = await waitForValue(() => progressOf(id), (c) => c.status === 'completed', { what: 'the bot_msg campaign completed' });
    expect(done.progress).toMatchObject({ recipients: 1, sent: 1 });
    const sent = telegram.callsOf('sendMessage').filter((c) => (c.params as { text?: string }).text === 'New arrivals today.');
    expect(sent.map((c) => String((c.params as { chat_id?: unknown }).chat_id))).toEqual(['8080']);
  });

  test('roles and crm-enabled: attendants read, a bot without the CRM answers crm_disabled', async () => {
    const password = 'password-for-tests';
    expect((await api('POST', '/api/users', { username: 'camila', email: 'camila@example.test', password, roles: ['attendant'] })).status).toBe(201);
    const attendant = await bearerFor(service.url, 'camila', password);
    const asAttendant = (method: string, path: string, body?: unknown) => fetch(`${service.url}${path}`, {
      method, headers: { ...attendant, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect((await asAttendant('GET', '/api/crm/campaigns?bot=promo')).status).toBe(200);
    expect((await asAttendant('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Mine' })).status).toBe(403);

    expect((await api('POST', '/api/crm/campaigns', { bot: 'nocrm', name: 'Nope' })).body).toMatchObject({ error: 'crm_disabled' });
    expect((await api('POST', '/api/crm/campaigns', { bot: 'promo', name: 'Bad', segment: 'colour:red' })).status).toBe(400);
    const listed = await api('GET', '/api/crm/campaigns?bot=promo');
    expect(listed.status).toBe(200);
    expect((listed.body.campaigns as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect((await api('GET', '/api/crm/campaigns?bot=nocrm')).body).toMatchObject({ error: 'crm_disabled' });
  });

  test('the BASIC campaign keywords: ADD TO CAMPAIGN, TRACK CONVERSION, GET CAMPAIGN STATS', async () => {
    const keywordsBot = service.bots.find((b) => b.name === 'keywords')!.id;
    await service.database.db.insert(crmContacts).values({ bot_id: keywordsBot, phone: '+5511987650001' });
    // TRACK CONVERSION puts its deal in the first stage with probability 100.
    await service.database.db.insert(crmPipelineStages).values({ name: 'Closed won', order_index: 5, probability: 100 });
    await api('POST', '/api/crm/campaigns', { bot: 'keywords', name: 'Loyal', ref: 'loyal', channel: 'sms', message: 'Thanks!' });
    const res = await fetch(`${service.url}/api/channels/web/keywords/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hi' }),
    });
    const answer = (await res.json()) as { replies: { text: string }[] };
    expect(answer.replies.map((r) => r.text)).toEqual(['added true again false recipients 1 won 1 value 129.5']);
  });
});
