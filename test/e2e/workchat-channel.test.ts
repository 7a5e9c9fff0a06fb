import { and, eq } from 'drizzle-orm';
import { createAttendanceRepositories } from '../../db/index.js';
import { messages, sessions, workchatConversations } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { FAKE_APP_PASSWORD, startFakeWorkchat, workchatActivities, type ConnectorPost, type FakeWorkchat, type TokenOptions } from '../support/fake-workchat.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { isOggOpus } from '../support/ogg-opus.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

// workchat end to end (docs/channels/workchat.md): a real service, a local OpenID issuer
// with its own keys, the token endpoint and the connector as one fake provider on 127.0.0.1.
const APP_ID = 'app-0001';
const SHOP = [
  'TALK "Welcome to the shop!"',
  'DO',
  '  HEAR choice AS "Pizza", "Salad", "Talk to a person"',
  '  IF choice = "Talk to a person" THEN',
  '    TRANSFER TO HUMAN "support", "normal", "asked for a person"',
  '    EXIT DO',
  '  END IF',
  '  TALK "One " & choice & " coming up."',
  'LOOP',
].join('\n');

let fake: FakeWorkchat;
let voice: FakeVoice;
let bots: TestBots;
let service: TestService;
let admin: { authorization: string };
let conversations = 0;
const nextConversation = () => `a:conv-${++conversations}`;

beforeAll(async () => {
  fake = await startFakeWorkchat();
  voice = await startFakeVoice();
  bots = await createTestBots();
  const channel = {
    'workchat-app-id': APP_ID, 'workchat-app-password': FAKE_APP_PASSWORD, 'workchat-bot-id': '28:bot-id',
    'workchat-openid-metadata-url': fake.metadataUrl, 'workchat-token-url': fake.tokenUrl,
    // The fake provider listens on loopback, which the outbound guard refuses otherwise.
    'http-allow-private-networks': 'true',
  };
  await bots.add('chat', channel, SHOP);
  await bots.add('chatoff', { ...channel, 'workchat-enabled': 'false' }, SHOP);
  // Voice on workchat: the voice service transcribes audio messages and speaks the answers (workchat-voice-enabled, on by default).
  await bots.add('chatvoice', { ...channel, 'voice-models-url': voice.url }, SHOP);
  // No app id: accepted without a token outside production (the provider's emulator).
  await bots.add('emulated', { 'workchat-bot-id': '28:bot-id', 'http-allow-private-networks': 'true' }, SHOP);
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await fake?.close();
  await voice?.close();
});

