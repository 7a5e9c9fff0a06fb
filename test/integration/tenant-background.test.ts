import { sql } from 'drizzle-orm';
import { tenantsAtWork, type TenantsAtWork } from '../../app/each-tenant.js';
import { rowsOf, type DatabaseHandle } from '../../db/connection.js';
import { createBotsRepo, createTenantsRepo } from '../../db/index.js';
import { currentTenant, DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

/**
 * The installation's background work — schedules' ticks, start-up re-enqueues, recovery sweeps —
 * runs in each active tenant's scope (docs/operations/tenants.md, "Background work"), so each run
 * sees that tenant's rows; a suspended tenant's work waits for its resume.
 */
const drivers = await emptyDatabaseDrivers();

describe.each(drivers)('background work per tenant on %s', (_name, open) => {
  let opened: EmptyDatabase;
  let h: DatabaseHandle;
  let work: TenantsAtWork;
  const errors: { tenant_id: string }[] = [];
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    opened = await open();
    h = opened.handle;
    await h.migrate();
    const repo = createTenantsRepo(h.db);
    acme = (await repo.create({ slug: 'acme', name: 'Acme' })).id;
    globex = (await repo.create({ slug: 'globex', name: 'Globex' })).id;
    // A bot in each tenant, two in the default one: what each run counts shows whose rows it saw.
    await createBotsRepo(h.db).ensure('front');
    await createBotsRepo(h.db).ensure('back');
    for (const tenant of [acme, globex]) await runAsTenant(tenant, () => createBotsRepo(h.db).ensure(`bot-of-${tenant}`));
    work = tenantsAtWork(h, { error: (fields: { tenant_id: string }) => void errors.push(fields) });
  });
  afterAll(async () => { await opened.dispose(); });

  /** Runs `each` and answers, per run, its tenant and the bot names it saw. */
  async function seen(each: TenantsAtWork['each']): Promise<[string, string[]][]> {
    const runs: [string, string[]][] = [];
    await each(async () => {
      const names = rowsOf<{ name: string }>(await h.db.execute(sql`select name from bots order by name`)).map((r) => r.name);
      runs.push([currentTenant(), names]);
    });
    return runs;
  }

  test('each active tenant runs the work once, in its own scope, seeing only its rows', async () => {
    expect(await seen(work.each)).toEqual([
      [DEFAULT_TENANT_ID, ['back', 'front']],
      [acme, [`bot-of-${acme}`]],
      [globex, [`bot-of-${globex}`]],
    ]);
  });

  test('besidesDefault leaves out the default tenant (its work was done at start)', async () => {
    expect((await seen(work.besidesDefault)).map(([tenant]) => tenant)).toEqual([acme, globex]);
  });

  test("a suspended tenant's work waits for its resume", async () => {
    const repo = createTenantsRepo(h.db);
    await repo.setStatus(globex, 'suspended', new Date());
    expect((await seen(work.each)).map(([tenant]) => tenant)).toEqual([DEFAULT_TENANT_ID, acme]);
    await repo.setStatus(globex, 'active', new Date());
    expect((await seen(work.each)).map(([tenant]) => tenant)).toEqual([DEFAULT_TENANT_ID, acme, globex]);
  });

  test("one tenant's failure does not keep the others from running; it is logged with its tenant and thrown after them", async () => {
    const ran: string[] = [];
    const failure = new Error('acme is unwell');
    await expect(work.each(async () => {
      ran.push(currentTenant());
      if (currentTenant() === acme) throw failure;
    })).rejects.toBe(failure);
    expect(ran).toEqual([DEFAULT_TENANT_ID, acme, globex]);
    expect(errors).toEqual([expect.objectContaining({ tenant_id: acme })]);
  });
});
