import { createSessionsRepo } from '../../db/index.js';
import { WAIT_MESSAGE } from '../../engine/index.js';
import { isQueued, until } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// The bot-side transfer triggers through the real service and the web channel —
// failed attempts with negative sentiment, and escalate intents.

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }

const NUMBER_BOT = 'TALK "Give me a number"\nDO\n  HEAR n AS NUMBER\n  TALK "n=" & n\nLOOP\n';
const ANGRY = [
  'This is terrible, I hate this useless bot',
  'Awful. The worst service ever, I am furious',
  'Horrible, stupid and useless, I am so angry',
];
const CALM = ['hmm let me think', 'I am not sure yet', 'maybe later please'];

let service: TestService;
let admin: { authorization: string };
let bots: TestBots;

beforeAll(async () => {
  bots = await createTestBots('sb-smart-bots-');
  await bots.add('smart', {}, NUMBER_BOT);
  await bots.add('nosmart', { 'attendance-smart-transfer': 'false' }, NUMBER_BOT);
  await bots.add('nocrm', { 'crm-enabled': 'false' }, NUMBER_BOT);
  await bots.add('selfish', {}, 'TALK "Give me a number"\nHEAR n AS NUMBER\nIF ISNULL(n) THEN TRANSFER TO HUMAN "", "high", "script gave up"\n');
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots.remove();
});

const say = (bot: string, text: string, token?: string): Promise<Answer> => sayOnWeb(service.url, bot, text, token);

/** A new customer of `bot` who has been asked for a number; resolves to their token. */
async function askedForNumber(bot: string): Promise<Answer> {
  const first = await say(bot, 'hi');
  expect(first.replies.map((r) => r.text)).toEqual(['Give me a number']);
  return first;
}

async function session(id: string) {
  const row = await createSessionsRepo(service.database.db).findById(id);
  if (!row) throw new Error(`no session ${id}`);
  return row;
}

const queued = (sessionId: string): Promise<boolean> => isQueued(service.url, admin, sessionId);

const texts = (answer: Answer) => answer.replies.map((r) => r.text);

test('three refused answers in angry words transfer on the third, with the reason and the wait message', async () => {
  const { session_id, session_token } = await askedForNumber('smart');
  expect(texts(await say('smart', ANGRY[0]!, session_token))).toEqual(['Please enter a number, like 42 or 3.5.']);
  expect(await session(session_id)).toMatchObject({ needs_human: false, context_data: { bot_failed_attempts: 1 } });
  await say('smart', ANGRY[1]!, session_token);
  const third = await say('smart', ANGRY[2]!, session_token);

  expect(texts(third)).toEqual([WAIT_MESSAGE]); // not the bot's "n=": it gave up on this customer
  const row = await session(session_id);
  expect(row.needs_human).toBe(true);
  expect(row.dialog_state).toBeNull();
  expect(row.context_data.transfer_reason).toMatch(/^smart: failed attempts \(3\) with negative sentiment \(-0\.\d+\)$/);
  expect(Number(/\((-[\d.]+)\)$/.exec(String(row.context_data.transfer_reason))![1])).toBeLessThan(-0.5);
  expect(row.context_data.bot_failed_attempts).toBe(0);
  expect(await until(() => queued(session_id), Boolean)).toBe(true);
});

test('the same refusals in calm words stay with the bot', async () => {
  const { session_id, session_token } = await askedForNumber('smart');
  let last: Answer | undefined;
  for (const text of [...CALM, 'still thinking about it']) last = await say('smart', text, session_token);
  expect(texts(last!)).toEqual(['Please enter a number, like 42 or 3.5.']); // the 4th: a new round of the HEAR
  const row = await session(session_id);
  expect(row).toMatchObject({ needs_human: false, context_data: { bot_failed_attempts: 4 } });
  expect(row.context_data.transfer_reason).toBeUndefined();
});

test('an accepted answer resets the count', async () => {
  const { session_id, session_token } = await askedForNumber('smart');
  await say('smart', ANGRY[0]!, session_token);
  await say('smart', ANGRY[1]!, session_token);
  expect(texts(await say('smart', '12', session_token))).toEqual(['n=12']);
  expect((await session(session_id)).context_data.bot_failed_attempts).toBe(0);
  await say('smart', ANGRY[2]!, session_token);
  expect(texts(await say('smart', ANGRY[0]!, session_token))).toEqual(['Please enter a number, like 42 or 3.5.']);
  expect(await session(session_id)).toMatchObject({ needs_human: false, context_data: { bot_failed_attempts: 2 } });
  expect(texts(await say('smart', ANGRY[1]!, session_token))).toEqual([WAIT_MESSAGE]);
  expect((await session(session_id)).needs_human).toBe(true);
});

test.each([
  ['I want to speak to your manager', 'manager'],
  ['quero falar com o gerente', 'gerente'],
])('"%s" is an escalate intent: transferred before the bot answers', async (text, phrase) => {
  const { session_id, session_token } = await askedForNumber('smart');
  expect(texts(await say('smart', text, session_token))).toEqual([WAIT_MESSAGE]);
  const row = await session(session_id);
  expect(row.needs_human).toBe(true);
  expect(row.context_data.transfer_reason).toBe(`smart: escalate intent (${phrase})`);
  expect(row.dialog_state).toMatchObject({ status: 'waiting' }); // as a keyword transfer leaves it
  expect(await until(() => queued(session_id), Boolean)).toBe(true);
});

test('an escalate intent in the first message transfers too', async () => {
  const first = await say('smart', 'I have a complaint about my order');
  expect(texts(first)).toEqual([WAIT_MESSAGE]);
  expect((await session(first.session_id)).context_data.transfer_reason).toBe('smart: escalate intent (complaint)');
});

test.each(['nosmart', 'nocrm'])('%s (smart transfer off, or no human side): neither trigger transfers', async (bot) => {
  const { session_id, session_token } = await askedForNumber(bot);
  for (const text of ANGRY) await say(bot, text, session_token);
  expect(texts(await say(bot, 'I want to speak to your manager', session_token))).toEqual(['Please enter a number, like 42 or 3.5.']);
  const row = await session(session_id);
  expect(row.needs_human).toBe(false);
  expect(row.context_data.transfer_reason).toBeUndefined();
  expect(row.context_data.bot_failed_attempts).toBeUndefined();
});

test('a script that transfers on its own failure keeps its own reason', async () => {
  const { session_id, session_token } = await askedForNumber('selfish');
  await say('selfish', ANGRY[0]!, session_token);
  await say('selfish', ANGRY[1]!, session_token);
  expect(texts(await say('selfish', ANGRY[2]!, session_token))).toEqual([WAIT_MESSAGE]);
  const row = await session(session_id);
  expect(row).toMatchObject({ needs_human: true, context_data: { transfer_reason: 'script gave up', priority: 'high' } });
});