async function post(activity: unknown, token: string | null, bot = 'chat'): Promise<Response> {
  return fetch(`${service.url}/webhooks/workchat/${bot}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(activity),
  });
}
/** Posts an activity with a good token and expects it accepted. */
async function say(activity: unknown, options: TokenOptions = {}): Promise<void> {
  const res = await post(activity, await fake.token(APP_ID, options));
  expect(res.status).toBe(200);
}
const customer = (name: string) => ({ id: `29:${name}`, name });
const textsTo = (conversation: string) => fake.postsTo(conversation).map((p) => p.activity.text);
const waitForText = (conversation: string, match: (text: string) => boolean, what: string) =>
  fake.waitFor(() => textsTo(conversation).some((t) => t !== undefined && match(t)), what);
const postWith = (conversation: string, match: (text: string) => boolean): ConnectorPost | undefined =>
  fake.postsTo(conversation).find((p) => p.activity.text !== undefined && match(p.activity.text));

describe('workchat: signed requests only', () => {
  test('a missing, forged, expired, never-expiring, misdirected or foreign-audience token is 401 and nothing is stored', async () => {
    const conversation = nextConversation();
    const activity = workchatActivities.message(fake.serviceUrl, conversation, customer('eve'), 'hi');
    const refused: (string | null)[] = [
      null,
      'not-a-jwt',
      await fake.token(APP_ID, { forged: true }),
      await fake.token(APP_ID, { expiresIn: -600 }), // past the five-minute skew
      await fake.token(APP_ID, { expiresIn: null }), // no `exp` at all
      await fake.token('someone-else'),
      await fake.token(APP_ID, { claims: { serviceurl: 'https://evil.example.test/' } }),
      await fake.token(APP_ID, { claims: { iss: 'https://other-issuer.example.test' } }),
    ];
    for (const token of refused) expect((await post(activity, token)).status).toBe(401);
    expect((await post(activity, await fake.token(APP_ID), 'chatoff')).status).toBe(404);
    expect((await post(activity, await fake.token(APP_ID), 'nobody')).status).toBe(404);
    const stored = await service.database.db.select().from(workchatConversations).where(eq(workchatConversations.conversation_id, conversation));
    expect(stored).toEqual([]);
    const sessionsOf = await service.database.db.select().from(sessions).where(eq(sessions.external_user_id, conversation));
    expect(sessionsOf).toEqual([]);
    // A token expired by less than the skew still passes.
    await say(activity, { expiresIn: -60 });
    await waitForText(conversation, (t) => t === 'Welcome to the shop!', 'the welcome after a token inside the skew');
  });

  test('a bot without an app id takes unsigned activities outside production', async () => {
    const conversation = nextConversation();
    expect((await post(workchatActivities.message(fake.serviceUrl, conversation, customer('dev'), 'hi'), null, 'emulated')).status).toBe(200);
    await waitForText(conversation, (t) => t === 'Welcome to the shop!', 'the emulated bot\'s welcome');
    // No credentials: the connector is called without a token.
    expect(fake.postsTo(conversation)[0]!.authorization).toBeUndefined();
  });

  test('in production that bot is not loaded (its webhook is 404) while the signed bot is', async () => {
    const production = await startTestService({ BOTS_DIR: bots.dir, NODE_ENV: 'production' });
    try {
      const activity = workchatActivities.message(fake.serviceUrl, nextConversation(), customer('dev'), 'hi');
      const to = (bot: string, token: string | null) => fetch(`${production.url}/webhooks/workchat/${bot}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(activity),
      });
      expect(production.bots.map((b) => b.name)).not.toContain('emulated');
      expect((await to('emulated', null)).status).toBe(404);
      expect((await to('chat', await fake.token(APP_ID))).status).toBe(200);
    } finally {
      await production.dispose();
    }
  });
});

describe('workchat: customers', () => {
  test('bot added, a dialog with suggested actions, replies to the serviceUrl with one cached connector token', async () => {
    const conversation = nextConversation();
    await say(workchatActivities.conversationUpdate(fake.serviceUrl, conversation, customer('carla'), { added: ['28:bot-id', '29:carla'] }));
    const [reference] = await service.database.db.select().from(workchatConversations).where(eq(workchatConversations.conversation_id, conversation));
    expect(reference).toMatchObject({ bot: 'chat', service_url: fake.serviceUrl, channel_id: 'msteams', bot_account_id: '28:bot-id', tenant_id: 'tenant-1' });

    const tokensBefore = fake.tokenRequests.length;
    await say(workchatActivities.message(fake.serviceUrl, conversation, customer('carla'), '<at>Shop bot</at> hi'));
    await waitForText(conversation, (t) => t === 'Welcome to the shop!', 'the welcome');
    await fake.waitFor(() => fake.postsTo(conversation).some((p) => p.activity.suggestedActions), 'the menu');
    const menu = fake.postsTo(conversation).find((p) => p.activity.suggestedActions)!;
    expect(menu.activity.suggestedActions!.actions.map((a) => [a.type, a.title, a.value])).toEqual([
      ['imBack', 'Pizza', 'Pizza'], ['imBack', 'Salad', 'Salad'], ['imBack', 'Talk to a person', 'Talk to a person'],
    ]);
    expect(menu.activity.from).toMatchObject({ id: '28:bot-id' });
    expect(menu.authorization).toMatch(/^Bearer connector-token-\d+$/);

    // A pressed card button comes back as the activity's value.
    await say(workchatActivities.message(fake.serviceUrl, conversation, customer('carla'), '', { text: undefined, value: { text: 'Pizza' } }));
    await waitForText(conversation, (t) => t === 'One Pizza coming up.', 'the answer to the pressed option');
    // Every reply used one token from the token endpoint, asked for with the app's credentials.
    expect(fake.tokenRequests.length - tokensBefore).toBeLessThanOrEqual(1);
    expect(fake.tokenRequests.at(-1)).toEqual({ client_id: APP_ID, scope: 'https://api.botframework.com/.default' });
    const inbound = await service.database.db.select().from(messages)
      .where(and(eq(messages.channel, 'workchat'), eq(messages.direction, 'inbound'), eq(messages.sender, 'customer')));
    expect(inbound.filter((m) => m.text === 'hi' || m.text === 'Pizza').length).toBeGreaterThanOrEqual(2);

    // The bot removed from the conversation: its reference is forgotten.
    await say(workchatActivities.conversationUpdate(fake.serviceUrl, conversation, customer('carla'), { removed: ['28:bot-id'] }));
    expect(await service.database.db.select().from(workchatConversations).where(eq(workchatConversations.conversation_id, conversation))).toEqual([]);
  });
});

