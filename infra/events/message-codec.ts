import type { Logger } from '../logger.js';
import type { EventListener } from './event-bus.js';

/**
 * Shared by both bus drivers so they agree on what a message is (a JSON value) and on what happens
 * when a listener fails (logged, the others still run).
 */

/** Encodes at publish time, so a non-JSON message fails the publisher rather than the listeners. */
export function encodeMessage(topic: string, message: unknown): string {
  const text = JSON.stringify(message);
  if (text === undefined) throw new TypeError(`event "${topic}": message must be a JSON value`);
  return text;
}

/** Hands each listener its own decoded copy, so one listener cannot mutate what another sees. */
export function deliver(logger: Logger, topic: string, text: string, listeners: Iterable<EventListener>): void {
  for (const listener of listeners) {
    try {
      const result = listener(JSON.parse(text));
      if (result) result.catch((err: unknown) => logger.error({ err, topic }, 'event listener failed'));
    } catch (err) {
      logger.error({ err, topic }, 'event listener failed');
    }
  }
}
