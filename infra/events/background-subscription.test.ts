import { createLogger } from '../logger.js';
import { subscribeInBackground } from './background-subscription.js';
import { createInProcessEventBus } from './in-process-bus.js';
import type { EventBus, EventListener } from './event-bus.js';
import { waitFor } from '../../test/support/wait-for.js';

const logger = createLogger({ pretty: false });

test('answers at once while the bus has not confirmed, and ends the subscription once it does', async () => {
  let confirm: (() => void) | undefined;
  let unsubscribed = false;
  const pending: Pick<EventBus, 'subscribe'> = {
    subscribe: () => new Promise((resolve) => {
      confirm = () => resolve(async () => { unsubscribed = true; });
    }),
  };
  const stop = subscribeInBackground(pending, 'topic', () => undefined, logger);
  await stop(); // no confirmation yet: it does not wait for one
  expect(unsubscribed).toBe(false);
  confirm!();
  await new Promise((resolve) => setImmediate(resolve));
  expect(unsubscribed).toBe(true);
});

test('the listener hears what is published once subscribed; a failed subscription is logged, not thrown', async () => {
  const bus = createInProcessEventBus({ logger });
  const heard: unknown[] = [];
  const listener: EventListener = (message) => void heard.push(message);
  const stop = subscribeInBackground(bus, 'topic', listener, logger);
  await new Promise((resolve) => setImmediate(resolve));
  await bus.publish('topic', { n: 1 });
  await waitFor(() => heard.length === 1, 'the first message heard');
  await stop();
  await bus.publish('topic', { n: 2 });
  await new Promise((resolve) => setTimeout(resolve, 20)); // what the bus would have delivered by now
  expect(heard).toEqual([{ n: 1 }]);
  const errors: unknown[] = [];
  const failing: Pick<EventBus, 'subscribe'> = { subscribe: () => Promise.reject(new Error('redis away')) };
  subscribeInBackground(failing, 'topic', listener, { error: (entry: unknown) => void errors.push(entry) } as never);
  await new Promise((resolve) => setImmediate(resolve));
  expect(errors).toHaveLength(1);
});
