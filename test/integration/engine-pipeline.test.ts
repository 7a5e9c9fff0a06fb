import { createSessionsRepo } from '../../db/index.js';
import { sessionOutboundTopic, WAIT_MESSAGE, type OutboundEvent } from '../../engine/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';
import { testDrivers } from '../support/drivers.js';

// The one path of a message through the engine on real drivers .

const ECHO = 'TALK "echo: " & first_message';
const ASKER = `
TALK "Hi " & user_name & ", what is your name?"
HEAR name
TALK "Nice to meet you, " & name
HEAR color AS "red", "blue"
TALK "You chose " & color
`;
const VARS = 'TALK user_name & "|" & phone & "|" & channel & "|" & bot & "|" & (session_id <> "") & "|" & first_message & "|" & greeting';

let harness: EngineHarness;
let web: TestAdapter;
let running: RunningEngine;

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'echo', scripts: { start: ECHO } });
  await harness.addBot({ name: 'asker', scripts: { start: ASKER } });
  await harness.addBot({ name: 'vars', scripts: { start: VARS }, params: { greeting: 'hola' } });
  web = new TestAdapter('web');
  running = await harness.startEngine({ adapters: [web] });
});
afterAll(() => harness.close());

test('a first message opens a session and starts `start` with the built-in variables', async () => {
  const message = inbound('vars', 'hello there', { customer: 'v-1', name: 'Ana' });
  message.customer.phone = '+351910000000';
  const outcome = await running.engine.receive(message);
  expect(outcome).toMatchObject({ status: 'processed', needs_human: false });
  if (outcome.status !== 'processed') throw new Error('not processed');
  expect(outcome.replies.map((r) => r.text)).toEqual(['Ana|+351910000000|web|vars|true|hello there|hola']);
  expect(outcome.replies[0]).toMatchObject({ session_id: outcome.session_id, channel: 'web', to: 'v-1', from: 'bot' });
});

test('replies are stored, published on the session topic and delivered through the adapter', async () => {
  const first = await running.engine.receive(inbound('echo', 'one', { customer: 'e-1' }));
  const sessionId = first.session_id!;
  const events: OutboundEvent[] = [];
  const unsubscribe = await running.bus.subscribe(sessionOutboundTopic(sessionId), (e) => void events.push(e as OutboundEvent));
  await running.engine.receive(inbound('echo', 'two', { customer: 'e-1' }));
  await waitFor(() => events.some((e) => e.text === 'echo: two'), 'the published reply');
  expect(events.find((e) => e.text === 'echo: two')).toEqual({ type: 'message', from: 'bot', text: 'echo: two', at: expect.any(String) });
  await unsubscribe();

  await waitFor(() => web.sent.filter((m) => m.session_id === sessionId).length === 2, 'two deliveries');
  await waitFor(async () => (await harness.transcript(sessionId)).every((r) => r.delivery_state !== 'pending'), 'delivered states');
  const rows = await harness.transcript(sessionId);
  expect(lines(rows)).toEqual(['> customer: one', '< bot: echo: one', '> customer: two', '< bot: echo: two']);
  expect(rows.map((r) => r.delivery_state)).toEqual(['received', 'delivered', 'received', 'delivered']);
  expect(rows[1]!.delivered_at).toBeInstanceOf(Date);
});

test('HEAR resumes from the stored state on a new engine instance (restart), menus ride as suggestions', async () => {
  const first = await running.engine.receive(inbound('asker', 'hi', { customer: 'a-1', name: 'Ana' }));
  const sessionId = first.session_id!;
  const restarted = await harness.startEngine({ adapters: [web] });
  await running.stop();
  running = restarted;

  const second = await running.engine.receive(inbound('asker', 'Bob', { customer: 'a-1' }));
  expect(second).toMatchObject({ status: 'processed', session_id: sessionId });
  if (second.status !== 'processed') throw new Error('not processed');
  expect(second.replies).toEqual([expect.objectContaining({
    text: 'Nice to meet you, Bob',
    suggestions: [{ key: 'red', label: 'red' }, { key: 'blue', label: 'blue' }],
  })]);
  await running.engine.receive(inbound('asker', 'BLUE', { customer: 'a-1' }));
  // The dialog ended: the next message starts `start` again.
  await running.engine.receive(inbound('asker', 'again', { customer: 'a-1', name: 'Ana' }));
  expect(lines(await harness.transcript(sessionId))).toEqual([
    '> customer: hi', '< bot: Hi Ana, what is your name?',
    '> customer: Bob', '< bot: Nice to meet you, Bob',
    '> customer: BLUE', '< bot: You chose blue',
    '> customer: again', '< bot: Hi Ana, what is your name?',
  ]);
});

test('a provider message id already seen is not run again and answers with its first replies', async () => {
  const message = inbound('echo', 'once', { customer: 'd-1', id: 'dup-1' });
  const first = await running.engine.receive(message);
  const again = await running.engine.receive({ ...message, received_at: new Date() });
  expect(again).toEqual({ status: 'duplicate', session_id: first.session_id, replies: first.status === 'processed' ? first.replies : [] });
  expect(again.replies.map((r) => r.text)).toEqual(['echo: once']);
  expect(lines(await harness.transcript(first.session_id!))).toEqual(['> customer: once', '< bot: echo: once']);
});

