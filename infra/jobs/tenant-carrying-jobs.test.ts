import { jest } from '@jest/globals';
import { createLogger } from '../logger.js';
import { currentTenant, runAsTenant } from '../../tenancy/index.js';
import { createInProcessJobQueue } from './in-process-jobs.js';
import { carryTenants, SUSPENDED_TENANT_JOB_DELAY_MS } from './tenant-carrying-jobs.js';

// The in-process driver under jest's fake timers: a suspension lasts minutes, not test time.
const ACME = '5a1e0000-0000-4000-8000-000000000001';
const OTHER = '5a1e0000-0000-4000-8000-000000000002';

describe('jobs of a suspended tenant (docs/operations/tenants.md, "Lifecycle")', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const start = () => {
    const suspended = new Set<string>();
    const jobs = carryTenants(createInProcessJobQueue({ logger: createLogger({ pretty: false }) }), async (tenant) => suspended.has(tenant));
    const ran: { tenant: string; data: unknown }[] = [];
    jobs.process('work', async (data) => void ran.push({ tenant: currentTenant(), data }));
    return { suspended, jobs, ran };
  };

  test('wait, neither run nor failed, until the tenant is resumed; then run in its scope once. Other tenants\' jobs run meanwhile', async () => {
    const { suspended, jobs, ran } = start();
    suspended.add(ACME);
    await runAsTenant(ACME, () => jobs.add('work', { n: 1 }, { jobId: 'acme-1' }));
    await runAsTenant(OTHER, () => jobs.add('work', { n: 2 }));
    await jest.advanceTimersByTimeAsync(3 * SUSPENDED_TENANT_JOB_DELAY_MS);
    expect(ran).toEqual([{ tenant: OTHER, data: { n: 2 } }]);
    // Still the pending job of its id: adding it again adds nothing.
    expect(await runAsTenant(ACME, () => jobs.add('work', { n: 3 }, { jobId: 'acme-1' }))).toBe('acme-1');

    suspended.delete(ACME);
    await jest.advanceTimersByTimeAsync(SUSPENDED_TENANT_JOB_DELAY_MS);
    expect(ran).toEqual([{ tenant: OTHER, data: { n: 2 } }, { tenant: ACME, data: { n: 1 } }]);
    await jobs.close({ timeoutMs: 0 });
  });

  test('a schedule\'s runs are skipped while the tenant is suspended and run again once it is resumed', async () => {
    const { suspended, jobs, ran } = start();
    suspended.add(ACME);
    await runAsTenant(ACME, () => jobs.schedule('acme-tick', 'work', { every: 60_000 }, { tick: true }));
    await jest.advanceTimersByTimeAsync(5 * 60_000);
    expect(ran).toEqual([]);
    suspended.delete(ACME);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual([{ tenant: ACME, data: { tick: true } }]);
    await jobs.close({ timeoutMs: 0 });
  });
});
