import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { inboundQueue } from '../../db/schema/index.js';
import { signHubPayload } from '../../adapters/graph/index.js';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.js';
import { signedTeamChatRequest, startFakeTeamChat, teamChatRequests, type FakeTeamChat } from '../support/fake-team-chat.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../support/fake-telegram.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { FAKE_APP_PASSWORD, startFakeWorkchat, workchatActivities, type FakeWorkchat } from '../support/fake-workchat.js';
import { messaging, messagingWebhook, mobileMsg, mobileMsgStatus, mobileMsgWebhook } from '../support/graph-webhooks.js';
import { startTestService, type TestService } from '../support/service.js';

/**
 * Every channel's webhook door (mobile_msg, bot_msg, sms, social_dm, page_msg, workchat, and
 * team_chat's request URLs), called with bodies its provider signed but shaped wrong: each field of
 * real sample bodies removed, nulled, of the wrong type, or text with CR/LF and NUL; bodies that are
 * not the provider's at all; and 10,000 levels of nesting. No answer may be a 5xx (README,
 * "Security model"); a deep body is 400 `validation_error`.
 */

const PUBLIC_URL = 'https://bots.example.test';
const BOT = 'fuzzed';
const SECRETS = { botMsg: 'tg-secret', graph: 'graph-app-secret', sms: 'twilio-token', teamChat: 'slack-signing-secret' };
const APP_ID = 'app-fuzz';
const PHONE_ID = 'PHONE-FUZZ';
const PARALLEL = 8;
const HOSTILE_TEXT = 'a\r\nX-Injected: 1\u0000b\ud800';
const DEEP_ARRAYS = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const NOT_THE_PROVIDERS = ['', '{', 'null', '[]', '"text"', '12', '\u0000', '{"a":1}}', '\ud800'];

let telegram: FakeTelegram;
let graph: FakeGraph;
let twilio: FakeTwilio;
let workchat: FakeWorkchat;
let slack: FakeTeamChat;
let bots: TestBots;
let service: TestService;
let workchatToken: string;
const logged: string[] = [];

beforeAll(async () => {
  [telegram, graph, twilio, workchat, slack] = await Promise.all([startFakeTelegram(), startFakeGraph(), startFakeTwilio(), startFakeWorkchat(), startFakeTeamChat()]);
  bots = await createTestBots();
  await bots.add(BOT, {
    'bot-msg-token': '111:AAA', 'bot-msg-webhook-secret': SECRETS.botMsg, 'bot-msg-api-url': telegram.url, 'http-allow-private-networks': 'true',
    'mobile-msg-phone-number-id': PHONE_ID, 'mobile-msg-access-token': 'graph-token', 'mobile-msg-app-secret': SECRETS.graph,
    'mobile-msg-webhook-verify-token': 'verify', 'mobile-msg-api-url': graph.url,
    'page-msg-access-token': 'graph-token', 'page-msg-app-secret': SECRETS.graph, 'page-msg-api-url': graph.url,
    'social-dm-access-token': 'graph-token', 'social-dm-app-secret': SECRETS.graph, 'social-dm-api-url': graph.url,
    'sms-account-sid': 'ACfuzz', 'sms-auth-token': SECRETS.sms, 'sms-from': '+15550001111', 'sms-api-url': twilio.url,
    'workchat-app-id': APP_ID, 'workchat-app-password': FAKE_APP_PASSWORD, 'workchat-bot-id': '28:bot-id',
    'workchat-openid-metadata-url': workchat.metadataUrl, 'workchat-token-url': workchat.tokenUrl,
    'team-chat-bot-token': 'xoxb-fuzz', 'team-chat-signing-secret': SECRETS.teamChat, 'team-chat-channel': 'CFUZZ', 'team-chat-api-url': slack.apiUrl,
  }, 'TALK "Hello"\nHEAR answer\nTALK "Bye"\n');
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { logged.push(chunk.toString()); done(); } });
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL }, { logger: createLogger({ pretty: false, level: 'warn', destination }) });
  workchatToken = await workchat.token(APP_ID);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await Promise.all([telegram?.close(), graph?.close(), twilio?.close(), workchat?.close(), slack?.close()]);
});

/** One signed request to a door: the path under /webhooks and what to send. */
interface Call { what: string; path: string; headers: Record<string, string>; body: string }