describe('workchat: voice', () => {
  test('an audio message is transcribed and enters as text with the audio; the answer carries its spoken Ogg/Opus as an attachment', async () => {
    const conversation = nextConversation();
    const url = fake.addAttachment(Buffer.from('webm-recording'), 'audio/webm');
    voice.transcript = 'hello there';
    const res = await post(workchatActivities.message(fake.serviceUrl, conversation, customer('vera'), '', {
      text: undefined, attachments: [{ contentType: 'audio/webm', contentUrl: url, name: 'recording.webm' }],
    }), await fake.token(APP_ID), 'chatvoice');
    expect(res.status).toBe(200);
    await waitForText(conversation, (t) => t === 'Welcome to the shop!', 'the welcome');
    const welcome = postWith(conversation, (t) => t === 'Welcome to the shop!')!;
    const audio = welcome.activity.attachments!.find((a) => a.contentType === 'audio/ogg')!;
    expect(isOggOpus(Buffer.from(audio.contentUrl!.replace(/^data:audio\/ogg;base64,/, ''), 'base64'))).toBe(true);
    const [stored] = await service.database.db.select().from(messages).innerJoin(sessions, eq(sessions.id, messages.session_id))
      .where(and(eq(sessions.external_user_id, conversation), eq(messages.direction, 'inbound')));
    expect(stored!.messages.text).toBe('hello there');
    expect(stored!.messages.payload.attachments).toEqual([{ type: 'audio', url, mime_type: 'audio/webm', name: 'recording.webm', voice: true }]);
  });
});

