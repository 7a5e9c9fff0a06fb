import { runAsTenant, scopedTenant } from '../../tenancy/index.js';
import { JobPostponed, type JobHandler, type JobQueue } from './jobs-port.js';

/**
 * Jobs run for the tenant that enqueued them (docs/operations/tenants.md, "Isolation"): the data
 * of a job added inside a tenant's scope is wrapped as `{ switchboard_tenant, payload }`, and its
 * handler runs in that scope with the payload alone. Work outside any scope (the default tenant's)
 * is stored as it always was, so the jobs of a single-tenant deployment do not change.
 */
const TENANT = 'switchboard_tenant';

/** How long a suspended tenant's job waits before it is looked at again. */
export const SUSPENDED_TENANT_JOB_DELAY_MS = 30_000;

/** Whether a tenant's work is held (the tenant is suspended; docs/operations/tenants.md, "Lifecycle"). */
export type TenantHeld = (tenantId: string) => Promise<boolean>;

interface Carried {
  [TENANT]: string;
  payload: unknown;
  /** A schedule's run: while its tenant is suspended it is skipped, the schedule fires again anyway. */
  repeats?: true;
}

const carry = (data: unknown, repeats = false): unknown => {
  const tenant = scopedTenant();
  return tenant === undefined ? data : ({ [TENANT]: tenant, payload: data, ...(repeats ? { repeats: true as const } : {}) } satisfies Carried);
};

const isCarried = (data: unknown): data is Carried =>
  typeof data === 'object' && data !== null && typeof (data as Partial<Carried>)[TENANT] === 'string' && 'payload' in data;

/**
 * With `held`, a job of a suspended tenant is not run but put back for
 * {@link SUSPENDED_TENANT_JOB_DELAY_MS}, its attempts not counted, until the tenant is resumed; a
 * schedule's run is skipped (put back, each run would pile up behind the next).
 */
export function carryTenants(queue: JobQueue, held?: TenantHeld): JobQueue {
  const run = async <T>(data: Carried, handler: JobHandler<T>, context: Parameters<JobHandler<T>>[1]) => {
    const tenant = data[TENANT];
    if (await held?.(tenant)) {
      if (data.repeats) return;
      throw new JobPostponed(SUSPENDED_TENANT_JOB_DELAY_MS, `the tenant ${tenant} is suspended`);
    }
    return runAsTenant(tenant, () => handler(data.payload as T, context));
  };
  return {
    ...queue,
    add: (name, data, options) => queue.add(name, carry(data), options),
    schedule: (scheduleId, name, repeat, data) => queue.schedule(scheduleId, name, repeat, carry(data, true)),
    process<T>(name: string, handler: JobHandler<T>, options?: Parameters<JobQueue['process']>[2]) {
      queue.process<unknown>(name, (data, context) =>
        (isCarried(data) ? run(data, handler, context) : handler(data as T, context)), options);
    },
    registeredNames: () => queue.registeredNames(),
    onAvailable: (listener) => queue.onAvailable(listener),
    ping: () => queue.ping(),
    close: (options) => queue.close(options),
    unschedule: (scheduleId) => queue.unschedule(scheduleId),
  };
}
