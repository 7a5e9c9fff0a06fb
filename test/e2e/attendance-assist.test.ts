/**
 * Attendant assist end to end: the real service with bots whose
 * model is the fake OpenAI-compatible server — answering well, with garbage, with HTTP 500, or
 * not at all — and a bot without a model.
 */
import { WebSocket } from 'ws';
import { startFakeOpenAi, type ChatRequest, type FakeAnswer, type FakeOpenAi } from '../support/fake-openai.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitFor, waitForValue } from '../support/wait-for.js';

type Headers = { authorization: string };
type Body = Record<string, unknown>;
type Frame = Body & { type: string };

const MODEL = 'assist-test-model';
const FLAGS = ['attendant-llm-tips', 'attendant-polish-message', 'attendant-smart-replies', 'attendant-auto-summary', 'attendant-sentiment-analysis'];

let fake: FakeOpenAi;
let service: TestService;
let admin: Headers;
let bots: TestBots;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  bots = await createTestBots('sb-assist-bots-');
  const llm = { 'llm-url': fake.url, 'llm-key': 'sk-assist', 'llm-model': MODEL, 'llm-timeout-seconds': '1', 'http-allow-private-networks': 'true' };
  await bots.add('smart', llm);
  await bots.add('plain', {});
  await bots.add('off', { ...llm, ...Object.fromEntries(FLAGS.map((f) => [f, 'false'])) });
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await fake?.close();
  await bots.remove();
});

async function call(method: string, p: string, headers: Partial<Headers>, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${service.url}${p}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Body) : {} };
}

