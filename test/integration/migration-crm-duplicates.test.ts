import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { migrationFiles, runMigrationFiles } from '../support/migration-files.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

// Upgrading a database whose contacts repeat a phone or an email (docs/crm.md, "Duplicates"):
// the migration that adds the unique keys keeps the oldest contact's value and moves the others'
// into their custom fields; the address-book cards already imported get linked to their contacts. The SQL files are run in order as drizzle runs them, split at its
// statement breakpoints, so the database stands just before that migration when the rows go in.

const UNIQUE_KEYS = '0025_crm_campaigns.sql';

const drivers = await emptyDatabaseDrivers();

describe.each(drivers)('the CRM migrations on an existing %s database', (_name, open) => {
  let opened: EmptyDatabase;
  const bot = '00000000-0000-4000-8000-000000000001';
  const owner = '00000000-0000-4000-8000-0000000000aa';
  // The database stands just before the CRM's keys and links when the rows go in; then the rest runs.
  beforeAll(async () => {
    opened = await open();
    const files = migrationFiles();
    const h = opened.handle;
    await runMigrationFiles(h, files.filter((f) => f < UNIQUE_KEYS));
    await h.db.execute(sql`insert into bots (id, name) values (${bot}, 'shop')`);
    await h.db.execute(sql`insert into crm_contacts (bot_id, first_name, phone, email, created_at) values
      (${bot}, 'Ana', '+5511987650001', 'Ana@Example.com', '2026-01-01'),
      (${bot}, 'Ana again', '+5511987650001', null, '2026-02-01'),
      (${bot}, 'Ana by mail', null, 'ana@example.com', '2026-03-01'),
      (${bot}, 'Bruno', '+5511987650002', 'bruno@example.com', '2026-01-01')`);
    await h.db.execute(sql`insert into users (id, username, email, password_hash) values (${owner}, 'olga', 'olga@example.com', 'x')`);
    await h.db.execute(sql`insert into content_contacts (owner_id, source, external_id, full_name, emails, phones) values
      (${owner}, 'vcf:old', 'c1', 'Card Ana', '["ANA@example.com"]'::jsonb, '[]'::jsonb),
      (${owner}, 'vcf:old', 'c2', 'Card Bruno', '[]'::jsonb, '["+55 11 98765-0002"]'::jsonb),
      (${owner}, 'vcf:old', 'c3', 'Card Nobody', '["nobody@example.com"]'::jsonb, '["11 98765-0002"]'::jsonb)`);
    await runMigrationFiles(h, files.filter((f) => f >= UNIQUE_KEYS));
  }, 180_000); // every migration on a fresh database, on two loaded cores
  afterAll(async () => { await opened?.dispose(); });

  test('the oldest contact keeps a repeated phone or email; the others carry it in custom fields', async () => {
    const h = opened.handle;
    const rows = rowsOf<{ first_name: string; phone: string | null; email: string | null; custom_fields: Record<string, unknown> }>(
      await h.db.execute(sql`select first_name, phone, email, custom_fields from crm_contacts order by created_at, first_name`),
    );
    expect(rows).toEqual([
      { first_name: 'Ana', phone: '+5511987650001', email: 'ana@example.com', custom_fields: {} },
      { first_name: 'Bruno', phone: '+5511987650002', email: 'bruno@example.com', custom_fields: {} },
      { first_name: 'Ana again', phone: null, email: null, custom_fields: { duplicate_phone: '+5511987650001' } },
      { first_name: 'Ana by mail', phone: null, email: null, custom_fields: { duplicate_email: 'ana@example.com' } },
    ]);
    // The keys hold from now on.
    await expect(h.db.execute(sql`insert into crm_contacts (bot_id, phone) values (${bot}, '+5511987650002')`)).rejects.toThrow();
  });

  test('address-book cards already there are linked to the contact with their email or phone (docs/crm.md, "Address book and CRM")', async () => {
    const links = rowsOf<{ full_name: string; linked: string | null }>(await opened.handle.db.execute(sql`
      select c.full_name, k.first_name as linked from content_contacts c left join crm_contacts k on k.id = c.crm_contact_id order by c.full_name`));
    // A card's number without its country code matches nothing, as for cards imported later.
    expect(links).toEqual([
      { full_name: 'Card Ana', linked: 'Ana' }, { full_name: 'Card Bruno', linked: 'Bruno' }, { full_name: 'Card Nobody', linked: null },
    ]);
  });
});
