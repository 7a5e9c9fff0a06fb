import type { Logger } from '../logger.js';
import { closeRedisConnection, createRedisConnection, pingRedis, readyForCommands } from '../redis-connection.js';
import type { EventBus, EventListener, Unsubscribe } from './event-bus.js';
import { deliver, encodeMessage } from './message-codec.js';

/** Options for {@link createRedisEventBus}. */
export interface RedisEventBusOptions {
  redisUrl: string;
  /** Channel name prefix; instances that talk to each other must share it, tests use a unique one. */
  prefix?: string;
  logger: Logger;
}

interface Channel {
  listeners: Set<EventListener>;
  /** Settles when Redis has acknowledged SUBSCRIBE for this channel. */
  subscribed: Promise<unknown>;
}

/**
 * The multi-instance event bus on Redis pub/sub. Two connections, because a connection in
 * subscriber mode cannot publish: one publishes, one holds every subscription of this instance
 * (one Redis SUBSCRIBE per topic, however many local listeners share it).
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const { logger } = options;
  const prefix = `${options.prefix ?? 'switchboard'}:events:`;
  // Fails fast while Redis is away: a publish is refused at once, never held until its return
  // (docs/operations/high-availability.md, "Faults"); connected now, as the helper is lazy.
  const publisher = createRedisConnection(options.redisUrl, { role: 'events-pub', logger, autoPipelining: true, failFast: true });
  publisher.connect().catch(() => undefined);
  const subscriber = createRedisConnection(options.redisUrl, { role: 'events-sub', logger });
  const channels = new Map<string, Channel>();
  let closed = false;
  const assertOpen = (): void => {
    if (closed) throw new Error('event bus is closed');
  };

  subscriber.on('message', (channel: string, text: string) => {
    const entry = channels.get(channel);
    if (entry) deliver(logger, channel.slice(prefix.length), text, [...entry.listeners]);
  });

  return {
    async publish(topic, message) {
      assertOpen();
      const text = encodeMessage(topic, message);
      if (!(await readyForCommands(publisher))) throw new Error(`event bus: redis is not connected (${publisher.status})`);
      await publisher.publish(prefix + topic, text);
    },
    async subscribe(topic, listener): Promise<Unsubscribe> {
      assertOpen();
      const name = prefix + topic;
      const entry: EventListener = (message) => listener(message);
      let channel = channels.get(name);
      if (!channel) {
        // Commands on one connection run in order, so this SUBSCRIBE cannot overtake an
        // UNSUBSCRIBE issued earlier for the same channel.
        channel = { listeners: new Set(), subscribed: subscriber.subscribe(name) };
        channels.set(name, channel);
      }
      channel.listeners.add(entry);
      const current = channel;
      try {
        await current.subscribed;
      } catch (err) {
        current.listeners.delete(entry);
        if (channels.get(name) === current) channels.delete(name);
        throw err;
      }
      return async () => {
        if (!current.listeners.delete(entry) || current.listeners.size > 0 || closed) return;
        channels.delete(name);
        await subscriber.unsubscribe(name);
      };
    },
    async ping() {
      assertOpen();
      // PING is one of the few commands a subscriber-mode connection accepts.
      await Promise.all([pingRedis(publisher), pingRedis(subscriber)]);
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await Promise.all([closeRedisConnection(publisher), closeRedisConnection(subscriber)]);
    },
  };
}
