import { runAsTenant, scopedTenant } from '../../tenancy/index.js';
import type { JobHandler, JobQueue } from './jobs-port.js';

/**
 * Jobs run for the tenant that enqueued them (docs/operations/tenants.md, "Isolation"): the data
 * of a job added inside a tenant's scope is wrapped as `{ switchboard_tenant, payload }`, and its
 * handler runs in that scope with the payload alone. Work outside any scope (the default tenant's)
 * is stored as it always was, so the jobs of a single-tenant deployment do not change.
 */
const TENANT = 'switchboard_tenant';

interface Carried {
  [TENANT]: string;
  payload: unknown;
}

const carry = (data: unknown): unknown => {
  const tenant = scopedTenant();
  return tenant === undefined ? data : ({ [TENANT]: tenant, payload: data } satisfies Carried);
};

const isCarried = (data: unknown): data is Carried =>
  typeof data === 'object' && data !== null && typeof (data as Partial<Carried>)[TENANT] === 'string' && 'payload' in data;

export function carryTenants(queue: JobQueue): JobQueue {
  return {
    ...queue,
    add: (name, data, options) => queue.add(name, carry(data), options),
    schedule: (scheduleId, name, repeat, data) => queue.schedule(scheduleId, name, repeat, carry(data)),
    process<T>(name: string, handler: JobHandler<T>, options?: Parameters<JobQueue['process']>[2]) {
      queue.process<unknown>(name, (data, context) =>
        (isCarried(data) ? runAsTenant(data[TENANT], () => handler(data.payload as T, context)) : handler(data as T, context)), options);
    },
    registeredNames: () => queue.registeredNames(),
    onAvailable: (listener) => queue.onAvailable(listener),
    ping: () => queue.ping(),
    close: (options) => queue.close(options),
    unschedule: (scheduleId) => queue.unschedule(scheduleId),
  };
}
