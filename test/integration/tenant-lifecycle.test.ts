import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTenantsApi, type TenantsApi } from '../../tenants/index.js';
import { tenantStorageQuota } from '../../app/storage-quota.js';
import { filesByTenant } from '../../app/tenant-files.js';
import { createLocalFileStore, writeFile, type FileStore } from '../../content/index.js';
import { rowsOf, type DatabaseHandle } from '../../db/connection.js';
import { createBotsRepo, createContentFilesRepo, createTenantsRepo, createUsersRepo } from '../../db/index.js';
import { messages, sessions, tenantMemberships, tenants } from '../../db/schema/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

/**
 * A tenant's export and deletion on both drivers (docs/operations/tenants.md, "Export" and
 * "Delete"): the archive holds every row of the tenant and nothing of another, and after the
 * deletion no table with a `tenant_id` holds a row of it, nor the file store its bytes.
 */
const drivers = await emptyDatabaseDrivers();

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(drivers)('tenant lifecycle on %s', (_name, open) => {
  let opened: EmptyDatabase;
  let h: DatabaseHandle;
  let store: FileStore;
  let storeDir: string;
  let api: TenantsApi;
  let ownerId: string;
  const ids = { acme: '', globex: '' };

  /** The rows of every table with a tenant_id that `tenantId` holds, counted in its own scope (the policies give exactly those). */
  const countsOf = (tenantId: string) => runAsTenant(tenantId, async () => {
    const counts: Record<string, number> = {};
    for (const table of await createTenantsRepo(h.db).tenantTables()) {
      counts[table] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`))[0]!.n;
    }
    return counts;
  });

  /** Rows in bots, sessions, messages, a CRM contact and a stored file, all of `tenantId`. */
  const fill = (tenantId: string, slug: string) => runAsTenant(tenantId, async () => {
    const bot = await createBotsRepo(h.db).ensure('support');
    const [session] = await h.db.insert(sessions).values({ bot_id: bot.id, channel: 'web', external_user_id: `visitor-of-${slug}` }).returning();
    for (const text of ['hello', 'a second line']) {
      await h.db.insert(messages).values({ session_id: session!.id, bot_id: bot.id, channel: 'web', direction: 'inbound', sender: 'customer', text, delivery_state: 'received' });
    }
    await h.db.execute(sql`insert into crm_contacts (first_name, email) values (${`Ann of ${slug}`}, ${`ann@${slug}.test`})`);
    await writeFile({ files: createContentFilesRepo(h.db), store }, {
      actor: { user_id: ownerId, admin: true, groups: [] }, path: `${slug}/report.txt`, bytes: Buffer.from(`the report of ${slug}`), content_type: 'text/plain',
    });
  });

  beforeAll(async () => {
    opened = await open();
    h = opened.handle;
    await h.migrate();
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'sb-tenant-files-'));
    // Each tenant's bytes apart, as the service keeps them (app/tenant-files.ts).
    store = filesByTenant(createLocalFileStore(storeDir));
    const users = createUsersRepo(h.db);
    ownerId = (await users.insert({ username: 'owner', email: 'owner@example.test' })).id;
    api = createTenantsApi({ repo: createTenantsRepo(h.db), users, files: store, now: () => new Date() });
    ids.acme = (await api.create({ slug: 'acme', max_bots: 2 })).id;
    ids.globex = (await api.create({ slug: 'globex' })).id;
    await fill(ids.acme, 'acme');
    await fill(ids.globex, 'globex');
    await api.members.put({ tenant: 'acme', user_id: ownerId, roles: ['admin'] });
    await api.members.put({ tenant: 'globex', user_id: ownerId, roles: ['attendant'] });
  }, 120_000);
  afterAll(async () => {
    await opened.dispose();
    await rm(storeDir, { recursive: true, force: true });
  });

  test('the export holds every row of the tenant, its file, and nothing of another', async () => {
    const counts = await countsOf(ids.acme);
    const { archive } = await api.export('acme');
    const lines = gunzipSync(await bytesOf(archive)).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ format: 'switchboard-tenant-export', version: 1, tenant: { id: ids.acme, slug: 'acme', max_bots: 2 } });
    expect((lines[0]!.tables as string[]).sort()).toEqual(Object.keys(counts).sort());
    const rows = lines.filter((l) => 'table' in l) as { table: string; row: Record<string, unknown> }[];
    // Every row is the tenant's, and each table has as many as the tenant holds there.
    expect(rows.filter((r) => r.row.tenant_id !== ids.acme)).toEqual([]);
    const perTable: Record<string, number> = Object.fromEntries(Object.keys(counts).map((t) => [t, 0]));
    for (const r of rows) perTable[r.table]! += 1;
    expect(perTable).toEqual(counts);
    expect(counts).toMatchObject({ bots: 1, sessions: 1, messages: 2, crm_contacts: 1, content_files: 1, content_file_versions: 1, tenant_memberships: 1 });
    expect(rows.find((r) => r.table === 'messages' && r.row.text === 'a second line')).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain('globex');
    const files = lines.filter((l) => 'file' in l);
    expect(files).toEqual([expect.objectContaining({ file: 'acme/report.txt@v1', content_type: 'text/plain', base64: Buffer.from('the report of acme').toString('base64') })]);
    expect(lines.at(-1)).toEqual({ end: true, rows: rows.length, files: 1 });
  });

  test('the default tenant cannot be suspended or deleted; a suspended tenant resumes', async () => {
    await expect(api.suspend('default')).rejects.toMatchObject({ code: 'default_tenant' });
    await expect(api.delete('default')).rejects.toMatchObject({ code: 'default_tenant' });
    expect(await api.suspend('globex')).toMatchObject({ status: 'suspended', suspended_at: expect.any(Date) });
    expect(await api.resume('globex')).toMatchObject({ status: 'active', suspended_at: null });
  });

  test("a tenant's files count against its max_storage_bytes, its own bytes only; a write past it is 409 quota_exceeded and stores nothing", async () => {
    const files = createContentFilesRepo(h.db);
    const deps = { files, store, storageQuota: tenantStorageQuota({ db: h.db, dataDir: storeDir, storage: store, bots: () => [] }) };
    const write = (tenantId: string, name: string, text: string) => runAsTenant(tenantId, () => writeFile(deps, {
      actor: { user_id: ownerId, admin: true, groups: [] }, path: `quota/${name}`, bytes: Buffer.from(text), content_type: 'text/plain',
    }));
    // "the report of acme": 18 bytes; globex's 20 are not acme's.
    expect(await runAsTenant(ids.acme, () => files.storedBytes())).toBe(18);
    await api.update({ tenant: 'acme', changes: { max_storage_bytes: 30 } });
    await write(ids.acme, 'ten.txt', '0123456789');
    await expect(write(ids.acme, 'five.txt', '01234')).rejects.toMatchObject({ code: 'quota_exceeded', details: { quota: 'max_storage_bytes', limit: 30, used: 28 } });
    expect(await runAsTenant(ids.acme, () => files.findByPath('quota/five.txt'))).toBeUndefined();
    // Another tenant, with no quota, writes on.
    await write(ids.globex, 'globex.txt', '0123456789');
    await api.update({ tenant: 'acme', changes: { max_storage_bytes: null } });
    await write(ids.acme, 'five.txt', '01234');
  });

  test('after the deletion nothing of the tenant remains, and the other tenant is whole', async () => {
    const globexBefore = await countsOf(ids.globex);
    const inAcme = () => runAsTenant(ids.acme, () => store.get('acme/report.txt@v1'));
    expect(await inAcme()).toBeDefined();
    // Its report and the two files of the quota's test.
    expect(await api.delete('acme')).toEqual({ id: ids.acme, slug: 'acme', files_deleted: 3 });
    const left = await countsOf(ids.acme);
    expect(Object.keys(left).length).toBeGreaterThan(50);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    expect(await h.db.select().from(tenants).where(sql`${tenants.id} = ${ids.acme}`)).toEqual([]);
    expect(await h.db.select().from(tenantMemberships).where(sql`${tenantMemberships.tenant_id} = ${ids.acme}`)).toEqual([]);
    expect(await inAcme()).toBeUndefined();
    // The other tenant: every row, its membership and its file's bytes.
    expect(await countsOf(ids.globex)).toEqual(globexBefore);
    expect(globexBefore).toMatchObject({ bots: 1, sessions: 1, messages: 2, crm_contacts: 1, content_file_versions: 2, tenant_memberships: 1 });
    expect((await runAsTenant(ids.globex, () => store.get('globex/report.txt@v1')))?.bytes.toString()).toBe('the report of globex');
  });
});
