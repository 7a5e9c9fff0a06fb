/**
 * The event bus port: fan-out of small notifications (an attendant took a conversation, a
 * message arrived) to every instance, so each can push them to its own WebSocket clients. It is
 * fire-and-forget: no persistence, no replay; a subscriber that is not connected misses the
 * message. Anything that must not be lost goes through the database and the jobs port instead.
 */

/** Receives one message. A throw or rejection is logged and does not affect other subscribers. */
export type EventListener = (message: unknown) => void | Promise<void>;

/** Removes the subscription it was returned for; calling it twice is harmless. */
export type Unsubscribe = () => Promise<void>;

/**
 * Publish/subscribe on named topics. Messages are JSON values and subscribers always get a fresh
 * JSON round-tripped copy (what Redis would deliver), whichever driver runs. Delivery is
 * asynchronous: `publish` resolves before listeners run.
 */
export interface EventBus {
  /**
   * Sends `message` to every current subscriber of `topic` on every instance. Throws if it is not
   * JSON-serialisable; rejects at once, without waiting, while the transport is unreachable.
   */
  publish(topic: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active, so a publish after it is awaited is delivered. */
  subscribe(topic: string, listener: EventListener): Promise<Unsubscribe>;
  /** Readiness: resolves when the backing transport answers. */
  ping(): Promise<void>;
  /** Drops every subscription and releases connections. */
  close(): Promise<void>;
}
