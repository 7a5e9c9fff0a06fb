import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { runAsTenant } from '../../tenancy/index.js';
import { migrationFiles, runMigrationFiles } from '../support/migration-files.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

// Upgrading a database whose tenants already have tickets, numbered by the installation's one
// serial (docs/operations/tenants.md, "Unique keys"): the tickets keep their numbers, and each
// tenant's next ticket comes after its own highest. The SQL files are run in order as drizzle runs
// them, split at its statement breakpoints, so the database stands just before that migration
// when the rows go in.

const PER_TENANT_NUMBERS = '0038_tenant_archive_keys.sql';

const drivers = await emptyDatabaseDrivers();

describe.each(drivers)('per-tenant ticket numbers on an existing %s database', (_name, open) => {
  let opened: EmptyDatabase;
  const tenant = {
    default: '00000000-0000-0000-0000-000000000001', acme: '00000000-0000-4000-8000-00000000acfe',
    globex: '00000000-0000-4000-8000-0000000091be', fresh: '00000000-0000-4000-8000-00000000f5e5',
  };
  // Each tenant's one session, by tenant.
  const sessions = new Map<string, string>();
  const sessionOf = (t: string) => sessions.get(t)!;
  beforeAll(async () => {
    opened = await open();
    const files = migrationFiles();
    const h = opened.handle;
    await runMigrationFiles(h, files.filter((f) => f < PER_TENANT_NUMBERS));
    // This connection is the migrations' superuser, whom the policies do not bind: each row names its tenant.
    await h.db.execute(sql`insert into tenants (id, slug, name) values
      (${tenant.acme}, 'acme', 'Acme'), (${tenant.globex}, 'globex', 'Globex'), (${tenant.fresh}, 'fresh', 'Fresh')`);
    for (const t of Object.values(tenant)) {
      const [bot] = rowsOf<{ id: string }>(await h.db.execute(sql`insert into bots (name, tenant_id) values ('support', ${t}) returning id`));
      const [session] = rowsOf<{ id: string }>(await h.db.execute(sql`insert into sessions (bot_id, channel, external_user_id, tenant_id)
        values (${bot!.id}, 'web', 'v1', ${t}) returning id`));
      sessions.set(t, session!.id);
    }
    // One serial across tenants: default #1, acme #2, globex #3, acme #4; none for fresh.
    for (const t of [tenant.default, tenant.acme, tenant.globex, tenant.acme]) {
      await h.db.execute(sql`insert into attendance_tickets (session_id, subject, tenant_id) values (${sessionOf(t)}, 'before', ${t})`);
    }
    await runMigrationFiles(h, [PER_TENANT_NUMBERS]);
  }, 180_000); // every migration on a fresh database, on two loaded cores
  afterAll(async () => { await opened?.dispose(); });

  test("tickets keep their numbers, and each tenant's next one follows its own highest", async () => {
    const h = opened.handle;
    const numbers = async (t: string) => runAsTenant(t, async () =>
      rowsOf<{ n: number }>(await h.db.execute(sql`select ticket_number as n from attendance_tickets where tenant_id = ${t} order by 1`)).map((r) => r.n));
    expect([await numbers(tenant.default), await numbers(tenant.acme), await numbers(tenant.globex)]).toEqual([[1], [2, 4], [3]]);
    const next = (t: string) => runAsTenant(t, async () =>
      rowsOf<{ n: number }>(await h.db.execute(sql`insert into attendance_tickets (session_id, subject) values (${sessionOf(t)}, 'after') returning ticket_number as n`))[0]!.n);
    expect(await next(tenant.default)).toBe(2);
    expect(await next(tenant.acme)).toBe(5);
    expect(await next(tenant.globex)).toBe(4);
    // A tenant without tickets starts at 1.
    expect(await next(tenant.fresh)).toBe(1);
    // The installation's serial is gone.
    expect(rowsOf(await h.db.execute(sql`select 1 from pg_class where relname = 'attendance_tickets_ticket_number_seq'`))).toEqual([]);
  });
});
