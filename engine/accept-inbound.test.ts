import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound, TestAdapter } from '../test/support/test-channel.js';
import { acceptInbound, processInbound, requeueInbound, type InboundJob } from './accept-inbound.js';
import { receiveMessage } from './receive-message.js';
import { JOB_NAMES, type InboundScreen } from './engine-deps.js';
import type { InboundMessage } from './messages.js';

// Provider webhooks (docs/architecture.md, "Provider webhooks") on the in-memory stores: messages
// stored first and answered, then run by a job per customer — oldest first, each removed only
// once its turn committed, a screened one never reaching a turn. The test runs the jobs itself;
// test/integration/channel-webhooks.test.ts runs the whole door on the real drivers.

let engine: MemoryEngine;

function start(screenInbound?: InboundScreen) {
  engine = memoryEngine({
    bots: [{ name: 'echo', scripts: { start: 'TALK "echo: " & first_message\nDO\n  HEAR answer\n  TALK "echo: " & answer\nLOOP' } }],
    adapters: [new TestAdapter('sms')],
    ...(screenInbound ? { screens: { sms: screenInbound } } : {}),
  });
}
beforeEach(() => start());

const sms = (text: string, customer: string, id?: string): InboundMessage => inbound('echo', text, { channel: 'sms', customer, ...(id ? { id } : {}) });
const inboundJobs = () => engine.jobs.filter((j) => j.name === JOB_NAMES.inbound).map((j) => j.data as InboundJob);
const customer = (id: string): InboundJob => ({ channel: 'sms', bot: 'echo', external_user_id: id });
const queued = (id: string) => engine.tables.inbound.filter((r) => r.external_user_id === id).map((r) => [r.message.text, r.state, r.attempts]);
const transcriptOf = (id: string) => engine.tables.messages
  .filter((m) => engine.tables.sessions.get(m.session_id)?.external_user_id === id)
  .map((m) => `${m.direction === 'inbound' ? '>' : '<'} ${m.text}`);

test('accepted messages are stored and one job per customer is enqueued; a redelivery stores and enqueues nothing', async () => {
  const batch = [sms('one', '+1000', 'm1'), sms('alpha', '+2000', 'm2'), sms('two', '+1000', 'm3')];
  expect(await acceptInbound(engine.deps.inbound, batch)).toEqual({ accepted: 3 });
  expect(inboundJobs()).toEqual([customer('+1000'), customer('+2000')]);
  expect(queued('+1000')).toEqual([['one', 'pending', 0], ['two', 'pending', 0]]);
  expect(engine.tables.messages).toEqual([]); // nothing runs before the job

  expect(await acceptInbound(engine.deps.inbound, batch)).toEqual({ accepted: 0 });
  expect(inboundJobs()).toHaveLength(2);
});

test('the job runs the customer\'s messages oldest first and removes each once its turn committed; other customers wait for theirs', async () => {
  await acceptInbound(engine.deps.inbound, [sms('one', '+1000'), sms('alpha', '+2000'), sms('two', '+1000'), sms('three', '+1000')]);
  await processInbound(engine.deps.inbound, customer('+1000'));
  expect(transcriptOf('+1000')).toEqual(['> one', '< echo: one', '> two', '< echo: two', '> three', '< echo: three']);
  expect(queued('+1000')).toEqual([]);
  expect(queued('+2000')).toEqual([['alpha', 'pending', 0]]);
  // A second job for the same customer (an earlier one ran their messages) finds nothing to do.
  await processInbound(engine.deps.inbound, customer('+1000'));
  expect(transcriptOf('+1000')).toHaveLength(6);
});

test('a message whose turn fails stays queued with the attempt counted, and the job fails so the queue retries it', async () => {
  await acceptInbound(engine.deps.inbound, [sms('first', '+3000'), sms('second', '+3000')]);
  const commit = engine.repos.turns.commit;
  let failing = true;
  engine.repos.turns.commit = async (write) => {
    if (failing) throw new Error('database went away');
    return commit(write);
  };
  await expect(processInbound(engine.deps.inbound, customer('+3000'))).rejects.toThrow('database went away');
  expect(queued('+3000')).toEqual([['first', 'pending', 1], ['second', 'pending', 0]]);
  expect(transcriptOf('+3000')).toEqual([]);

  failing = false;
  await processInbound(engine.deps.inbound, customer('+3000'));
  expect(transcriptOf('+3000')).toEqual(['> first', '< echo: first', '> second', '< echo: second']);
  expect(queued('+3000')).toEqual([]);
});

test('after its last attempt a failing message is set aside and the customer\'s later messages go on', async () => {
  start(async (message) => {
    if (message.text === 'poison') throw new Error('cannot read this');
    return message;
  });
  await acceptInbound(engine.deps.inbound, [sms('poison', '+4000'), sms('fine', '+4000')]);
  for (let attempt = 1; attempt < 5; attempt++) await expect(processInbound(engine.deps.inbound, customer('+4000'))).rejects.toThrow('cannot read this');
  await processInbound(engine.deps.inbound, customer('+4000'));
  expect(queued('+4000')).toEqual([['poison', 'failed', 5]]);
  expect(transcriptOf('+4000')).toEqual(['> fine', '< echo: fine']);
});

test('a message the screen handles itself never reaches a turn, and its id keeps a redelivery out; the screen may enrich the others', async () => {
  start(async (message) => (message.text.startsWith('#') ? null : { ...message, text: `${message.text} (transcribed)` }));
  await acceptInbound(engine.deps.inbound, [sms('#from the attendant', '+5000', 's1'), sms('voice note', '+5000', 's2')]);
  await processInbound(engine.deps.inbound, customer('+5000'));
  expect(transcriptOf('+5000')).toEqual(['> voice note (transcribed)', '< echo: voice note (transcribed)']);
  expect(queued('+5000')).toEqual([[undefined, 'screened', 0]]);
  expect(await acceptInbound(engine.deps.inbound, [sms('#from the attendant', '+5000', 's1')])).toEqual({ accepted: 0 });
});

test('a message whose turn committed before a crash (still queued) is answered by the turn\'s dedupe, not run again, and removed', async () => {
  const message = sms('once', '+6000', 'c1');
  await acceptInbound(engine.deps.inbound, [message]);
  await receiveMessage(engine.deps.turn, message); // the turn committed; the crash came before the removal
  await processInbound(engine.deps.inbound, customer('+6000'));
  expect(transcriptOf('+6000')).toEqual(['> once', '< echo: once']);
  expect(queued('+6000')).toEqual([]);
});

test('recovery hands out a job for every customer with messages still queued', async () => {
  await acceptInbound(engine.deps.inbound, [sms('a', '+7000'), sms('b', '+8000')]);
  await processInbound(engine.deps.inbound, customer('+7000'));
  engine.jobs.length = 0;
  expect(await requeueInbound(engine.deps.recovery)).toBe(1);
  expect(inboundJobs()).toEqual([customer('+8000')]);
});
