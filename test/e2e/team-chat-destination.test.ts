import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeTeamChat, signedTeamChatRequest, teamChatRequests, type FakeTeamChat, type TeamChatCall } from '../support/fake-team-chat.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// Destinations (docs/attendance/README.md, "Destinations") and the team_chat destination
// (docs/channels/team-chat.md) end to end: a fake Slack-style Web API, signed requests to the app's
// request URLs, web customers whose transfers name (or not) a destination and a target.

const SECRET = 'team-chat-signing-secret';
const FORM = 'application/x-www-form-urlencoded';
// The customer's first line picks the transfer; none of them is a transfer keyword of the default config.
const ROUTER = [
  'TALK "Hi! What do you need?"',
  'HEAR choice',
  'SELECT CASE choice',
  '  CASE "console"',
  '    TRANSFER TO HUMAN "support", "normal", "console only", "web"',
  '  CASE "team"',
  '    TRANSFER TO HUMAN "support", "normal", "to the team channel", "team_chat"',
  '  CASE "alice"',
  '    TRANSFER TO HUMAN "alice", "normal", "asked for alice"',
  '  CASE ELSE',
  '    TRANSFER TO HUMAN "support", "normal", "needs help"',
  'END SELECT',
].join('\n');

type Headers = { authorization: string };
let slack: FakeTeamChat;
let bots: TestBots;
let service: TestService;
let admin: Headers;

beforeAll(async () => {
  slack = await startFakeTeamChat();
  bots = await createTestBots();
  const teamChat = (channel: string) => ({
    'team-chat-bot-token': 'xoxb-desk', 'team-chat-signing-secret': SECRET, 'team-chat-channel': channel, 'team-chat-api-url': slack.apiUrl,
    // The fake Web API listens on loopback, which the outbound guard refuses otherwise.
    'http-allow-private-networks': 'true',
  });
  // desk: notices go to team_chat by default; nobody is assigned automatically, attendants press Take.
  await bots.add('desk', { ...teamChat('CDESK'), 'attendance-default-destination': 'team_chat', 'attendance-auto-assign': 'false' }, ROUTER);
  // front: the web console by default; a transfer may still send a conversation to team_chat.
  await bots.add('front', { ...teamChat('CFRONT'), 'attendance-default-destination': 'web', 'attendance-auto-assign': 'false' }, ROUTER);
  // routing: auto-assignment by the attendant-list rule, for named targets.
  await bots.add('routing', { 'attendance-default-destination': 'web' }, ROUTER);
  await bots.add('plain', {}, ROUTER);
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await slack?.close();
});

async function call(method: string, path: string, headers: Partial<Headers>, body?: unknown): Promise<unknown> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

async function attendant(username: string, status = 'online'): Promise<{ id: string; headers: Headers }> {
  const password = 'password-for-tests';
  const { id } = await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles: ['attendant'] }) as { id: string };
  const headers = await bearerFor(service.url, username, password);
  await call('POST', '/api/attendance/commands', headers, { text: `/status ${status}` });
  return { id, headers };
}

/** A web customer of `bot` whose second line (`choice`) picks the transfer; resolves once attendance heard of it. */
async function customer(bot: string, choice: string): Promise<{ session: string; token: string }> {
  const first = await sayOnWeb(service.url, bot, 'hi');
  await sayOnWeb(service.url, bot, choice, first.session_token);
  await service.eventsHandled();
  return { session: first.session_id, token: first.session_token };
}

async function queueItem(session: string): Promise<{ status: string; assigned_to: string | null } | undefined> {
  const items = await call('GET', '/api/attendance/queue', admin) as { session_id: string; status: string; assigned_to: string | null }[];
  return items.find((i) => i.session_id === session);
}

/** POSTs a body to one of the app's request URLs, signed unless `headers` are given. */
function post(bot: string, event: string, body: string, contentType: string, headers?: Record<string, string>): Promise<Response> {
  const signed = signedTeamChatRequest(SECRET, body, contentType);
  return fetch(`${service.url}/webhooks/team_chat/${bot}/${event}`, { method: 'POST', headers: headers ?? signed.headers, body });
}

const noticeOf = (session: string) => (c: TeamChatCall) =>
  c.method === 'chat.postMessage' && !c.params.thread_ts && JSON.stringify(c.params.blocks ?? '').includes(session);

describe('the team_chat request URLs', () => {
  test('missing, forged and stale signatures are 401 and run nothing; a bot without team_chat is 404; the URL check answers its challenge', async () => {
    const { session } = await customer('desk', 'help me');
    const body = teamChatRequests.take('UTARA', 'CDESK', session);
    const old = signedTeamChatRequest(SECRET, body, FORM, new Date(Date.now() - 6 * 60_000));
    const forged = signedTeamChatRequest('not-the-secret', body, FORM);
    const statuses = [
      (await post('desk', 'interactions', body, FORM, { 'content-type': FORM })).status,
      (await post('desk', 'interactions', body, FORM, forged.headers)).status,
      (await post('desk', 'interactions', body, FORM, old.headers)).status,
      (await post('desk', 'commands', teamChatRequests.command('UTARA', 'CDESK', '/take', session), FORM, forged.headers)).status,
      (await post('plain', 'interactions', body, FORM)).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 404]);
    expect((await queueItem(session))?.status).toBe('waiting');

    const check = await post('desk', 'events', JSON.stringify({ type: 'url_verification', token: 'x', challenge: 'c-123' }), 'application/json');
    expect([check.status, await check.json()]).toEqual([200, { challenge: 'c-123' }]);
  });
});