/** How each door's provider signs what it sends (as the channels' own e2e suites do). */
const sign = {
  botMsg: (body: string): Call => ({
    what: 'bot_msg', path: `/webhooks/bot_msg/${BOT}`, body, headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRETS.botMsg },
  }),
  graph: (channel: 'mobile_msg' | 'page_msg' | 'social_dm', body: string): Call => ({
    what: channel, path: `/webhooks/${channel}/${BOT}`, body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signHubPayload(body, SECRETS.graph) },
  }),
  sms: (fields: Record<string, string>, event?: string): Call => {
    const path = `/webhooks/sms/${BOT}${event ? `/${event}` : ''}`;
    return {
      what: path.slice('/webhooks/'.length), path, body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SECRETS.sms, `${PUBLIC_URL}${path}`, fields) },
    };
  },
  workchat: (body: string): Call => ({
    what: 'workchat', path: `/webhooks/workchat/${BOT}`, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${workchatToken}` },
  }),
  teamChat: (event: 'interactions' | 'commands' | 'events', body: string, contentType = 'application/x-www-form-urlencoded'): Call => {
    const signed = signedTeamChatRequest(SECRETS.teamChat, body, contentType);
    return { what: `team_chat/${event}`, path: `/webhooks/team_chat/${BOT}/${event}`, body, headers: signed.headers };
  },
};

/**
 * Every wrong shape of a JSON value: each member removed, and each node (the whole included)
 * replaced by null, a number, text with CR/LF and NUL, and a container of the other kind.
 */
function* mutantsOf(value: unknown): Generator<unknown> {
  for (const wrong of [null, 7, HOSTILE_TEXT, Array.isArray(value) ? {} : []]) {
    if (JSON.stringify(wrong) !== JSON.stringify(value)) yield wrong;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      yield value.filter((_v, j) => j !== i);
      for (const mutant of mutantsOf(item)) yield value.map((v, j) => (j === i ? mutant : v));
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      yield Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
      for (const mutant of mutantsOf(item)) yield { ...value, [key]: mutant };
    }
  }
}

/** Every wrong shape of a provider's form: each field removed, empty, or CR/LF and NUL text. */
function* formMutantsOf(fields: Record<string, string>): Generator<Record<string, string>> {
  for (const name of Object.keys(fields)) {
    yield Object.fromEntries(Object.entries(fields).filter(([k]) => k !== name));
    for (const wrong of ['', HOSTILE_TEXT, 'x'.repeat(20_000)]) yield { ...fields, [name]: wrong };
  }
}

const jsonSamples = () => {
  const chat = 8100;
  return {
    botMsg: [
      telegramUpdates.text(chat, '/start'), telegramUpdates.edited(chat, 'fixed'), telegramUpdates.photo(chat, 'look'),
      telegramUpdates.voice(chat, 'voice-1'), telegramUpdates.location(chat),
      telegramUpdates.callback(chat, { message_id: 1, date: 1, chat: { id: chat, type: 'private' }, reply_markup: { inline_keyboard: [[{ text: 'Red', callback_data: '#1' }]] } }, '#1'),
    ],
    mobileMsg: [
      mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.text('5511900000001', 'wamid.F1', 'hi'), mobileMsg.image('5511900000001', 'wamid.F2', 'media-1', 'cap')] }]),
      mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.buttonReply('5511900000001', 'wamid.F3', 'opt', 'Red'), mobileMsg.document('5511900000001', 'wamid.F4', 'media-2')] }]),
      mobileMsgWebhook(PHONE_ID, [{ statuses: [mobileMsgStatus('wamid.OUT', 'failed', '5511900000001', { code: 131026, title: 'undeliverable', details: 'x' })] }]),
    ],
    pageMsg: [messagingWebhook('page', [messaging.text('PSID1', 'm.F1', 'hi'), messaging.postback('PSID1', 'm.F2', 'p', 'P'), messaging.image('PSID1', 'm.F3', 'https://example.test/a.jpg'), messaging.delivery('PSID1', ['m.OUT'])])],
    socialDm: [messagingWebhook('instagram', [messaging.text('IGSID1', 'm.F4', 'hi'), messaging.quickReply('IGSID1', 'm.F5', 'q', 'Q')])],
    workchat: [
      workchatActivities.message(workchat.serviceUrl, 'a:conv-fuzz', { id: '29:user', name: 'Ana' }, 'hi', {
        attachments: [{ contentType: 'image/png', contentUrl: `${workchat.serviceUrl}v3/attachments/x/views/original`, name: 'a.png' }],
      }),
      workchatActivities.conversationUpdate(workchat.serviceUrl, 'a:conv-fuzz', { id: '29:user' }, { added: ['28:bot-id'] }),
    ],
    teamChatEvents: [JSON.parse(teamChatRequests.message('U1', 'CFUZZ', 'hello', '1760000000.000100')) as unknown],
    teamChatPayloads: [JSON.parse(new URLSearchParams(teamChatRequests.take('U1', 'CFUZZ', '00000000-0000-4000-8000-000000000000')).get('payload')!) as unknown],
  };
};

/** Sends the calls, a few at a time; answers the ones that failed the rules, described. */
async function failuresOf(calls: Call[], rule: (call: Call, status: number, text: string) => string | undefined): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < calls.length; i += PARALLEL) {
    const results = await Promise.all(calls.slice(i, i + PARALLEL).map(async (call) => {
      const res = await fetch(`${service.url}${call.path}`, { method: 'POST', headers: call.headers, body: call.body });
      const text = await res.text();
      const broken = rule(call, res.status, text);
      return broken && `${call.what} ${call.body.slice(0, 100)} → ${res.status} ${text.slice(0, 120)}: ${broken}`;
    }));
    failures.push(...results.filter((r): r is string => Boolean(r)));
  }
  return failures;
}

const no5xx = (_call: Call, status: number) => (status >= 500 ? 'a 5xx' : undefined);

test('signed bodies of the wrong shape never get a 5xx at any channel\'s door', async () => {
  const samples = jsonSamples();
  const json = (values: unknown[], to: (body: string) => Call) => values.flatMap((v) => [v, ...mutantsOf(v)]).map((v) => to(JSON.stringify(v)));
  const payload = (value: unknown) => sign.teamChat('interactions', new URLSearchParams({ payload: JSON.stringify(value) }).toString());
  const smsInbound = twilioInbound('+15550002222', '+15550001111', 'hi', { NumMedia: '1', MediaUrl0: 'https://api.twilio.test/media/1', MediaContentType0: 'image/jpeg' });
  const smsStatus = { MessageSid: 'SMout', MessageStatus: 'undelivered', ErrorCode: '30003', AccountSid: 'ACfuzz', To: '+15550002222' };
  const command = Object.fromEntries(new URLSearchParams(teamChatRequests.command('U1', 'CFUZZ', '/queue', '')));
  const calls: Call[] = [
    ...json(samples.botMsg, sign.botMsg),
    ...json(samples.mobileMsg, (b) => sign.graph('mobile_msg', b)),
    ...json(samples.pageMsg, (b) => sign.graph('page_msg', b)),
    ...json(samples.socialDm, (b) => sign.graph('social_dm', b)),
    ...json(samples.workchat, sign.workchat),
    ...json(samples.teamChatEvents, (b) => sign.teamChat('events', b, 'application/json')),
    ...samples.teamChatPayloads.flatMap((v) => [v, ...mutantsOf(v)]).map(payload),
    ...[smsInbound, ...formMutantsOf(smsInbound)].map((f) => sign.sms(f)),
    ...[smsStatus, ...formMutantsOf(smsStatus)].map((f) => sign.sms(f, 'status')),
    ...[command, ...formMutantsOf(command)].map((f) => sign.teamChat('commands', new URLSearchParams(f).toString())),
    // Bodies that are no provider's at all, signed all the same.
    ...NOT_THE_PROVIDERS.flatMap((raw) => [
      sign.botMsg(raw), sign.graph('mobile_msg', raw), sign.graph('page_msg', raw), sign.graph('social_dm', raw), sign.workchat(raw),
      sign.teamChat('events', raw, 'application/json'), sign.teamChat('interactions', new URLSearchParams({ payload: raw }).toString()),
      sign.teamChat('commands', raw), sign.sms({ Body: raw }),
    ]),
  ];
  expect(calls.length).toBeGreaterThan(1000);
  expect(await failuresOf(calls, no5xx)).toEqual([]);
}, 240_000);

test('10,000 levels of nesting, signed, are 400 validation_error at every door; form fields do not nest', async () => {
  const deep = [DEEP_ARRAYS, DEEP_OBJECTS].flatMap((raw) => [
    sign.botMsg(raw), sign.graph('mobile_msg', raw), sign.graph('page_msg', raw), sign.graph('social_dm', raw), sign.workchat(raw),
    sign.teamChat('events', raw, 'application/json'), sign.teamChat('events', raw, 'text/plain'),
    sign.teamChat('interactions', new URLSearchParams({ payload: raw }).toString()),
    { ...sign.botMsg(raw), what: 'sms as JSON', path: `/webhooks/sms/${BOT}` },
    // The door parses a body of any type but a form as JSON: a deep body sent as text is refused there.
    { ...sign.botMsg(raw), what: 'bot_msg as text', headers: { 'content-type': 'text/plain', 'x-telegram-bot-api-secret-token': SECRETS.botMsg } },
  ]);
  expect(await failuresOf(deep, (_call, status, text) => (status === 400 && text.includes('"validation_error"') ? undefined : 'not 400 validation_error'))).toEqual([]);
  // A form's names are read flat (`a[b]` is a name, not an object): there is nothing to nest.
  const nestedName = `${'a'}${'[b]'.repeat(10_000)}`;
  const forms = [sign.sms({ ...twilioInbound('+15550003333', '+15550001111', 'hi'), [nestedName]: 'x' }), sign.teamChat('commands', `${nestedName}=x&command=/queue&user_id=U1&channel_id=C1`)];
  expect(await failuresOf(forms, no5xx)).toEqual([]);
});

test('a signed bot_msg update without its chat is acknowledged 200, logged at warn, and stores nothing', async () => {
  const res = await fetch(`${service.url}/webhooks/bot_msg/${BOT}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRETS.botMsg },
    body: JSON.stringify({ update_id: 424242, message: { text: 'x' } }),
  });
  expect(res.status).toBe(200);
  expect(await service.database.db.select().from(inboundQueue).where(eq(inboundQueue.provider_message_id, '424242'))).toEqual([]);
  expect(logged.some((line) => line.includes('bot_msg: malformed update skipped') && line.includes('message.chat'))).toBe(true);
});
