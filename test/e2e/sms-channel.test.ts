import { and, eq } from 'drizzle-orm';
import { messages, outbox, sessions, smsOptOuts } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

const PUBLIC_URL = 'https://sms.example.test';
const AUTH_TOKEN = 'twilio-auth-token-1';
const SHOP = '+15550001111';
const LONG = 'Thanks for writing to the shop. Our stores open at nine and close at six on weekdays; on Saturdays we open at ten and close at two. Deliveries leave every afternoon at four, and a parcel usually arrives within two working days.';
const START = `TALK "${LONG}"
HEAR more
TALK "Noted."
`;

let twilio: FakeTwilio;
let bots: TestBots;
let service: TestService;
let admin: { authorization: string };
let numbers = 100;
const nextNumber = () => `+1555777${String(numbers++).padStart(4, '0')}`;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  bots = await createTestBots();
  const channel = { 'sms-account-sid': 'ACshop', 'sms-auth-token': AUTH_TOKEN, 'sms-from': SHOP, 'sms-api-url': twilio.url, 'sms-help-text': 'Shop help: reply STOP to stop.',
    // The fake provider listens on loopback, which the outbound guard refuses otherwise.
    'http-allow-private-networks': 'true',
  };
  await bots.add('texter', channel, START);
  await bots.add('textoff', { ...channel, 'sms-enabled': 'false' }, START);
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await twilio?.close();
});

/** Posts form fields as Twilio does, signed over PUBLIC_URL + the path unless `signature` is given. */
function post(fields: Record<string, string>, options: { bot?: string; event?: string; signature?: string } = {}): Promise<Response> {
  const path = `/webhooks/sms/${options.bot ?? 'texter'}${options.event ? `/${options.event}` : ''}`;
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': options.signature ?? twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, fields),
    },
    body: new URLSearchParams(fields).toString(),
  });
}
const text = (from: string, body: string, extra: Record<string, string> = {}) => post(twilioInbound(from, SHOP, body, extra));
const sentTo = (to: string) => twilio.sent.filter((m) => m.To === to);
const inboundOf = (from: string) => service.database.db.select({ text: messages.text }).from(messages).innerJoin(sessions, eq(sessions.id, messages.session_id))
  .where(and(eq(sessions.external_user_id, from), eq(messages.direction, 'inbound'), eq(messages.channel, 'sms')));

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => waitForValue(read, done, { what, intervalMs: 20 });

