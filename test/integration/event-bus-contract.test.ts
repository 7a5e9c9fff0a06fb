import type { EventBus } from '../../infra/events/index.js';
import { createInProcessEventBus } from '../../infra/events/in-process-bus.js';
import { createRedisEventBus } from '../../infra/events/redis-bus.js';
import { createLogger } from '../../infra/logger.js';
import { redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

// One contract, every driver . The Redis row is skipped (with a warning) only
// when Redis does not answer and REQUIRE_SERVICES is unset. Pub/sub creates no keys to clean up.
const redisUrl = redisUrlForTests();
const logger = createLogger({ pretty: false }); // silent unless LOG_LEVEL is set

interface Driver {
  name: string;
  skip?: string;
  open(prefix: string): EventBus;
  /** Another instance's bus: a second client for Redis; the same bus in-process (one process, one emitter). */
  peer(bus: EventBus, prefix: string): EventBus;
}

const drivers: Driver[] = [
  { name: 'in-process', open: () => createInProcessEventBus({ logger }), peer: (bus) => bus },
  {
    name: 'redis',
    skip: redisUrl ? undefined : 'Redis not reachable',
    open: (prefix) => createRedisEventBus({ redisUrl: redisUrl!, prefix, logger }),
    peer: (_bus, prefix) => createRedisEventBus({ redisUrl: redisUrl!, prefix, logger }),
  },
];


describe.each(drivers)('event bus contract: $name', (driver) => {
  if (driver.skip) {
    test.skip(`skipped: ${driver.skip}`, () => undefined);
    return;
  }
  let prefix: string;
  let bus: EventBus;
  const extra: EventBus[] = [];

  beforeEach(() => {
    prefix = uniquePrefix('sbtest-events');
    bus = driver.open(prefix);
  });
  afterEach(async () => {
    await Promise.all([bus, ...extra.splice(0)].map((b) => b.close()));
  });

  test('delivers a published JSON message as a fresh copy', async () => {
    await bus.ping();
    const received: unknown[] = [];
    await bus.subscribe('conversation.updated', (message) => void received.push(message));
    const message = { id: 'c1', tags: ['vip'], at: new Date(0), nested: { n: 1, none: null } };
    await bus.publish('conversation.updated', message);
    await waitFor(() => received.length === 1, 'delivery');
    expect(received[0]).toEqual(JSON.parse(JSON.stringify(message)));
    expect(received[0]).not.toBe(message);
  });

  test('delivers only the subscribed topic', async () => {
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    await bus.subscribe('topic.a', (m) => void onA.push(m));
    await bus.subscribe('topic.b', (m) => void onB.push(m));
    await bus.publish('topic.a', 1);
    await bus.publish('topic.b', 2);
    await waitFor(() => onA.length === 1 && onB.length === 1, 'both topics');
    expect([onA, onB]).toEqual([[1], [2]]);
  });

  test('unsubscribe stops delivery to that listener only', async () => {
    const gone: unknown[] = [];
    const kept: unknown[] = [];
    const unsubscribe = await bus.subscribe('room.message', (m) => void gone.push(m));
    await bus.subscribe('room.message', (m) => void kept.push(m));
    await unsubscribe();
    await unsubscribe(); // harmless twice
    await bus.publish('room.message', 'after');
    // Both listeners sit behind the same channel, so once `kept` has it, `gone` would have too.
    await waitFor(() => kept.length === 1, 'delivery to the remaining listener');
    expect(gone).toEqual([]);
  });

  test('after the last listener unsubscribes, resubscribing works', async () => {
    const first: unknown[] = [];
    const unsubscribe = await bus.subscribe('re.sub', (m) => void first.push(m));
    await unsubscribe();
    const second: unknown[] = [];
    await bus.subscribe('re.sub', (m) => void second.push(m));
    await bus.publish('re.sub', { ok: true });
    await waitFor(() => second.length === 1, 'delivery after resubscribe');
    expect(first).toEqual([]);
  });

  test('fans out: a message published on one instance reaches subscribers on every instance', async () => {
    const other = driver.peer(bus, prefix);
    if (other !== bus) extra.push(other);
    const here: unknown[] = [];
    const there: unknown[] = [];
    await bus.subscribe('attendant.assigned', (m) => void here.push(m));
    await other.subscribe('attendant.assigned', (m) => void there.push(m));
    await bus.publish('attendant.assigned', { from: 'bus' });
    await other.publish('attendant.assigned', { from: 'other' });
    await waitFor(() => here.length === 2 && there.length === 2, 'fan-out to both');
    for (const seen of [here, there]) expect(seen).toEqual(expect.arrayContaining([{ from: 'bus' }, { from: 'other' }]));
  });

  test('a failing listener does not stop the others', async () => {
    const received: unknown[] = [];
    await bus.subscribe('fragile', () => {
      throw new Error('listener bug');
    });
    await bus.subscribe('fragile', async () => Promise.reject(new Error('async listener bug')));
    await bus.subscribe('fragile', (m) => void received.push(m));
    await bus.publish('fragile', 'still delivered');
    await waitFor(() => received.length === 1, 'delivery past failing listeners');
  });

  test('rejects a message that is not JSON, and use after close', async () => {
    await expect(bus.publish('bad', undefined)).rejects.toThrow(TypeError);
    await expect(bus.publish('bad', { n: 1n })).rejects.toThrow(TypeError);
    await bus.close();
    await expect(bus.publish('late', 1)).rejects.toThrow(/closed/);
  });
});
