import { createSessionsRepo } from '../../db/index.js';
import { WAIT_MESSAGE } from '../../engine/index.js';
import { COMPLEXITY_PROMPT } from '../../engine/complexity.js';
import { isQueued, until } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// The complexity trigger (docs/attendance/smart-transfer.md, "Complexity") through the real
// service and the web channel: scored by the bot's model (the fake OpenAI server) or by the
// offline heuristic; above the threshold the conversation goes to a human with the reason
// `complexity`, which /context and the attendance webhooks show; without a threshold no message is scored.

const ECHO = 'TALK "bot: " & first_message\n';
const SIMPLE = 'What are your opening hours?';
const TANGLED = 'My invoice is wrong and I was charged twice. Also I cannot log in to the portal since yesterday. '
  + 'Can you refund the second charge? Why was my plan changed without my consent? This is urgent!';

let service: TestService;
let admin: { authorization: string };
let bots: TestBots;
let fake: FakeOpenAi;
let receiver: WebhookReceiver;
const SECRET = `whsec_${Buffer.from('complexity-webhook-secret-32-byte').toString('base64')}`;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.answer((request) => {
    const text = request.messages.at(-1)?.content ?? '';
    return { json: { complexity: text.includes('refund') ? 0.9 : 0.2 } };
  });
  const model = { 'llm-url': fake.url, 'llm-key': 'sk-test', 'llm-model': 'rater-1', 'llm-timeout-seconds': '2', 'http-allow-private-networks': 'true' };
  receiver = await startWebhookReceiver(SECRET);
  bots = await createTestBots('sb-complexity-bots-');
  await bots.add('offline', {
    'attendance-complexity-threshold': '0.6', 'attendance-chatops-webhook': receiver.url, 'attendance-webhook-secret': SECRET,
  }, ECHO);
  await bots.add('modelled', { ...model, 'attendance-complexity-threshold': '0.6' }, ECHO);
  await bots.add('unscored', { ...model, 'llm-model': 'never-called' }, ECHO);
  // The receiver listens on 127.0.0.1: the chat-ops hook follows the process's setting.
  service = await startTestService({ BOTS_DIR: bots.dir, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await fake?.close();
  await receiver?.close();
});

async function session(id: string) {
  const row = await createSessionsRepo(service.database.db).findById(id);
  if (!row) throw new Error(`no session ${id}`);
  return row;
}

const queued = (sessionId: string): Promise<boolean> => isQueued(service.url, admin, sessionId);

async function context(sessionId: string): Promise<string> {
  const res = await fetch(`${service.url}/api/attendance/commands`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ text: '/context', session_id: sessionId }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { reply: string }).reply;
}

const texts = (answer: { replies: { text: string }[] }) => answer.replies.map((r) => r.text);

test('heuristic: a simple question stays with the bot; a tangled one goes to a human with the reason complexity', async () => {
  expect(texts(await sayOnWeb(service.url, 'offline', SIMPLE))).toEqual([`bot: ${SIMPLE}`]);

  const tangled = await sayOnWeb(service.url, 'offline', TANGLED);
  expect(texts(tangled)).toEqual([WAIT_MESSAGE]);
  const row = await session(tangled.session_id);
  expect(row.needs_human).toBe(true);
  expect(row.context_data).toMatchObject({ transfer_reason: 'complexity', complexity_score: 0.8 });
  expect(await until(() => queued(tangled.session_id), Boolean)).toBe(true);
  expect(await context(tangled.session_id)).toContain('Transfer reason: complexity');
  const got = await receiver.waitFor((r) => r.some((w) => w.verified?.type === 'conversation.queued' && w.verified.data.session_id === tangled.session_id), 'queued');
  const queuedHook = got.find((w) => w.verified?.type === 'conversation.queued' && w.verified.data.session_id === tangled.session_id);
  expect(queuedHook!.verified!.data).toMatchObject({ session_id: tangled.session_id, reason: 'complexity' });
});

test('language model: the bot\'s model scores each message through the OpenAI wire format', async () => {
  const before = fake.requests.length;
  expect(texts(await sayOnWeb(service.url, 'modelled', SIMPLE))).toEqual([`bot: ${SIMPLE}`]);
  const scored = fake.requests.slice(before);
  expect(scored).toHaveLength(1);
  expect(scored[0]).toMatchObject({
    model: 'rater-1', response_format: { type: 'json_object' },
    messages: [{ role: 'system', content: COMPLEXITY_PROMPT }, { role: 'user', content: SIMPLE }],
  });

  // The model says 0.9 for this one: above 0.6.
  const tangled = await sayOnWeb(service.url, 'modelled', 'Please refund me');
  expect(texts(tangled)).toEqual([WAIT_MESSAGE]);
  expect((await session(tangled.session_id)).context_data).toMatchObject({ transfer_reason: 'complexity', complexity_score: 0.9 });
  expect(await until(() => queued(tangled.session_id), Boolean)).toBe(true);
});

test('a model that fails falls back to the heuristic; without a threshold no message is scored', async () => {
  fake.answer(() => ({ status: 500 }));
  const tangled = await sayOnWeb(service.url, 'modelled', TANGLED);
  expect((await session(tangled.session_id)).context_data).toMatchObject({ transfer_reason: 'complexity', complexity_score: 0.8 });

  const before = fake.requests.length;
  const answer = await sayOnWeb(service.url, 'unscored', TANGLED);
  expect(texts(answer)).toEqual([`bot: ${TANGLED}`]);
  expect((await session(answer.session_id)).needs_human).toBe(false);
  expect(fake.requests.length).toBe(before);
});
