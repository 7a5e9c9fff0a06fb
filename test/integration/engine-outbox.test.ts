import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

// The outbox on the real drivers: delivered by the jobs port with retries and backoff, a failure
// reaching the subscribers, nothing lost across a crash; and the SMS rule for messages outside a
// turn. The delivery job's own rules are unit tests on the in-memory stores
// (engine/outbox/deliver-outbox.test.ts), held to the database's semantics by
// test/integration/engine-stores-contract.test.ts.

const ECHO = 'TALK "echo: " & first_message';
const adapters = {
  sms: new TestAdapter('sms'),
  retry: new TestAdapter('mobile_msg'),
  permanent: new TestAdapter('bot_msg'),
};

let harness: EngineHarness;
let running: RunningEngine;
const rowsOf = (sessionId: string) => harness.database.db.select().from(outbox).where(eq(outbox.session_id, sessionId));
const settled = (sessionId: string) => async () => (await rowsOf(sessionId)).every((r) => r.state !== 'pending');

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'echo', scripts: { start: ECHO } });
  running = await harness.startEngine({ adapters: Object.values(adapters), outbox: { attempts: 4, backoffMs: 40 } });
});
afterAll(() => harness.close());

test('messages sent outside a turn (an attendant) follow the SMS rule too', async () => {
  const first = await running.engine.receive(inbound('echo', 'hi', { channel: 'sms', customer: '+15550101' }));
  const sent = await running.engine.send([{ session_id: first.session_id!, channel: 'sms', to: '+15550101', text: 'y'.repeat(200), from: 'attendant' }]);
  expect(sent.map((m) => m.text)).toEqual([`(1/2) ${'y'.repeat(154)}`, `(2/2) ${'y'.repeat(46)}`]);
  expect(lines(await harness.transcript(first.session_id!)).slice(-2)).toEqual(sent.map((m) => `< attendant: ${m.text}`));
  // Delivered before the next test counts the channel's sends.
  await waitFor(settled(first.session_id!), 'the attendant\'s parts delivered');
});

test('messages the channel carried itself (handedOut: a phone call\'s transcript of itself) are stored delivered, with no outbox row and no delivery', async () => {
  const first = await running.engine.receive(inbound('echo', 'hi', { channel: 'sms', customer: '+15550102' }));
  await waitFor(settled(first.session_id!), 'the echo delivered');
  const before = (await rowsOf(first.session_id!)).length;
  const delivered = adapters.sms.sent.length;
  await running.engine.send([{ session_id: first.session_id!, channel: 'sms', to: '+15550102', text: 'Said on the call', from: 'attendant' }], { handedOut: true });
  expect(await rowsOf(first.session_id!)).toHaveLength(before);
  expect((await harness.transcript(first.session_id!)).at(-1)).toMatchObject({ text: 'Said on the call', delivery_state: 'delivered' });
  expect(adapters.sms.sent.length).toBe(delivered);
});

test('a transient failure is retried with exponential backoff until delivery succeeds', async () => {
  adapters.retry.transientFailures = 2;
  const outcome = await running.engine.receive(inbound('echo', 'retry me', { channel: 'mobile_msg', customer: 'r-1' }));
  await waitFor(settled(outcome.session_id!), 'delivery');
  const [row] = await rowsOf(outcome.session_id!);
  expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_error: 'provider answered 503' });
  expect(adapters.retry.sent.map((m) => m.text)).toEqual(['echo: retry me']);
  const [t1, t2, t3] = adapters.retry.attemptTimes;
  expect(t2! - t1!).toBeGreaterThanOrEqual(35);
  expect(t3! - t2!).toBeGreaterThanOrEqual(75);
  const transcript = await harness.transcript(outcome.session_id!);
  expect(transcript.at(-1)).toMatchObject({ delivery_state: 'delivered' });
});

test('a permanent failure is recorded with the provider reason and not retried', async () => {
  adapters.permanent.permanentReason = 'recipient blocked the bot';
  const outcome = await running.engine.receive(inbound('echo', 'hello', { channel: 'bot_msg', customer: 'f-1' }));
  await waitFor(settled(outcome.session_id!), 'failure');
  const [row] = await rowsOf(outcome.session_id!);
  expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: 'recipient blocked the bot' });
  expect(adapters.permanent.attemptTimes).toHaveLength(1);
  const failed = (await harness.transcript(outcome.session_id!)).at(-1)!;
  expect(failed).toMatchObject({ delivery_state: 'failed' });
  // Told once, as message.delivery_failed, with the transcript message and the provider's reason.
  await harness.eventsHandled(outcome.session_id!);
  expect(running.events.filter((e) => e.name === 'message.delivery_failed' && e.session_id === outcome.session_id)).toEqual([{
    name: 'message.delivery_failed', session_id: outcome.session_id,
    payload: { session_id: outcome.session_id, message_id: failed.id, channel: 'bot_msg', sender: 'bot', text: 'echo: hello', reason: 'recipient blocked the bot' },
  }]);
});

test('a crash between commit and delivery loses nothing: the next start delivers pending rows', async () => {
  // An instance that commits but never delivers (its job handlers never run), then "crashes".
  const crashed = await harness.startEngine({ start: false, adapters: [new TestAdapter('workchat')] });
  const outcome = await crashed.engine.receive(inbound('echo', 'survive', { channel: 'workchat', customer: 'c-1' }));
  await crashed.stop();
  expect(await rowsOf(outcome.session_id!)).toEqual([expect.objectContaining({ state: 'pending', attempts: 0 })]);

  const workchat = new TestAdapter('workchat');
  const next = await harness.startEngine({ adapters: [workchat] });
  await waitFor(() => workchat.sent.length === 1, 'delivery after restart');
  expect(workchat.sent[0]).toMatchObject({ text: 'echo: survive', to: 'c-1', session_id: outcome.session_id });
  await waitFor(settled(outcome.session_id!), 'delivered state');
  await next.stop();
});