async function say(bot: string, text: string, token?: string): Promise<{ session_id: string; session_token: string }> {
  const res = await call('POST', `/api/channels/web/${bot}/messages`, {}, { text, ...(token ? { session_token: token } : {}) });
  if (res.status !== 200) throw new Error(`say ${text}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as never;
}

async function history(bot: string, token: string): Promise<unknown[]> {
  return (await call('GET', `/api/channels/web/${bot}/messages?session_token=${encodeURIComponent(token)}`, {})).body.messages as unknown[];
}

/** A web customer of `bot` whose first words carry `tag`, handed to a person; waits for the queue item. */
async function handoff(bot: string, tag: string): Promise<{ sessionId: string; token: string }> {
  const first = await say(bot, `hi, ${tag} here`);
  await say(bot, 'Where is my order? I want a person', first.session_token);
  const queued = async () => ((await call('GET', '/api/attendance/queue', admin)).body as unknown as { session_id: string }[])
    .some((q) => q.session_id === first.session_id);
  await waitFor(queued, { what: 'the handoff to reach the queue', intervalMs: 20 });
  return { sessionId: first.session_id, token: first.session_token };
}

async function createUser(username: string, roles: string[]): Promise<{ id: string; headers: Headers; token: string }> {
  const password = 'password-for-tests';
  const res = await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles });
  expect(res.status).toBe(201);
  const headers = await bearerFor(service.url, username, password);
  return { id: res.body.id as string, headers, token: headers.authorization.replace(/^Bearer /, '') };
}

/** Good answers for every feature, told apart by the system prompt. */
function good(request: ChatRequest): FakeAnswer {
  const system = request.messages[0]?.content ?? '';
  if (system.includes('coach')) {
    return { json: { tips: [
      { type: 'lookup', content: 'Look up the order first', confidence: 0.7, priority: 2 },
      { type: 'Empathy', content: 'Say you understand', confidence: 0.9, priority: 1 },
    ] } };
  }
  if (system.includes('polish')) return { json: { polished: 'Hello, I will check your order now.', changes: ['Fixed grammar'] } };
  if (system.includes('suggest replies')) {
    const r = (text: string) => ({ text, tone: 'friendly', category: 'answer' });
    return { json: { replies: [r('One'), r('Two'), r('Three'), r('Four')] } };
  }
  if (system.includes('summarise')) {
    return { json: {
      brief: 'Customer asks about a late order', key_points: ['Order late'], customer_needs: ['Order status'],
      unresolved_issues: ['Where is the order'], sentiment_trend: 'stable', recommended_action: 'Look up the order',
      message_count: 999, duration_minutes: 999,
    } };
  }
  if (system.includes('mood')) return { json: { overall: 'negative', score: -0.7, emotions: ['Frustration'], escalation_risk: 'high', urgency: 'medium' } };
  return { json: {} };
}

/** The model requests whose messages mention `tag`. */
const requestsAbout = (tag: string) => fake.requests.filter((r) => JSON.stringify(r.messages).includes(tag));

describe('attendant assist with a model that answers well', () => {
  let smart: { sessionId: string; token: string };
  beforeAll(async () => {
    fake.answer(good);
    smart = await handoff('smart', 'tag-good');
  });

  test('tips: the bot\'s model is asked for JSON with the transcript; the answer comes sorted and marked model', async () => {
    const res = await call('POST', '/api/attendance/llm/tips', admin, { session_id: smart.sessionId });
    expect(res).toEqual({ status: 200, body: {
      session_id: smart.sessionId, source: 'model',
      tips: [
        { type: 'empathy', content: 'Say you understand', confidence: 0.9, priority: 1 },
        { type: 'lookup', content: 'Look up the order first', confidence: 0.7, priority: 2 },
      ],
    } });
    const [request] = requestsAbout('tag-good').filter((r) => r.messages[0]!.content.includes('coach'));
    expect(request).toMatchObject({ model: MODEL, response_format: { type: 'json_object' }, authorization: 'Bearer sk-assist' });
    expect(request!.messages[1]!.content).toContain('Customer: hi, tag-good here');
    expect(request!.messages[1]!.content).toContain('Customer: Where is my order? I want a person');
  });

  test('polish returns the text and sends nothing to the customer', async () => {
    // The queue-position notice follows the handoff on its own schedule: let it land first.
    const before = await waitForValue(() => history('smart', smart.token), (h) => JSON.stringify(h).includes('in the queue'), {
      what: 'the queue-position notice', intervalMs: 20,
    });
    expect(JSON.stringify(before)).toContain('in the queue');
    const res = await call('POST', '/api/attendance/llm/polish', admin, { text: 'hello i check ur order', session_id: smart.sessionId, tone: 'friendly' });
    expect(res).toEqual({ status: 200, body: { polished: 'Hello, I will check your order now.', changes: ['Fixed grammar'], source: 'model' } });
    const request = requestsAbout('hello i check ur order').at(-1)!;
    expect(request.messages[0]!.content).toContain('friendly');
    expect(request.messages[1]!.content).toContain('tag-good'); // the conversation is context
    expect(await history('smart', smart.token)).toEqual(before);
    // Without a conversation, bot_id names the bot (by name or id).
    const byBot = await call('POST', '/api/attendance/llm/polish', admin, { text: 'hi there', bot_id: 'smart' });
    expect(byBot.body).toMatchObject({ source: 'model' });
  });

  test('smart replies: more than three keep the first three', async () => {
    const res = await call('POST', '/api/attendance/llm/smart-replies', admin, { session_id: smart.sessionId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'model', session_id: smart.sessionId });
    expect((res.body.replies as Body[]).map((r) => r.text)).toEqual(['One', 'Two', 'Three']);
  });

  test('sentiment of a text (with bot_id) and of a conversation', async () => {
    const expected = { overall: 'negative', score: -0.7, emotions: ['frustration'], escalation_risk: 'high', urgency: 'medium', source: 'model' };
    expect((await call('POST', '/api/attendance/llm/sentiment', admin, { text: 'This is awful tag-text', bot_id: 'smart' })).body).toEqual(expected);
    expect(requestsAbout('tag-text').at(-1)!.messages[1]!.content).toBe('Customer message:\nThis is awful tag-text');
    expect((await call('POST', '/api/attendance/llm/sentiment', admin, { session_id: smart.sessionId })).body).toEqual(expected);
  });

  test('summary: the model\'s text, the counts from the transcript', async () => {
    const res = await call('GET', `/api/attendance/llm/summary/${smart.sessionId}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brief: 'Customer asks about a late order', sentiment_trend: 'stable', source: 'model', session_id: smart.sessionId });
    expect(res.body.message_count).toBeGreaterThanOrEqual(3); // two customer messages and the bot's answers
    expect(res.body.message_count).not.toBe(999);
    expect(res.body.duration_minutes).toBe(0);
  });

  test('commands over REST answer in words', async () => {
    const command = async (text: string) => (await call('POST', '/api/attendance/commands', admin, { text, session_id: smart.sessionId })).body;
    expect(await command('/tips')).toEqual({ ok: true, reply: 'Tips:\n1. [empathy] Say you understand\n2. [lookup] Look up the order first', session_id: smart.sessionId });
    expect((await command('/polish hello i check ur order')).reply).toBe(
      'Polished (not sent — send it yourself if you like it):\nHello, I will check your order now.\nChanges: Fixed grammar');
    expect((await command('/replies')).reply).toBe('Suggested replies:\n1. One (friendly, answer)\n2. Two (friendly, answer)\n3. Three (friendly, answer)');
    expect((await command('/summary')).reply).toMatch(/^Summary: Customer asks about a late order\n.*Recommended: Look up the order\n\d+ messages over 0 min$/s);
    expect(await command('/polish')).toEqual({ ok: false, reply: 'Usage: /polish <message>' });
  });
});

