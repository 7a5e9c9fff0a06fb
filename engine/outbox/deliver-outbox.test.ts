import { memoryEngine, type MemoryEngine } from '../../test/support/engine-memory/memory-engine.js';
import { inbound, TestAdapter } from '../../test/support/test-channel.js';
import { PermanentDeliveryError, type ChannelAdapter } from '../channel-contract.js';
import { JOB_NAMES } from '../engine-deps.js';
import type { OutboundMessage } from '../messages.js';
import { receiveMessage } from '../receive-message.js';
import { deliverOutbox } from './deliver-outbox.js';
import type { DeliverJob } from './dispatch-outbound.js';
import { recordDeliveryStatus } from './record-delivery-status.js';

// The outbox job on the in-memory stores (docs/architecture.md): a committed message delivered
// through its channel's adapter; a transient failure recorded and rethrown for the jobs port to
// retry with backoff; the last attempt, a refusal or a missing adapter failing it for good, told
// as message.delivery_failed. Attempts are driven here one by one — the test is the job queue —
// so no backoff is waited for; test/integration/engine-outbox.test.ts runs the real queue.

const NOW = new Date('2026-03-01T12:00:00.000Z');

let engine: MemoryEngine;
let sms: TestAdapter;

function start(adapters: ChannelAdapter[]) {
  engine = memoryEngine({
    bots: [{ name: 'echo', scripts: { start: 'TALK "echo: " & first_message' } }],
    adapters, outbox: { attempts: 3, backoffMs: 100 }, now: () => NOW,
  });
}
beforeEach(() => {
  sms = new TestAdapter('sms');
  start([sms]);
});

/** A turn on `channel` whose one reply waits in the outbox; resolves to its delivery job. */
async function committedReply(text: string, channel: 'sms' | 'mobile_msg' = 'sms'): Promise<DeliverJob> {
  await receiveMessage(engine.deps.turn, inbound('echo', text, { channel, customer: '+1555' }));
  const job = engine.jobs.filter((j) => j.name === JOB_NAMES.deliver).at(-1);
  if (!job) throw new Error('no delivery job');
  return job.data as DeliverJob;
}
const attempt = (job: DeliverJob, n: number) => deliverOutbox(engine.deps.delivery, job, { id: `outbox-${job.id}`, name: JOB_NAMES.deliver, attempt: n });
const row = (job: DeliverJob) => engine.tables.outbox.get(job.id)!;
const message = (job: DeliverJob) => engine.tables.messages.find((m) => m.id === row(job).message_id)!;
const failures = () => engine.tables.events.filter((e) => e.name === 'message.delivery_failed');

test('success: sent through the adapter, the row and its message delivered with the provider\'s id', async () => {
  const job = await committedReply('hello');
  await attempt(job, 1);
  expect(sms.sent).toEqual([expect.objectContaining({ text: 'echo: hello', to: '+1555', channel: 'sms' })]);
  expect(row(job)).toMatchObject({ state: 'delivered', attempts: 1, delivered_at: NOW });
  expect(message(job)).toMatchObject({ delivery_state: 'delivered', provider_message_id: 'p-1' });
  // A job run again after the delivery (a redelivered job) sends nothing.
  await attempt(job, 1);
  expect(sms.sent).toHaveLength(1);
});

test('a transient failure is recorded with the next attempt\'s time and rethrown; a later attempt delivers', async () => {
  sms.transientFailures = 2;
  const job = await committedReply('retry me');
  await expect(attempt(job, 1)).rejects.toThrow('provider answered 503');
  expect(row(job)).toMatchObject({ state: 'pending', attempts: 1, last_error: 'provider answered 503', next_attempt_at: new Date(NOW.getTime() + 100) });
  await expect(attempt(job, 2)).rejects.toThrow('provider answered 503');
  expect(row(job)).toMatchObject({ state: 'pending', attempts: 2, next_attempt_at: new Date(NOW.getTime() + 200) });
  await attempt(job, 3);
  expect(row(job)).toMatchObject({ state: 'delivered', attempts: 3, last_error: 'provider answered 503' });
  expect(sms.sent.map((m) => m.text)).toEqual(['echo: retry me']);
  expect(failures()).toEqual([]);
});

test('the last attempt failing fails the row with the last reason, told once as message.delivery_failed', async () => {
  sms.transientFailures = 100;
  const job = await committedReply('never');
  await expect(attempt(job, 1)).rejects.toThrow();
  await expect(attempt(job, 2)).rejects.toThrow();
  await attempt(job, 3); // the last: settled, not rethrown
  expect(row(job)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'provider answered 503' });
  expect(message(job)).toMatchObject({ delivery_state: 'failed', payload: { delivery_error: 'provider answered 503' } });
  expect(failures().map((e) => e.payload)).toEqual([{
    message_id: message(job).id, session_id: job.session_id, channel: 'sms', sender: 'bot', text: 'echo: never', reason: 'provider answered 503',
  }]);
  const [failed] = failures();
  expect(engine.jobs.filter((j) => j.name === JOB_NAMES.events).map((j) => j.data)).toEqual([
    { session_id: job.session_id, event_id: failed!.id, event: { name: 'message.delivery_failed', payload: failed!.payload } },
  ]);
  expect(sms.attemptTimes).toHaveLength(3);
});

test('a refusal for good fails the row at once, with the provider\'s reason; an unreachable customer is marked on the session', async () => {
  const refusing: ChannelAdapter = {
    channel: 'sms', verify: () => true, parse: () => [],
    send: async (_: OutboundMessage) => {
      throw new PermanentDeliveryError('recipient blocked the bot', { unreachable: true });
    },
  };
  start([refusing]);
  const job = await committedReply('hello');
  await attempt(job, 1);
  expect(row(job)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'recipient blocked the bot' });
  expect(failures().map((e) => e.payload.reason)).toEqual(['recipient blocked the bot']);
  expect(engine.tables.sessions.get(job.session_id)?.context_data).toMatchObject({
    unreachable: true, unreachable_reason: 'recipient blocked the bot', unreachable_at: NOW.toISOString(),
  });
});

test('a channel without an adapter fails the row at once, saying so', async () => {
  start([]);
  const job = await committedReply('hello');
  await attempt(job, 1);
  expect(row(job)).toMatchObject({ state: 'failed', last_error: 'no adapter is registered for channel "sms"' });
  expect(failures()).toHaveLength(1);
});

test('the provider\'s failed status is told once as message.delivery_failed; other statuses are only kept', async () => {
  const job = await committedReply('status please');
  await attempt(job, 1);
  const update = { channel: 'sms' as const, bot: 'echo', provider_message_id: 'p-1' };
  expect(await recordDeliveryStatus(engine.deps.statuses, { ...update, status: 'delivered' })).toBe(true);
  expect(failures()).toEqual([]);
  const failed = { ...update, status: 'failed' as const, error: { code: 131026, title: 'Message undeliverable' } };
  expect(await recordDeliveryStatus(engine.deps.statuses, failed)).toBe(true);
  expect(await recordDeliveryStatus(engine.deps.statuses, failed)).toBe(true);
  expect(failures().map((e) => e.payload)).toEqual([{
    message_id: message(job).id, session_id: job.session_id, channel: 'sms', sender: 'bot', text: 'echo: status please', reason: '131026: Message undeliverable',
  }]);
  expect(await recordDeliveryStatus(engine.deps.statuses, { ...update, provider_message_id: 'someone-else', status: 'read' })).toBe(false);
});