test('two copies arriving at the same moment: exactly one is processed', async () => {
  const message = inbound('echo', 'twin', { customer: 'd-2', id: 'dup-2' });
  const outcomes = await Promise.all([running.engine.receive(message), running.engine.receive({ ...message })]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['duplicate', 'processed']);
  expect(lines(await harness.transcript(outcomes[0]!.session_id!))).toEqual(['> customer: twin', '< bot: echo: twin']);
});

test('messages without a provider id are never deduplicated', async () => {
  const a = await running.engine.receive(inbound('echo', 'same', { customer: 'd-3', id: null }));
  const b = await running.engine.receive(inbound('echo', 'same', { customer: 'd-3', id: null }));
  expect([a.status, b.status]).toEqual(['processed', 'processed']);
});

test('50 concurrent messages of one session are processed one at a time, in arrival order', async () => {
  const texts = Array.from({ length: 50 }, (_, i) => `msg ${i}`);
  const outcomes = await Promise.all(texts.map((text) => running.engine.receive(inbound('echo', text, { customer: 'busy' }))));
  expect(outcomes.every((o) => o.status === 'processed')).toBe(true);
  expect(new Set(outcomes.map((o) => o.session_id)).size).toBe(1);
  expect(lines(await harness.transcript(outcomes[0]!.session_id!))).toEqual(
    texts.flatMap((text) => [`> customer: ${text}`, `< bot: echo: ${text}`]),
  );
  // Deliveries of one session take turns too, so the customer gets the replies in order.
  const delivered = () => web.sent.filter((m) => m.to === 'busy').map((m) => m.text);
  await waitFor(() => delivered().length === 50, 'all 50 replies delivered');
  expect(delivered()).toEqual(texts.map((text) => `echo: ${text}`));
});

test('different customers get different sessions and run in parallel', async () => {
  const outcomes = await Promise.all(['p-1', 'p-2', 'p-3'].map((customer) => running.engine.receive(inbound('echo', 'hi', { customer }))));
  expect(new Set(outcomes.map((o) => o.session_id)).size).toBe(3);
  const sameAgain = await running.engine.receive(inbound('echo', 'hi', { customer: 'p-1' }));
  expect(sameAgain.session_id).toBe(outcomes[0]!.session_id);
  const otherChannel = await running.engine.receive(inbound('echo', 'hi', { customer: 'p-1', channel: 'sms' }));
  expect(otherChannel.session_id).not.toBe(outcomes[0]!.session_id);
});

test('after /voice on (voice_response in the session), replies and messages to the customer are marked to be spoken', async () => {
  const first = await running.engine.receive(inbound('echo', 'plain', { customer: 'voice-1' }));
  expect(first.replies[0]!.voice_reply).toBeUndefined();
  await createSessionsRepo(harness.database.db).update(first.session_id!, { context_patch: { voice_response: true } });
  const spoken = await running.engine.receive(inbound('echo', 'now spoken', { customer: 'voice-1' }));
  expect(spoken.replies.map((r) => [r.text, r.voice_reply])).toEqual([['echo: now spoken', true]]);
  const [sent] = await running.engine.send([{ session_id: first.session_id!, channel: 'web', to: 'voice-1', text: 'from an attendant', from: 'attendant' }]);
  expect(sent!.voice_reply).toBe(true);
});

test('an unknown bot is a NotFoundError with code bot_not_found', async () => {
  await expect(running.engine.receive(inbound('nobody', 'hi'))).rejects.toMatchObject({ code: 'bot_not_found' });
});

test('dialog state is saved after every turn', async () => {
  const outcome = await running.engine.receive(inbound('asker', 'hi', { customer: 'state-1' }));
  const session = await createSessionsRepo(harness.database.db).findById(outcome.session_id!);
  expect(session?.dialog_state).toMatchObject({ status: 'waiting', waiting_for: { variable: 'name' } });
  expect(WAIT_MESSAGE).toMatch(/wait/i);
});

// Two instances need a shared server database: this runs in CI's PostgreSQL pass (DATABASE_URL),
// and is not defined on the embedded pass, where one PGlite file cannot be shared.
const multiInstance = testDrivers.databaseUrl ? test : () => undefined;
multiInstance('two instances on one database keep one conversation in step (the session version decides)', async () => {
  const other = await harness.startEngine({ adapters: [new TestAdapter('web')] });
  const texts = Array.from({ length: 20 }, (_, i) => `x ${i}`);
  const outcomes = await Promise.all(
    texts.map((text, i) => (i % 2 ? other : running).engine.receive(inbound('echo', text, { customer: 'two-instances' }))),
  );
  const rows = lines(await harness.transcript(outcomes[0]!.session_id!));
  expect(rows).toHaveLength(40);
  for (let i = 0; i < rows.length; i += 2) expect(rows[i + 1]).toBe(rows[i]!.replace('> customer: ', '< bot: echo: '));
  await other.stop();
});

multiInstance('one message delivered to two instances at once runs once; the other copy answers with its replies', async () => {
  const other = await harness.startEngine({ adapters: [new TestAdapter('web')] });
  for (let round = 0; round < 5; round++) {
    const message = inbound('echo', `twice ${round}`, { customer: `race-${round}`, id: `race-${round}` });
    const outcomes = await Promise.all([running.engine.receive(message), other.engine.receive({ ...message })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['duplicate', 'processed']);
    expect(outcomes.map((o) => o.replies.map((r) => r.text))).toEqual([[`echo: twice ${round}`], [`echo: twice ${round}`]]);
    expect(lines(await harness.transcript(outcomes[0]!.session_id!))).toEqual([`> customer: twice ${round}`, `< bot: echo: twice ${round}`]);
  }
  await other.stop();
});