describe('fallbacks', () => {
  let smart: { sessionId: string };
  beforeAll(async () => { smart = await handoff('smart', 'tag-fallback'); });

  test.each<[string, FakeAnswer, string]>([
    ['garbage', { text: 'I am not JSON at all' }, 'invalid_answer'],
    ['JSON of the wrong shape', { json: { tips: 'be nice', replies: [{ text: 'only one' }], overall: 'meh' } }, 'invalid_answer'],
    ['HTTP 500', { status: 500 }, 'unavailable'],
  ])('%s → every endpoint answers from the fallback with %s', async (_name, answer, reason) => {
    fake.answer(() => answer);
    const sessionId = smart.sessionId;
    const tips = await call('POST', '/api/attendance/llm/tips', admin, { session_id: sessionId });
    expect(tips.status).toBe(200);
    expect(tips.body).toMatchObject({ source: 'fallback', fallback_reason: reason });
    expect((tips.body.tips as Body[]).map((t) => t.type)).toContain('lookup'); // "Where is my order?"
    const replies = await call('POST', '/api/attendance/llm/smart-replies', admin, { session_id: sessionId });
    expect(replies.body).toMatchObject({ source: 'fallback', fallback_reason: reason });
    expect(replies.body.replies).toHaveLength(3);
    expect((await call('POST', '/api/attendance/llm/polish', admin, { text: 'i dont know', session_id: sessionId })).body).toEqual({
      polished: "I don't know.", changes: ['Fixed "i" → "I"', 'Fixed "dont" → "don\'t"', 'Added a final full stop'],
      source: 'fallback', fallback_reason: reason,
    });
    expect((await call('POST', '/api/attendance/llm/sentiment', admin, { text: 'This is unacceptable', bot_id: 'smart' })).body).toMatchObject({
      overall: 'negative', emotions: ['anger'], escalation_risk: 'high', source: 'fallback', fallback_reason: reason,
    });
    expect((await call('GET', `/api/attendance/llm/summary/${sessionId}`, admin)).body).toMatchObject({
      brief: 'hi, tag-fallback here', customer_needs: expect.arrayContaining(['Order status']), source: 'fallback', fallback_reason: reason,
    });
  });

  test('a model with fewer than three replies is invalid', async () => {
    fake.answer(() => ({ json: { replies: [{ text: 'a', tone: 'friendly', category: 'answer' }] } }));
    expect((await call('POST', '/api/attendance/llm/smart-replies', admin, { session_id: smart.sessionId })).body)
      .toMatchObject({ source: 'fallback', fallback_reason: 'invalid_answer' });
  });

  test('a stalled model → timeout after llm-timeout-seconds, asked once', async () => {
    fake.answer(() => ({ stall: true }));
    const before = fake.requests.length;
    const res = await call('GET', `/api/attendance/llm/summary/${smart.sessionId}`, admin);
    expect(res.body).toMatchObject({ source: 'fallback', fallback_reason: 'timeout', session_id: smart.sessionId });
    expect(fake.requests.length - before).toBe(1);
    const command = await call('POST', '/api/attendance/commands', admin, { text: '/tips', session_id: smart.sessionId });
    expect(command.body.reply).toContain('(From the built-in rules: the language model did not answer in time.)');
  });

  test('a bot without a model → not_configured, and the fake is never asked', async () => {
    const plain = await handoff('plain', 'tag-plain');
    const before = fake.requests.length;
    const answers = [
      await call('POST', '/api/attendance/llm/tips', admin, { session_id: plain.sessionId }),
      await call('POST', '/api/attendance/llm/polish', admin, { text: 'ok', session_id: plain.sessionId }),
      await call('POST', '/api/attendance/llm/smart-replies', admin, { session_id: plain.sessionId }),
      await call('POST', '/api/attendance/llm/sentiment', admin, { session_id: plain.sessionId }),
      await call('GET', `/api/attendance/llm/summary/${plain.sessionId}`, admin),
    ];
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { source: 'fallback', fallback_reason: 'not_configured' } });
    expect(fake.requests.length).toBe(before);
    const command = await call('POST', '/api/attendance/commands', admin, { text: '/replies', session_id: plain.sessionId });
    expect(command.body.reply).toContain('(From the built-in rules: no language model is configured for this bot.)');
  });
});

