import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { filesByTenant } from '../../app/tenant-files.js';
import { createLocalFileStore, writeFile } from '../../content/index.js';
import { createContentFilesRepo, createTenantsRepo, createUsersRepo, openDatabase } from '../../db/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { tenantCommand } from '../../bin/tenant-command.js';
import { readProcessSettings } from '../../config/index.js';
import { cliIo } from '../support/cli-io.js';
import { copyMigratedPglite } from '../support/pglite-template.js';

/** `switchboard tenant …` on the embedded database and the local file store (the CLI's own logic is driver-independent), in this process but once. */

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-tenant-cli-'));
  // The migrated template, not a first start: each command then opens the database and finds nothing to migrate.
  await copyMigratedPglite(path.join(dataDir, 'pglite'));
});
afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

/** `switchboard tenant <args>` as the binary dispatches it, in this process (the command is a function of its settings and streams). */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const streams = cliIo();
  streams.end();
  const settings = readProcessSettings({ ...process.env, DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const code = await tenantCommand(args, settings, streams.io);
  return { code, stdout: streams.stdout, stderr: streams.stderr };
}

/** The real binary, once: that it dispatches `tenant` to the command. */
function binary(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', 'tenant', ...args], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

/** A stored file of the tenant, written as the REST API would, into the store the CLI uses (DATA_DIR/files). */
async function storeFileOf(slug: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const tenant = (await createTenantsRepo(database.db).findBySlug(slug))!;
    const owner = await createUsersRepo(database.db).insert({ username: 'owner', email: 'owner@example.test' });
    await runAsTenant(tenant.id, () => writeFile({ files: createContentFilesRepo(database.db), store: filesByTenant(createLocalFileStore(path.join(dataDir, 'files'))) }, {
      actor: { user_id: owner.id, admin: true, groups: [] }, path: 'docs/hello.txt', bytes: Buffer.from('hello from acme'), content_type: 'text/plain',
    }));
  } finally {
    await database.close();
  }
}

test('create, list, suspend, resume, export and delete a tenant', async () => {
  const created = await cli(['create', 'acme', '--name', 'Acme Inc', '--max-bots', '3', '--max-storage-bytes', '1000000']);
  expect(created.code).toBe(0);
  expect(JSON.parse(created.stdout)).toMatchObject({ slug: 'acme', name: 'Acme Inc', status: 'active', max_bots: 3, max_attendants: null, max_storage_bytes: 1_000_000 });
  expect(await cli(['create', 'acme'])).toMatchObject({ code: 1, stderr: expect.stringContaining('The slug "acme" is taken') });

  const listed = await cli(['list']);
  expect((JSON.parse(listed.stdout) as { tenants: { slug: string }[] }).tenants.map((t) => t.slug)).toEqual(['default', 'acme']);
  expect(JSON.parse((await cli(['suspend', 'acme'])).stdout)).toMatchObject({ status: 'suspended' });
  expect(JSON.parse((await cli(['resume', 'acme'])).stdout)).toMatchObject({ status: 'active' });

  await storeFileOf('acme');
  // Under the tenant's own folder of the store (app/tenant-files.ts).
  const acmeId = JSON.parse(created.stdout).id as string;
  const stored = path.join(dataDir, 'files', 'objects', 'tenants', acmeId, 'docs', 'hello.txt@v1');
  expect((await readFile(stored)).toString()).toBe('hello from acme');
  const out = path.join(dataDir, 'acme.jsonl.gz');
  const exported = await cli(['export', 'acme', '--out', out]);
  expect(exported.code).toBe(0);
  expect(JSON.parse(exported.stdout)).toEqual({ tenant: 'acme', file: out, rows: 2, files: 1 });
  expect((await stat(out)).mode & 0o777).toBe(0o600);
  const lines = gunzipSync(await readFile(out)).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines[0]).toMatchObject({ format: 'switchboard-tenant-export', tenant: { slug: 'acme' } });
  expect(lines.filter((l) => 'table' in l).map((l) => l.table).sort()).toEqual(['content_file_versions', 'content_files']);
  expect(lines.find((l) => 'file' in l)).toMatchObject({ file: 'docs/hello.txt@v1', base64: Buffer.from('hello from acme').toString('base64') });
  expect(await cli(['export', 'acme', '--out', out])).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });

  expect(await cli(['delete', 'acme'])).toMatchObject({ code: 2, stderr: expect.stringContaining('add --yes') });
  expect(JSON.parse((await cli(['delete', 'acme', '--yes'])).stdout)).toMatchObject({ deleted: true, slug: 'acme', files_deleted: 1 });
  await expect(stat(stored)).rejects.toMatchObject({ code: 'ENOENT' });
  expect(await cli(['delete', 'default', '--yes'])).toMatchObject({ code: 1, stderr: expect.stringContaining('default tenant cannot be deleted') });
  expect(await cli(['suspend', 'acme'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No tenant "acme"') });
}, 240_000);

test('wrong usage exits 2 with the usage', async () => {
  expect(await cli(['export', 'acme'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--out <file>') });
  expect(await cli(['create', 'acme', '--max-bots', 'many'])).toMatchObject({ code: 2, stderr: expect.stringContaining('whole number') });
  expect(await cli(['frobnicate', 'acme'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: switchboard tenant') });
  expect(await binary(['list'])).toMatchObject({ code: 0, stdout: expect.stringContaining('"slug": "default"') });
});