describe('team_chat as the destination', () => {
  test('a notice with a Take button; Take from the workspace; customer lines in the thread; a thread reply reaches the customer', async () => {
    const tara = await attendant('tara', 'offline');
    slack.addUser('UTARA', 'tara@example.test', 'Tara Lima');
    slack.addUser('UNOBODY', 'nobody@example.test', 'No Body');
    const { session, token } = await customer('desk', 'my order is late');

    const [notice] = (await slack.waitFor((c) => c.some(noticeOf(session)), 'the notice')).filter(noticeOf(session));
    expect(notice).toMatchObject({ token: 'xoxb-desk', params: { channel: 'CDESK', text: expect.stringContaining('my order is late') } });
    // A web customer nothing names is shown by channel and short id (docs/crm.md, "The display name").
    expect(notice!.params.text).toBe(`New conversation from web · ${session.slice(0, 6)} on web: my order is late`);
    const button = (notice!.params.blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[])
      .find((b) => b.type === 'actions')!.elements![0]!;
    expect(button).toMatchObject({ action_id: 'take_conversation', value: session });

    // Someone who is no attendant is told so, only to them; the conversation still waits.
    expect((await post('desk', 'interactions', teamChatRequests.take('UNOBODY', 'CDESK', session), FORM)).status).toBe(200);
    expect(slack.callsOf('chat.postEphemeral').at(-1)!.params).toMatchObject({ channel: 'CDESK', user: 'UNOBODY', text: expect.stringContaining('not linked') });
    expect((await queueItem(session))?.status).toBe('waiting');

    // Tara is found by the email users.info gives; her Take assigns it and the notice says so, without the button.
    expect((await post('desk', 'interactions', teamChatRequests.take('UTARA', 'CDESK', session), FORM)).status).toBe(200);
    expect(await queueItem(session)).toMatchObject({ status: 'active', assigned_to: tara.id });
    const update = (await slack.waitFor((c) => c.some((x) => x.method === 'chat.update'), 'the notice updated')).find((c) => c.method === 'chat.update')!;
    expect(JSON.stringify(update.params.blocks)).toContain('Taken by tara');
    expect(JSON.stringify(update.params.blocks)).not.toContain('take_conversation');

    // The customer's next line lands in the notice's thread.
    const ts = update.params.ts as string;
    await sayOnWeb(service.url, 'desk', 'are you there?', token);
    await service.eventsHandled();
    const inThread = await slack.waitFor((c) => c.some((x) => x.params.thread_ts === ts), 'the customer line in the thread');
    expect(inThread.find((x) => x.params.thread_ts === ts)!.params).toMatchObject({ channel: 'CDESK', text: expect.stringContaining('are you there?') });

    // Tara answers in the thread: the customer gets it; the app's own posts (bot_id) are not relayed back.
    expect((await post('desk', 'events', teamChatRequests.message('UTARA', 'CDESK', 'Yes, looking at it now.', ts), 'application/json')).status).toBe(200);
    expect((await post('desk', 'events', teamChatRequests.message('UBOT', 'CDESK', 'echo of ours', ts, { bot_id: 'B1' }), 'application/json')).status).toBe(200);
    const history = await call('GET', `/api/channels/web/desk/messages?session_token=${encodeURIComponent(token)}`, {}) as { messages: { from: string; text: string }[] };
    expect(history.messages.filter((m) => m.from === 'attendant').map((m) => m.text)).toEqual(['Yes, looking at it now.']);

    // A slash command runs as the attendant, answered to her alone.
    const res = await post('desk', 'commands', teamChatRequests.command('UTARA', 'CDESK', '/switchboard', `resolve ${session}`), FORM);
    expect(await res.json()).toMatchObject({ response_type: 'ephemeral', text: expect.any(String) });
    expect(await queueItem(session)).toBeUndefined();
    await slack.waitFor((c) => c.some((x) => x.method === 'chat.update' && JSON.stringify(x.params.blocks).includes('Resolved')), 'the notice resolved');
  });

  test('the transfer\'s destination overrides the default both ways; the console lists every conversation', async () => {
    const toConsole = await customer('desk', 'console');
    const toTeam = await customer('front', 'team');
    const byDefault = await customer('front', 'help me');
    await slack.waitFor((c) => c.some(noticeOf(toTeam.session)), 'the notice of the front bot');
    expect(slack.calls.find(noticeOf(toTeam.session))!.params.channel).toBe('CFRONT');
    expect(slack.calls.filter(noticeOf(toConsole.session))).toEqual([]);
    expect(slack.calls.filter(noticeOf(byDefault.session))).toEqual([]);
    for (const { session } of [toConsole, toTeam, byDefault]) expect((await queueItem(session))?.status).toBe('waiting');
  });
});

describe('a named target', () => {
  test('"alice" goes to alice even when bob has fewer conversations', async () => {
    const alice = await attendant('alice');
    const bob = await attendant('bob');
    const first = await customer('routing', 'alice');
    const second = await customer('routing', 'alice');
    const third = await customer('routing', 'help me');
    expect((await queueItem(first.session))?.assigned_to).toBe(alice.id);
    expect((await queueItem(second.session))?.assigned_to).toBe(alice.id);
    expect((await queueItem(third.session))?.assigned_to).toBe(bob.id);
  });
});