describe('flags, access and input', () => {
  test('each flag off → 409 feature_disabled naming it; the command says so', async () => {
    fake.answer(good);
    const off = await handoff('off', 'tag-off');
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/attendance/llm/tips', { session_id: off.sessionId }, 'attendant-llm-tips'],
      ['POST', '/api/attendance/llm/polish', { text: 'x', session_id: off.sessionId }, 'attendant-polish-message'],
      ['POST', '/api/attendance/llm/polish', { text: 'x', bot_id: 'off' }, 'attendant-polish-message'],
      ['POST', '/api/attendance/llm/smart-replies', { session_id: off.sessionId }, 'attendant-smart-replies'],
      ['POST', '/api/attendance/llm/sentiment', { text: 'x', bot_id: 'off' }, 'attendant-sentiment-analysis'],
      ['GET', `/api/attendance/llm/summary/${off.sessionId}`, undefined, 'attendant-auto-summary'],
    ];
    for (const [method, p, body, feature] of cases) {
      expect(await call(method, p, admin, body)).toMatchObject({ status: 409, body: { error: 'feature_disabled', feature } });
    }
    expect(requestsAbout('tag-off')).toEqual([]);
    const command = await call('POST', '/api/attendance/commands', admin, { text: '/summary', session_id: off.sessionId });
    expect(command.body).toEqual({ ok: false, reply: 'attendant-auto-summary is off for this bot' });
  });

  test('401 without a token, 403 for other roles and for conversations outside the attendant\'s queues, 404, 400', async () => {
    const smart = await handoff('smart', 'tag-access');
    const author = await createUser('assistauthor', ['author']);
    const queued = await createUser('assistqueued', ['attendant']);
    const free = await createUser('assistfree', ['attendant']);
    // A member of a mobile_msg queue sees only that queue's conversations; one of no queue sees the queue-less ones.
    expect((await call('POST', '/api/attendance/queues', admin, { name: 'assist-mobile', user_ids: [queued.id] })).status).toBe(201);
    const tips = (headers: Partial<Headers>, body: unknown = { session_id: smart.sessionId }) => call('POST', '/api/attendance/llm/tips', headers, body);
    expect((await tips({})).status).toBe(401);
    expect((await tips(author.headers)).status).toBe(403);
    expect(await tips(queued.headers)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await call('GET', `/api/attendance/llm/summary/${smart.sessionId}`, queued.headers)).status).toBe(403);
    expect(await tips(free.headers)).toMatchObject({ status: 200, body: { source: 'model' } });
    expect(await tips(admin, { session_id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 404, body: { error: 'session_not_found' } });
    expect(await call('POST', '/api/attendance/llm/polish', admin, { text: 'x', bot_id: 'nobot' })).toMatchObject({ status: 404, body: { error: 'bot_not_found' } });
    expect(await tips(admin, { session_id: 'nope' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await call('POST', '/api/attendance/llm/polish', admin, { text: 'x' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await call('POST', '/api/attendance/llm/polish', admin, { text: '   ', bot_id: 'smart' })).toMatchObject({ status: 400 });
    expect(await call('POST', '/api/attendance/llm/sentiment', admin, { text: 'only text' })).toMatchObject({ status: 400 });
    expect(await call('POST', '/api/attendance/llm/polish', admin, { text: 'x', bot_id: 'smart', tone: 'rude' })).toMatchObject({ status: 400 });
  });
});

describe('auto-summary', () => {
  test('the attendant who gets a conversation receives conversation_summary after conversation_assigned; once', async () => {
    fake.answer(good);
    const ana = await createUser('assistana', ['attendant']);
    const ws = new WebSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(ana.token)}`);
    sockets.push(ws);
    const frames: Frame[] = [];
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    const of = (type: string, sessionId: string) => frames.findIndex((f) => f.type === type && f.session_id === sessionId);
    const summaryFor = async (sessionId: string) => {
      await waitFor(() => of('conversation_summary', sessionId) >= 0, { what: 'the conversation summary', intervalMs: 20 });
      expect(of('conversation_assigned', sessionId)).toBeGreaterThanOrEqual(0);
      expect(of('conversation_summary', sessionId)).toBeGreaterThan(of('conversation_assigned', sessionId));
      return frames[of('conversation_summary', sessionId)];
    };

    // A supervisor's assignment (Ana stays offline, so nothing else is backfilled to her).
    const smart = await handoff('smart', 'tag-auto');
    expect((await call('POST', '/api/attendance/assign', admin, { session_id: smart.sessionId, attendant_id: ana.id })).status).toBe(200);
    expect(await summaryFor(smart.sessionId)).toMatchObject({
      type: 'conversation_summary', session_id: smart.sessionId, attendant_id: ana.id,
      summary: { brief: 'Customer asks about a late order', source: 'model', session_id: smart.sessionId, message_count: expect.any(Number) },
    });
    // Accepting what was already assigned to her sends no second summary.
    expect((await call('POST', '/api/attendance/commands', ana.headers, { text: '/take', session_id: smart.sessionId })).body).toMatchObject({ ok: true });

    // The flag off: the conversation is taken, no summary follows.
    const off = await handoff('off', 'tag-auto-off');
    expect((await call('POST', '/api/attendance/commands', ana.headers, { text: `/take ${off.sessionId}` })).body).toMatchObject({ ok: true });
    // /take straight from the queue, on a bot without a model: the fallback's summary.
    const plain = await handoff('plain', 'tag-auto-plain');
    expect((await call('POST', '/api/attendance/commands', ana.headers, { text: `/take ${plain.sessionId}` })).body).toMatchObject({ ok: true });
    expect(await summaryFor(plain.sessionId)).toMatchObject({
      attendant_id: ana.id, summary: { brief: 'hi, tag-auto-plain here', source: 'fallback', fallback_reason: 'not_configured' },
    });
    expect(of('conversation_assigned', off.sessionId)).toBeGreaterThanOrEqual(0);
    expect(frames.filter((f) => f.type === 'conversation_summary').map((f) => f.session_id)).toEqual([smart.sessionId, plain.sessionId]);
  });
});
