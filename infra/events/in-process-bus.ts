import { EventEmitter } from 'node:events';
import type { Logger } from '../logger.js';
import type { EventBus, EventListener, Unsubscribe } from './event-bus.js';
import { deliver, encodeMessage } from './message-codec.js';

/**
 * The embedded event bus: one EventEmitter, so it reaches only this process. Right for a single
 * instance; with several instances use the Redis driver. Delivery is deferred and JSON-copied so
 * code behaves the same as on Redis.
 */
export function createInProcessEventBus(options: { logger: Logger }): EventBus {
  const emitter = new EventEmitter();
  // Many WebSocket connections may subscribe to one topic; that is not a leak.
  emitter.setMaxListeners(0);
  let closed = false;
  const assertOpen = (): void => {
    if (closed) throw new Error('event bus is closed');
  };

  return {
    async publish(topic, message) {
      assertOpen();
      const text = encodeMessage(topic, message);
      // Listeners are called directly (not via emit) so one failing cannot stop the rest.
      setImmediate(() => deliver(options.logger, topic, text, emitter.listeners(topic) as EventListener[]));
    },
    async subscribe(topic, listener): Promise<Unsubscribe> {
      assertOpen();
      // A wrapper per call, so subscribing the same function twice gives two subscriptions.
      const entry: EventListener = (message) => listener(message);
      emitter.on(topic, entry);
      return async () => {
        emitter.off(topic, entry);
      };
    },
    async ping() {
      assertOpen();
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}
