import type { Logger } from '../logger.js';
import type { EventBus } from './event-bus.js';
import { createInProcessEventBus } from './in-process-bus.js';
import { carryTenantsOnBus } from './tenant-carrying-bus.js';

export type { EventBus, EventListener, Unsubscribe } from './event-bus.js';
export { subscribeInBackground } from './background-subscription.js';

/** Options for {@link createEventBus}. */
export interface EventBusConfig {
  /** Set (from `REDIS_URL`) to fan out across instances over Redis pub/sub; unset stays in this process. */
  redisUrl?: string;
  /** Channel prefix; instances that talk to each other must share it. Ignored in-process. */
  prefix?: string;
  logger: Logger;
}

/** The one place that picks the event bus driver, so the rest of the code only sees {@link EventBus}. */
export async function createEventBus(config: EventBusConfig): Promise<EventBus> {
  if (config.redisUrl) {
    // ioredis loads only when it is used (docs/performance.md, "Start-up").
    const { createRedisEventBus } = await import('./redis-bus.js');
    return carryTenantsOnBus(await createRedisEventBus({ redisUrl: config.redisUrl, prefix: config.prefix, logger: config.logger }));
  }
  return carryTenantsOnBus(createInProcessEventBus({ logger: config.logger }));
}
