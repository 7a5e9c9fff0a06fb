import { createSessionsRepo } from '../../db/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// The BASIC LLM keyword and SET CONTEXT use the bot's model (config llm-*), through
// the real service, against a fake OpenAI-compatible server.

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }

const SHOP = [
  'TALK "Let me ask"',
  'SET CONTEXT "You are a helpful shop assistant"',
  'answer = LLM "What are your hours?"',
  'TALK answer',
  '',
].join('\n');

// SET ANSWER MODE "document" (the reference's case-file template) and PAGE MODE: settings of the session.
const CASE = [
  'SET CONTEXT "Based on this document, answer the person\'s questions: Case 7 was filed on 2024-03-01."',
  'SET ANSWER MODE "Document"',
  'PAGE MODE "chat"',
  'TALK LLM "When was case 7 filed?"',
  '',
].join('\n');

let fake: FakeOpenAi;
let service: TestService;
let bots: TestBots;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  bots = await createTestBots('sb-llm-bots-');
  const model = { 'llm-url': fake.url, 'llm-key': 'sk-shop-test', 'llm-model': 'shop-model-1', 'llm-timeout-seconds': '1', 'http-allow-private-networks': 'true' };
  await bots.add('shop', model, SHOP);
  await bots.add('bare', { ...model, 'llm-model': 'bare-model-2' }, 'TALK LLM "Say hi to " & first_message\n');
  await bots.add('nomodel', {}, SHOP);
  await bots.add('casefile', { ...model, 'llm-model': 'case-model-3' }, CASE);
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await bots.remove();
});

const say = (bot: string, text: string, token?: string): Promise<Answer> => sayOnWeb(service.url, bot, text, token);

const texts = (answer: Answer) => answer.replies.map((r) => r.text);
const requestsOf = (model: string) => fake.requests.filter((r) => r.model === model);
const session = async (id: string) => (await createSessionsRepo(service.database.db).findById(id))!;

test('LLM sends SET CONTEXT as the system message and the prompt as the user message; the customer gets the text', async () => {
  fake.answer(() => ({ text: 'We are open from 9 to 18, Monday to Saturday.' }));
  const before = requestsOf('shop-model-1').length;
  const answer = await say('shop', 'hi');
  expect(texts(answer)).toEqual(['Let me ask', 'We are open from 9 to 18, Monday to Saturday.']);

  const sent = requestsOf('shop-model-1').slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    model: 'shop-model-1',
    messages: [
      { role: 'system', content: 'You are a helpful shop assistant' },
      { role: 'user', content: 'What are your hours?' },
    ],
    authorization: 'Bearer sk-shop-test',
  });
  expect(sent[0]!.response_format).toBeUndefined(); // plain text, not JSON mode
  expect((await session(answer.session_id)).context_data.llm_context).toBe('You are a helpful shop assistant');
});

test('without SET CONTEXT there is no system message', async () => {
  fake.answer((req) => ({ text: `Hi, ${req.messages.at(-1)!.content.replace('Say hi to ', '')}!` }));
  expect(texts(await say('bare', 'Maria'))).toEqual(['Hi, Maria!']);
  expect(requestsOf('bare-model-2').at(-1)!.messages).toEqual([{ role: 'user', content: 'Say hi to Maria' }]);
});

test('a model that stalls past llm-timeout-seconds is a runtime error: the dialog ends after what it said so far', async () => {
  fake.answer(() => ({ stall: true }));
  const before = requestsOf('shop-model-1').length;
  const answer = await say('shop', 'hi');
  expect(texts(answer)).toEqual(['Let me ask']);
  expect(requestsOf('shop-model-1')).toHaveLength(before + 1); // made once: no hidden retry
  const row = await session(answer.session_id);
  expect(row.dialog_state).toBeNull();
  expect(row.needs_human).toBe(false);

  // The next message starts the script again from the top.
  fake.answer(() => ({ text: 'Back online: 9 to 18.' }));
  expect(texts(await say('shop', 'hello again', answer.session_token))).toEqual(['Let me ask', 'Back online: 9 to 18.']);
});

test('a model that answers an error status is a runtime error too', async () => {
  fake.answer(() => ({ status: 500 }));
  const answer = await say('shop', 'hi');
  expect(texts(answer)).toEqual(['Let me ask']);
  expect((await session(answer.session_id)).dialog_state).toBeNull();
});

test('no llm-url and no llm-key: LLM is the "not configured" runtime error and nothing is sent', async () => {
  const before = fake.requests.length;
  const answer = await say('nomodel', 'hi');
  expect(texts(answer)).toEqual(['Let me ask']);
  expect(fake.requests).toHaveLength(before);
  expect((await session(answer.session_id)).dialog_state).toBeNull();
});

test('SET ANSWER MODE "document" keeps the model to the context; the answer and page modes are settings of the session', async () => {
  fake.answer(() => ({ text: 'On 2024-03-01.' }));
  const answer = await say('casefile', 'hi');
  expect(texts(answer)).toEqual(['On 2024-03-01.']);
  expect(requestsOf('case-model-3').at(-1)).toMatchObject({
    messages: [
      { role: 'system', content: 'Based on this document, answer the person\'s questions: Case 7 was filed on 2024-03-01.\n\nAnswer only from the text above. If it does not hold the answer, say that you do not know.' },
      { role: 'user', content: 'When was case 7 filed?' },
    ],
  });
  expect((await session(answer.session_id)).context_data).toMatchObject({ answer_mode: 'document', page_mode: 'chat' });
});
