import { createSessionsRepo } from '../../db/index.js';
import { sessionOutboundTopic, WAIT_MESSAGE, type OutboundEvent } from '../../engine/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';
import { testDrivers } from '../support/drivers.js';

// The one path of a message through the engine on real drivers: what needs them — the event bus,
// the delivery jobs, a restart, two instances on one database. The path's own rules (sessions,
// dedupe, routing) are unit tests on the in-memory stores (engine/receive-message.test.ts), held
// to the database's semantics by test/integration/engine-stores-contract.test.ts.

const ECHO = 'TALK "echo: " & first_message';
const ASKER = `
TALK "Hi " & user_name & ", what is your name?"
HEAR name
TALK "Nice to meet you, " & name
HEAR color AS "red", "blue"
TALK "You chose " & color
`;

let harness: EngineHarness;
let web: TestAdapter;
let running: RunningEngine;

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'echo', scripts: { start: ECHO } });
  await harness.addBot({ name: 'asker', scripts: { start: ASKER } });
  web = new TestAdapter('web');
  running = await harness.startEngine({ adapters: [web] });
});
afterAll(() => harness.close());

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

test('after /voice on (voice_response in the session), replies and messages to the customer are marked to be spoken', async () => {
  const first = await running.engine.receive(inbound('echo', 'plain', { customer: 'voice-1' }));
  expect(first.replies[0]!.voice_reply).toBeUndefined();
  await createSessionsRepo(harness.database.db).update(first.session_id!, { context_patch: { voice_response: true } });
  const spoken = await running.engine.receive(inbound('echo', 'now spoken', { customer: 'voice-1' }));
  expect(spoken.replies.map((r) => [r.text, r.voice_reply])).toEqual([['echo: now spoken', true]]);
  const [sent] = await running.engine.send([{ session_id: first.session_id!, channel: 'web', to: 'voice-1', text: 'from an attendant', from: 'attendant' }]);
  expect(sent!.voice_reply).toBe(true);
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