describe('sms channel (Twilio, through the twilio client against a fake REST API)', () => {
  test('a forged or missing signature is 403 and nothing is stored; an off channel or unknown bot is 404', async () => {
    const from = nextNumber();
    const fields = twilioInbound(from, SHOP, 'hi');
    expect((await post(fields, { signature: 'Zm9yZ2Vk' })).status).toBe(403);
    expect((await post(fields, { signature: twilioSignature('another-token', `${PUBLIC_URL}/webhooks/sms/texter`, fields) })).status).toBe(403);
    expect((await post({ ...fields, Body: 'changed' }, { signature: twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/webhooks/sms/texter`, fields) })).status).toBe(403);
    expect((await post(fields, { bot: 'textoff' })).status).toBe(404);
    expect((await post(fields, { bot: 'nobody' })).status).toBe(404);
    expect(await inboundOf(from)).toHaveLength(0);
  });

  test('the webhook answers empty TwiML at once; the reply goes through the REST API split by the 160-character rule', async () => {
    const from = nextNumber();
    const res = await text(from, 'hi');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await twilio.waitFor(() => sentTo(from).length === 2, 'both parts sent');
    const parts = sentTo(from);
    expect(parts.map((p) => p.Body.slice(0, 6))).toEqual(['(1/2) ', '(2/2) ']);
    for (const part of parts) expect(Array.from(part.Body).length).toBeLessThanOrEqual(160);
    expect(parts.map((p) => p.Body.slice(6)).join(' ')).toBe(LONG);
    expect(parts[0]).toMatchObject({ account: 'ACshop', auth: `ACshop:${AUTH_TOKEN}`, From: SHOP, StatusCallback: `${PUBLIC_URL}/webhooks/sms/texter/status` });
  });

  test('a redelivered MessageSid runs nothing again; MMS media are attachments', async () => {
    const from = nextNumber();
    const fields = twilioInbound(from, SHOP, 'look', { NumMedia: '1', MediaUrl0: 'https://api.twilio.com/media/ME1', MediaContentType0: 'image/png' });
    expect((await post(fields)).status).toBe(200);
    expect((await post(fields)).status).toBe(200);
    await twilio.waitFor(() => sentTo(from).length === 2, 'the reply');
    await until(() => inboundOf(from), (rows) => rows.length === 1, 'the message stored');
    const [stored] = await service.database.db.select({ payload: messages.payload }).from(messages).innerJoin(sessions, eq(sessions.id, messages.session_id))
      .where(and(eq(sessions.external_user_id, from), eq(messages.direction, 'inbound')));
    expect(stored!.payload.attachments).toEqual([{ type: 'image', url: 'https://api.twilio.com/media/ME1', mime_type: 'image/png' }]);
    await service.eventsHandled();
    expect(sentTo(from)).toHaveLength(2);
  });

  test('STOP opts the number out for every bot until START; HELP answers the help text', async () => {
    const from = nextNumber();
    await text(from, 'HELP');
    await twilio.waitFor(() => sentTo(from).some((m) => m.Body === 'Shop help: reply STOP to stop.'), 'the help text');
    await text(from, 'stop');
    expect(await service.database.db.select({ keyword: smsOptOuts.keyword }).from(smsOptOuts).where(eq(smsOptOuts.phone, from))).toEqual([{ keyword: 'STOP' }]);
    const before = sentTo(from).length;
    await text(from, 'hello again');
    const refused = await until(
      () => service.database.db.select({ last_error: outbox.last_error }).from(outbox).innerJoin(sessions, eq(sessions.id, outbox.session_id))
        .where(and(eq(sessions.external_user_id, from), eq(outbox.state, 'failed'))),
      (rows) => rows.length > 0, 'the reply refused');
    expect(refused[0]!.last_error).toBe('the recipient opted out (STOP)');
    expect(sentTo(from)).toHaveLength(before);
    await text(from, 'Start');
    expect(await service.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, from))).toEqual([]);
    await text(from, 'and now?');
    await twilio.waitFor(() => sentTo(from).some((m) => m.Body === 'Noted.' || m.Body.startsWith('(1/2)')), 'a reply after START');
  });

  test('status callbacks update the delivery state; undelivered keeps its ErrorCode', async () => {
    const from = nextNumber();
    await text(from, 'hi');
    await twilio.waitFor(() => sentTo(from).length === 2, 'the reply');
    const [first, second] = sentTo(from);
    const message = async (sid: string) => (await until(
      () => service.database.db.select({ state: messages.delivery_state, payload: messages.payload }).from(messages).where(eq(messages.provider_message_id, sid)),
      (rows) => rows.length === 1, `the message ${sid} delivered`))[0]!;
    await message(second!.sid);
    expect((await post({ MessageSid: first!.sid, MessageStatus: 'delivered', AccountSid: 'ACshop', To: from }, { event: 'status' })).status).toBe(200);
    expect((await post({ MessageSid: second!.sid, MessageStatus: 'undelivered', ErrorCode: '30003', AccountSid: 'ACshop', To: from }, { event: 'status' })).status).toBe(200);
    expect(await message(first!.sid)).toMatchObject({ state: 'delivered', payload: { provider_status: 'delivered' } });
    expect(await message(second!.sid)).toMatchObject({ state: 'failed', payload: { provider_status: 'failed', delivery_error: '30003: undelivered' } });
    expect((await post({ MessageSid: first!.sid, MessageStatus: 'delivered' }, { event: 'status', signature: 'Zm9yZ2Vk' })).status).toBe(403);
  });

  test('a handoff answered by an attendant: the customer gets the attendant\'s words as SMS, split by the same rule (70 outside GSM-7)', async () => {
    const from = nextNumber();
    await text(from, 'hi');
    await text(from, 'I want a person');
    await twilio.waitFor(() => sentTo(from).some((m) => m.Body.startsWith('You are being transferred')), 'the wait message');
    const session = await until(async () => (await service.database.db.select().from(sessions).where(eq(sessions.external_user_id, from)))[0],
      (s) => s?.needs_human === true, 'the handoff');
    await service.eventsHandled();

    const password = 'attendant-password-1';
    const created = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'smsagent', email: 'smsagent@example.test', password, roles: ['attendant'] }),
    });
    expect(created.status).toBe(201);
    const agent = await bearerFor(service.url, 'smsagent', password);
    const api = (path: string, body: unknown) => fetch(`${service.url}${path}`, { method: 'POST', headers: { ...agent, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await api('/api/attendance/commands', { text: `/take ${session!.id}` })).status).toBe(200);

    const before = sentTo(from).length;
    const reply = `Hello, this is Maria from the shop. ${'I have checked your order and everything is on its way. '.repeat(3)}`.trim();
    expect((await api(`/api/attendance/sessions/${session!.id}/messages`, { text: reply })).status).toBe(200);
    await twilio.waitFor(() => sentTo(from).length >= before + 2, 'the attendant\'s reply');
    const gsm = sentTo(from).slice(before);
    expect(gsm.map((m) => m.Body.slice(0, 6))).toEqual(['(1/2) ', '(2/2) ']);
    for (const part of gsm) expect(Array.from(part.Body).length).toBeLessThanOrEqual(160);

    const cyrillic = 'Здравствуйте! Ваш заказ уже в пути и прибудет через два рабочих дня. Спасибо, что выбрали наш магазин.';
    expect((await api(`/api/attendance/sessions/${session!.id}/messages`, { text: cyrillic })).status).toBe(200);
    await twilio.waitFor(() => sentTo(from).length >= before + 4, 'the UCS-2 reply');
    const ucs2 = sentTo(from).slice(before + 2);
    expect(ucs2.map((m) => m.Body.slice(0, 6))).toEqual(['(1/2) ', '(2/2) ']);
    for (const part of ucs2) expect(Array.from(part.Body).length).toBeLessThanOrEqual(70);
    expect(ucs2.map((m) => m.Body.slice(6)).join(' ')).toBe(cyrillic);
  });
});
