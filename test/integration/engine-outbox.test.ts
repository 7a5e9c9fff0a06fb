import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

// The outbox : committed before delivery, delivered by a job with retries and
// backoff, failures recorded, nothing lost across a crash; and the SMS rule on the outbound path.

const ECHO = 'TALK "echo: " & first_message';
const adapters = {
  sms: new TestAdapter('sms'),
  retry: new TestAdapter('mobile_msg'),
  permanent: new TestAdapter('bot_msg'),
  exhausted: new TestAdapter('social_dm'),
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

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

test('SMS text over 160 characters is split into numbered parts, one outbox row each, never cut', async () => {
  const text = words(90);
  const outcome = await running.engine.receive(inbound('echo', text, { channel: 'sms', customer: '+15550100' }));
  if (outcome.status !== 'processed') throw new Error('not processed');
  const parts = outcome.replies.map((r) => r.text);
  expect(parts.length).toBeGreaterThan(1);
  parts.forEach((part, i) => {
    expect(part.length).toBeLessThanOrEqual(160);
    expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
  });
  expect(parts.map((p) => p.replace(/^\(\d+\/\d+\) /, '')).join(' ')).toBe(`echo: ${text}`);
  expect(await rowsOf(outcome.session_id)).toHaveLength(parts.length);
  await waitFor(() => adapters.sms.sent.length === parts.length, 'every part delivered');
  expect(adapters.sms.sent.map((m) => m.text)).toEqual(parts);
  expect(lines(await harness.transcript(outcome.session_id)).slice(1)).toEqual(parts.map((p) => `< bot: ${p}`));
});

test('messages sent outside a turn (an attendant) follow the SMS rule too', async () => {
  const first = await running.engine.receive(inbound('echo', 'hi', { channel: 'sms', customer: '+15550101' }));
  const sent = await running.engine.send([{ session_id: first.session_id!, channel: 'sms', to: '+15550101', text: 'y'.repeat(200), from: 'attendant' }]);
  expect(sent.map((m) => m.text)).toEqual([`(1/2) ${'y'.repeat(154)}`, `(2/2) ${'y'.repeat(46)}`]);
  expect(lines(await harness.transcript(first.session_id!)).slice(-2)).toEqual(sent.map((m) => `< attendant: ${m.text}`));
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

test('a failed delivery status from the provider is told once as message.delivery_failed; other statuses are not', async () => {
  const outcome = await running.engine.receive(inbound('echo', 'status please', { channel: 'mobile_msg', customer: 'st-1' }));
  await waitFor(settled(outcome.session_id!), 'delivery');
  const [sent] = await harness.transcript(outcome.session_id!).then((rows) => rows.filter((r) => r.direction === 'outbound'));
  const update = { channel: 'mobile_msg' as const, bot: 'echo', provider_message_id: sent!.provider_message_id! };
  expect(await running.engine.recordDeliveryStatus({ ...update, status: 'delivered' })).toBe(true);
  expect(await running.engine.recordDeliveryStatus({ ...update, status: 'failed', error: { code: 131026, title: 'Message undeliverable' } })).toBe(true);
  expect(await running.engine.recordDeliveryStatus({ ...update, status: 'failed', error: { code: 131026, title: 'Message undeliverable' } })).toBe(true);
  await harness.eventsHandled(outcome.session_id!);
  const told = running.events.filter((e) => e.name === 'message.delivery_failed' && e.session_id === outcome.session_id);
  expect(told.map((e) => e.payload)).toEqual([{
    session_id: outcome.session_id, message_id: sent!.id, channel: 'mobile_msg', sender: 'bot', text: 'echo: status please', reason: '131026: Message undeliverable',
  }]);
});

test('when every attempt fails the row is failed with the last reason', async () => {
  adapters.exhausted.transientFailures = 100;
  const outcome = await running.engine.receive(inbound('echo', 'hello', { channel: 'social_dm', customer: 'x-1' }));
  await waitFor(settled(outcome.session_id!), 'final failure');
  const [row] = await rowsOf(outcome.session_id!);
  expect(row).toMatchObject({ state: 'failed', attempts: 4, last_error: 'provider answered 503' });
  expect(adapters.exhausted.attemptTimes).toHaveLength(4);
});

test('a channel without an adapter fails the row at once, saying so', async () => {
  const outcome = await running.engine.receive(inbound('echo', 'hello', { channel: 'page_msg', customer: 'n-1' }));
  await waitFor(settled(outcome.session_id!), 'failure');
  const [row] = await rowsOf(outcome.session_id!);
  expect(row).toMatchObject({ state: 'failed', last_error: 'no adapter is registered for channel "page_msg"' });
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
