import { runAsTenant, scopedTenant } from '../../tenancy/index.js';
import type { EventBus } from './event-bus.js';

/**
 * Bus messages are delivered in the scope of the tenant that published them (docs/operations/tenants.md,
 * "Isolation"): a listener's database statements are that tenant's, and a socket hub compares
 * `currentTenant()` with its connection's. Messages published outside any scope travel as they
 * always did.
 */
const TENANT = 'switchboard_tenant';

interface Carried {
  [TENANT]: string;
  message: unknown;
}

const isCarried = (message: unknown): message is Carried =>
  typeof message === 'object' && message !== null && typeof (message as Partial<Carried>)[TENANT] === 'string' && 'message' in message;

export function carryTenantsOnBus(bus: EventBus): EventBus {
  return {
    publish(topic, message) {
      const tenant = scopedTenant();
      return bus.publish(topic, tenant === undefined ? message : ({ [TENANT]: tenant, message } satisfies Carried));
    },
    subscribe: (topic, listener) =>
      bus.subscribe(topic, (message) => (isCarried(message) ? runAsTenant(message[TENANT], () => listener(message.message)) : listener(message))),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
