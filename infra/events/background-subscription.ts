import type { Logger } from '../logger.js';
import type { EventBus, EventListener, Unsubscribe } from './event-bus.js';

/**
 * Subscribes without waiting for the bus to confirm it. What a service subscribes to at start-up
 * must not hold the start while Redis is away (docs/operations/high-availability.md, "Redis
 * away"): the subscription completes when Redis returns, and a failure is logged. The function
 * returned ends the subscription, then or later: it never waits for a confirmation that may not come.
 */
export function subscribeInBackground(
  bus: Pick<EventBus, 'subscribe'>,
  topic: string,
  listener: EventListener,
  logger: Pick<Logger, 'error'>,
): Unsubscribe {
  let unsubscribe: Unsubscribe | undefined;
  let ended = false;
  void bus.subscribe(topic, listener).then(
    (done) => {
      unsubscribe = done;
      if (ended) void done().catch(() => undefined);
    },
    (err: unknown) => logger.error({ err, topic }, 'could not subscribe to the event bus'),
  );
  return async () => {
    ended = true;
    await unsubscribe?.();
  };
}
