import { suspendedTenants } from '../../app/tenant-lookup.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { createTenantsRepo } from '../../db/index.js';
import { createJobQueue, SUSPENDED_TENANT_JOB_DELAY_MS, type JobQueue } from '../../infra/jobs/index.js';
import { createLogger } from '../../infra/logger.js';
import { currentTenant, runAsTenant } from '../../tenancy/index.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

/**
 * A suspended tenant's queued jobs wait for its resume (docs/operations/tenants.md, "Background
 * work"), as the service wires it (app/infrastructure.ts): the jobs port from `createJobQueue`, the
 * tenant's status read from the database by `suspendedTenants`. The embedded database with the
 * in-process jobs, and PostgreSQL with BullMQ when both servers answer. Real time: the hold lasts
 * one re-check, {@link SUSPENDED_TENANT_JOB_DELAY_MS}.
 */
const redisUrl = redisUrlForTests();
const logger = createLogger({ pretty: false });
const databases = await emptyDatabaseDrivers();
const setups = databases.map(([name, open]) => ({ name, open, redis: name === 'postgres' ? redisUrl : undefined }));

describe.each(setups)('a suspended tenant\'s queued job ($name)', ({ open, redis }) => {
  let opened: EmptyDatabase;
  let db: DatabaseHandle;
  let jobs: JobQueue;
  const prefix = uniquePrefix('sbtest-held');

  beforeAll(async () => {
    opened = await open();
    db = opened.handle;
    await db.migrate();
    jobs = await createJobQueue({ logger, tenantHeld: suspendedTenants(db), ...(redis ? { redisUrl: redis, prefix } : {}) });
  }, 60_000);
  afterAll(async () => {
    await jobs?.close({ timeoutMs: 1000 });
    if (redis) await deleteRedisKeys(redis, prefix);
    await opened?.dispose();
  });

  test('is neither run nor failed while the tenant is suspended, and runs in its scope once it is resumed', async () => {
    const repo = createTenantsRepo(db.db);
    const acme = await repo.create({ slug: 'acme', name: 'Acme' });
    await repo.setStatus(acme.id, 'suspended', new Date());
    const ran: { tenant: string; data: unknown }[] = [];
    const failed: unknown[] = [];
    jobs.process('work', async (data) => void ran.push({ tenant: currentTenant(), data }), { onFailed: (error) => failed.push(error) });
    await runAsTenant(acme.id, () => jobs.add('work', { n: 1 }));

    // An absence cannot be awaited: a while for the worker to take the job and put it back.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect({ ran, failed }).toEqual({ ran: [], failed: [] });

    await repo.setStatus(acme.id, 'active', new Date());
    await waitFor(() => ran.length > 0, { what: 'the job after the resume', timeoutMs: SUSPENDED_TENANT_JOB_DELAY_MS + 30_000, intervalMs: 100 });
    expect(ran).toEqual([{ tenant: acme.id, data: { n: 1 } }]);
    expect(failed).toEqual([]);
  }, SUSPENDED_TENANT_JOB_DELAY_MS + 60_000);
});
