import { createEngineEventsRepo } from '../../db/index.js';
import { ENGINE_EVENTS, type EngineEventName } from '../../engine/index.js';
import { EngineHarness, inbound, TestAdapter, waitFor } from '../support/engine-kit.js';

// Domain events (docs/architecture.md, "one-way flow"): stored with the turn, handed to the
// subscribers by a job after the commit — off the customer's request, in order per session, at
// least once, and again after a restart when they were still pending.

const keyword = { 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['human'] };

let harness: EngineHarness;
const pending = (sessionId: string) => createEngineEventsRepo(harness.database.db).listPending(sessionId);

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'desk', scripts: { start: 'TALK "echo: " & first_message' }, config: keyword });
});
afterAll(() => harness.close());

/** A subscriber whose every handler waits for `release()`, recording what it was handed. */
function blockingSubscriber() {
  const seen: { name: EngineEventName; text: string }[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler = (name: EngineEventName) => async (payload: { message?: { text: string } }) => {
    await gate;
    seen.push({ name, text: payload.message?.text ?? '' });
  };
  return {
    seen,
    release: () => open(),
    handlers: {
      [ENGINE_EVENTS.handedOff]: handler(ENGINE_EVENTS.handedOff),
      [ENGINE_EVENTS.customerMessaged]: handler(ENGINE_EVENTS.customerMessaged),
    },
  };
}

test('a customer message is answered while its subscribers are still busy: they run after the turn', async () => {
  const running = await harness.startEngine({ adapters: [new TestAdapter('web')], start: false });
  const slow = blockingSubscriber();
  running.engine.subscribe(slow.handlers);
  await running.engine.start();

  const outcome = await running.engine.receive(inbound('desk', 'a human please', { customer: 'busy-1' }));
  expect(outcome).toMatchObject({ status: 'processed', needs_human: true });
  // The turn is committed and answered; the subscriber has not finished (it cannot, until released).
  expect(slow.seen).toEqual([]);
  expect(await pending(outcome.session_id!)).toHaveLength(1);

  slow.release();
  await harness.eventsHandled(outcome.session_id!);
  expect(slow.seen).toEqual([{ name: 'session.handed_off', text: 'a human please' }]);
  await running.stop();
});

test('events of one session reach a subscriber in the order their turns committed', async () => {
  const running = await harness.startEngine({ adapters: [new TestAdapter('web')] });
  const first = await running.engine.receive(inbound('desk', 'human', { customer: 'order-1' }));
  const texts = ['one', 'two', 'three', 'four', 'five'];
  for (const text of texts) await running.engine.receive(inbound('desk', text, { customer: 'order-1' }));
  await harness.eventsHandled(first.session_id!);
  const handed = running.events.filter((e) => e.session_id === first.session_id);
  expect(handed.map((e) => e.name)).toEqual(['session.handed_off', ...texts.map(() => 'customer.messaged')]);
  expect(handed.map((e) => ('message' in e.payload ? e.payload.message.text : ''))).toEqual(['human', ...texts]);
  await running.stop();
});

test('a failing subscriber is tried again; the session\'s later events wait for it', async () => {
  const running = await harness.startEngine({ adapters: [new TestAdapter('web')], start: false });
  let failures = 2;
  const handled: string[] = [];
  running.engine.subscribe({
    [ENGINE_EVENTS.handedOff]: async ({ message }) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('attendance is briefly unavailable');
      }
      handled.push(message.text);
    },
    [ENGINE_EVENTS.customerMessaged]: async ({ message }) => {
      handled.push(message.text);
    },
  });
  await running.engine.start();
  const first = await running.engine.receive(inbound('desk', 'human', { customer: 'retry-1' }));
  await running.engine.receive(inbound('desk', 'still there?', { customer: 'retry-1' }));
  await waitFor(() => handled.length === 2, { what: 'both events handled after the retries', timeoutMs: 20_000 });
  expect(handled).toEqual(['human', 'still there?']);
  // A handler returns before its event is marked done: wait for the mark, not just the handler.
  await harness.eventsHandled(first.session_id!);
  expect(await pending(first.session_id!)).toEqual([]);
  await running.stop();
});

test('events still pending when an instance stops are handed out by the next one at start-up', async () => {
  // An instance that commits turns but never runs its jobs: as if it died right after the commit.
  const dying = await harness.startEngine({ adapters: [new TestAdapter('web')], start: false });
  const outcome = await dying.engine.receive(inbound('desk', 'human', { customer: 'crash-1' }));
  expect(await pending(outcome.session_id!)).toHaveLength(1);
  await dying.stop();

  const next = await harness.startEngine({ adapters: [new TestAdapter('web')] });
  await harness.eventsHandled(outcome.session_id!);
  expect(next.events.filter((e) => e.session_id === outcome.session_id).map((e) => e.name)).toEqual(['session.handed_off']);
  await next.stop();
});