describe('workchat: attendants', () => {
  test('an attendant gets the card, takes from workchat, answers after a restart, runs /context, /video (join cards) and /transfer', async () => {
    const repos = () => createAttendanceRepositories(service.database.db);
    const user = async (username: string) => {
      const res = await fetch(`${service.url}/api/users`, {
        method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ username, email: `${username}@example.test`, password: 'password-for-tests', roles: ['attendant'] }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    // Ana is known by her directory object id (an alias on her profile), Bob by his e-mail only.
    const ana = await user('ana');
    const bob = await user('bob');
    await repos().profiles.upsert(ana, { name: 'Ana', aliases: ['aad-ana'], status: 'online' });
    await repos().profiles.upsert(bob, { name: 'Bob', email: 'bob@example.test', status: 'online' });
    const anaChat = nextConversation();
    const bobChat = nextConversation();
    const anaAccount = { id: '29:ana', name: 'Ana', aadObjectId: 'aad-ana' };
    fake.members.set('29:bob', { id: '29:bob', name: 'Bob', email: 'bob@example.test' });
    // Ana installed the bot; Bob wrote to it (the connector tells his e-mail) and steps away, so Ana gets the work.
    await say(workchatActivities.conversationUpdate(fake.serviceUrl, anaChat, anaAccount, { added: ['28:bot-id'] }));
    await say(workchatActivities.message(fake.serviceUrl, bobChat, { id: '29:bob', name: 'Bob' }, '/status away'));
    await waitForText(bobChat, (t) => t === 'Your status is now away.', "Bob's /status answer");

    const customerChat = nextConversation();
    await say(workchatActivities.message(fake.serviceUrl, customerChat, customer('dora'), 'hello'));
    await say(workchatActivities.message(fake.serviceUrl, customerChat, customer('dora'), 'Talk to a person'));
    await fake.waitFor(() => fake.postsTo(anaChat).some((p) => p.activity.attachments?.length), "the card in Ana's chat");
    const card = fake.postsTo(anaChat).find((p) => p.activity.attachments?.length)!.activity.attachments![0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const content = card.content as { body: { facts?: { title: string; value: string }[] }[]; actions: { title: string; data: { text: string } }[] };
    const facts = content.body.flatMap((b) => b.facts ?? []);
    // The customer by the display rule (docs/crm.md, "What attendants see"): the name workchat gives (from.name).
    const shown = facts.find((f) => f.title === 'Customer')!.value;
    expect(shown).toBe('dora');
    expect(facts).toEqual([
      { title: 'Customer', value: shown }, { title: 'Channel', value: 'workchat' }, { title: 'Message', value: 'Talk to a person' },
    ]);
    const take = content.actions.find((a) => a.title === 'Take')!;
    expect(take.data.text).toMatch(/^\/take [0-9a-f-]{36}$/);

    // The service restarts: the customer's conversation reference survives in the database.
    service = await service.restart();
    // Ana presses Take (the card sends the command as her message's value).
    await say(workchatActivities.message(fake.serviceUrl, anaChat, anaAccount, '', { text: undefined, value: { text: take.data.text } }));
    await fake.waitFor(() => fake.postsTo(anaChat).length >= 2, "Ana's answer to Take");
    await say(workchatActivities.message(fake.serviceUrl, anaChat, anaAccount, 'Hi, this is Ana. How can I help?'));
    await waitForText(customerChat, (t) => t === 'Hi, this is Ana. How can I help?', "Ana's line to the customer");
    // The customer's answer arrives in Ana's chat.
    await say(workchatActivities.message(fake.serviceUrl, customerChat, customer('dora'), 'My pizza is late'));
    await waitForText(anaChat, (t) => t === `${shown}: My pizza is late`, "the customer's line in Ana's chat");

    await say(workchatActivities.message(fake.serviceUrl, anaChat, anaAccount, '/context'));
    // The customer is named as workchat names the member who wrote (docs/crm.md, "Names from every channel").
    await waitForText(anaChat, (t) => t.startsWith('Customer: dora\n') && /Channel: workchat\nTransfer reason: .+/.test(t), "Ana's /context");
    // /video (workchat-meeting-enabled): the customer gets the join link as a card, and so does Ana's answer in her chat.
    await say(workchatActivities.message(fake.serviceUrl, anaChat, anaAccount, '/video'));
    const joinCard = (conversation: string) => fake.postsTo(conversation).find((p) => JSON.stringify(p.activity.attachments ?? []).includes('Action.OpenUrl'));
    await fake.waitFor(() => joinCard(customerChat) !== undefined && joinCard(anaChat) !== undefined, 'the join cards');
    const customerCard = joinCard(customerChat)!.activity.attachments![0]!.content as { actions: { type: string; title: string; url: string }[] };
    expect(customerCard.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Join video call', url: expect.stringMatching(/\/meet\/[^/]+$/) }]);
    expect(JSON.stringify(joinCard(anaChat)!.activity.attachments)).toContain(customerCard.actions[0]!.url);
    await say(workchatActivities.message(fake.serviceUrl, anaChat, anaAccount, '/transfer @bob'));
    await waitForText(anaChat, (t) => t === 'Conversation transferred to @bob.', "Ana's /transfer answer");
    await fake.waitFor(() => fake.postsTo(bobChat).some((p) => p.activity.attachments?.length), "the transfer card in Bob's chat");
    const transferCard = fake.postsTo(bobChat).find((p) => p.activity.attachments?.length)!;
    expect(JSON.stringify(transferCard.activity.attachments)).toContain('transferred to you');

    // The attendants' lines never became customers' messages.
    const asCustomer = await service.database.db.select().from(messages).where(and(eq(messages.channel, 'workchat'), eq(messages.sender, 'customer')));
    expect(asCustomer.some((m) => m.text.startsWith('Hi, this is Ana') || m.text.startsWith('/'))).toBe(false);
    expect(postWith(customerChat, (t) => t.startsWith('/'))).toBeUndefined();
  });
});
