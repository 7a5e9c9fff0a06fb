import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { ConflictError, NotFoundError, ValidationError } from '../infra/errors.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import { memoryFileBytes, memoryTenants } from '../test/support/memory-tenants.js';
import { createTenantsApi, EXPORT_FORMAT } from './index.js';

// The tenant lifecycle's use cases (docs/operations/tenants.md, "Lifecycle") on in-memory ports.

const NOW = new Date('2026-11-29T00:00:00Z');
const knownUser = randomUUID();

function setup() {
  const memory = memoryTenants();
  const files = memoryFileBytes();
  const api = createTenantsApi({
    repo: memory.repo, files, now: () => NOW,
    users: { findById: async (id) => (id === knownUser ? { id } : undefined) },
  });
  return { memory, files, api };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const linesOf = (gz: Buffer) => gunzipSync(gz).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('create', () => {
  test('an active tenant, named after its slug unless named, with its quotas', async () => {
    const { api } = setup();
    expect(await api.create({ slug: 'acme' })).toMatchObject({ slug: 'acme', name: 'acme', status: 'active', max_bots: null });
    expect(await api.create({ slug: 'globex-2', name: ' Globex ', max_bots: 3, max_storage_bytes: 0 }))
      .toMatchObject({ name: 'Globex', max_bots: 3, max_storage_bytes: 0, max_attendants: null });
  });

  test.each(['', 'Acme', '-acme', 'ac_me', 'a'.repeat(64), 'acmé'])('the slug %j breaks the rule', async (slug) => {
    await expect(setup().api.create({ slug })).rejects.toMatchObject({ constructor: ValidationError, code: 'invalid_slug' });
  });

  test('a taken slug is a conflict, the default one too', async () => {
    const { api } = setup();
    await api.create({ slug: 'acme' });
    await expect(api.create({ slug: 'acme' })).rejects.toMatchObject({ constructor: ConflictError, code: 'slug_taken' });
    await expect(api.create({ slug: 'default' })).rejects.toMatchObject({ code: 'slug_taken' });
  });

  test('a quota is a whole number of zero or more', async () => {
    await expect(setup().api.create({ slug: 'acme', max_bots: -1 })).rejects.toBeInstanceOf(ValidationError);
    await expect(setup().api.create({ slug: 'acme', max_attendants: 1.5 })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('read and change', () => {
  test('by id or slug; the default tenant first; an unknown one is 404', async () => {
    const { api } = setup();
    const acme = await api.create({ slug: 'acme' });
    expect(await api.get(acme.id)).toEqual(acme);
    expect(await api.get('acme')).toEqual(acme);
    expect((await api.list()).map((t) => t.slug)).toEqual(['default', 'acme']);
    await expect(api.get('nobody')).rejects.toMatchObject({ constructor: NotFoundError, code: 'tenant_not_found' });
  });

  test('absent keeps a quota, null removes it', async () => {
    const { api } = setup();
    const acme = await api.create({ slug: 'acme', max_bots: 2, max_attendants: 5 });
    expect(await api.update({ tenant: acme.id, changes: { max_bots: null, name: 'Acme' } })).toMatchObject({ name: 'Acme', max_bots: null, max_attendants: 5 });
  });
});

describe('suspend and resume', () => {
  test('suspended since now, active again; twice is the same', async () => {
    const { api } = setup();
    await api.create({ slug: 'acme' });
    expect(await api.suspend('acme')).toMatchObject({ status: 'suspended', suspended_at: NOW });
    expect(await api.suspend('acme')).toMatchObject({ status: 'suspended', suspended_at: NOW });
    expect(await api.resume('acme')).toMatchObject({ status: 'active', suspended_at: null });
    expect(await api.resume('acme')).toMatchObject({ status: 'active' });
  });

  test('the default tenant can be neither suspended nor deleted', async () => {
    const { api } = setup();
    await expect(api.suspend(DEFAULT_TENANT_ID)).rejects.toMatchObject({ constructor: ConflictError, code: 'default_tenant', message: expect.stringContaining('default tenant cannot be suspended') });
    await expect(api.delete('default')).rejects.toMatchObject({ code: 'default_tenant', message: expect.stringContaining('cannot be deleted') });
    expect(await api.resume('default')).toMatchObject({ status: 'active' });
  });
});

describe('members', () => {
  test('put replaces the roles, remove removes; an unknown user or member is 404', async () => {
    const { api } = setup();
    await api.create({ slug: 'acme' });
    await api.members.put({ tenant: 'acme', user_id: knownUser, roles: ['attendant', 'attendant'] });
    expect((await api.members.put({ tenant: 'acme', user_id: knownUser, roles: ['admin'] })).roles).toEqual(['admin']);
    expect((await api.members.list('acme')).map((m) => m.roles)).toEqual([['admin']]);
    await expect(api.members.put({ tenant: 'acme', user_id: randomUUID(), roles: ['admin'] })).rejects.toMatchObject({ code: 'user_not_found' });
    await api.members.remove({ tenant: 'acme', user_id: knownUser });
    await expect(api.members.remove({ tenant: 'acme', user_id: knownUser })).rejects.toMatchObject({ code: 'member_not_found' });
  });

  test('max_attendants counts the members with the attendant role: one more is 409 quota_exceeded, a member counted changes freely', async () => {
    const memory = memoryTenants();
    const api = createTenantsApi({ repo: memory.repo, files: memoryFileBytes(), now: () => NOW, users: { findById: async (id) => ({ id }) } });
    await api.create({ slug: 'acme', max_attendants: 2 });
    const [ana, bea, cid] = [randomUUID(), randomUUID(), randomUUID()];
    await api.members.put({ tenant: 'acme', user_id: ana, roles: ['attendant'] });
    await api.members.put({ tenant: 'acme', user_id: bea, roles: ['attendant', 'supervisor'] });
    await expect(api.members.put({ tenant: 'acme', user_id: cid, roles: ['attendant'] }))
      .rejects.toMatchObject({ constructor: ConflictError, code: 'quota_exceeded', details: { quota: 'max_attendants', limit: 2 } });
    // Not an attendant, not counted; one already counted keeps its place when its roles change.
    await api.members.put({ tenant: 'acme', user_id: cid, roles: ['admin'] });
    await api.members.put({ tenant: 'acme', user_id: bea, roles: ['attendant'] });
    // A freed place is taken; lifting the quota lifts the limit.
    await api.members.put({ tenant: 'acme', user_id: ana, roles: ['supervisor'] });
    await api.members.put({ tenant: 'acme', user_id: cid, roles: ['attendant'] });
    await api.update({ tenant: 'acme', changes: { max_attendants: null } });
    await api.members.put({ tenant: 'acme', user_id: ana, roles: ['attendant'] });
    expect((await api.members.list('acme')).filter((m) => m.roles.includes('attendant'))).toHaveLength(3);
  });

  test('the default tenant has none: a user\'s roles there are its own', async () => {
    await expect(setup().api.members.put({ tenant: 'default', user_id: knownUser, roles: ['admin'] })).rejects.toMatchObject({ code: 'default_tenant' });
  });
});

describe('export and delete', () => {
  /** Two tenants with rows in two tables and stored files; a file at the same path (so the same key) in both, each with its own bytes. */
  async function twoTenants() {
    const s = setup();
    const acme = await s.api.create({ slug: 'acme' });
    const globex = await s.api.create({ slug: 'globex' });
    for (const t of [acme, globex]) {
      for (let i = 0; i < 3; i++) s.memory.insert('bots', { id: `${t.slug}-bot-${i}`, tenant_id: t.id });
      s.memory.insert('sessions', { id: `${t.slug}-session`, tenant_id: t.id });
    }
    const stored = (tenantId: string, key: string, bytes: Buffer) => {
      s.files.put(tenantId, key, bytes);
      s.memory.insert('content_file_versions', { tenant_id: tenantId, storage_key: key, sha256: sha(bytes), content_type: 'text/plain' });
    };
    stored(acme.id, 'own.txt@v1', Buffer.from('acme only'));
    stored(acme.id, 'shared.txt@v1', Buffer.from('acme wrote this'));
    stored(globex.id, 'shared.txt@v1', Buffer.from('globex wrote that'));
    // A version whose bytes changed since it was written.
    s.files.put(acme.id, 'changed.txt@v1', Buffer.from('new bytes'));
    s.memory.insert('content_file_versions', { tenant_id: acme.id, storage_key: 'changed.txt@v1', sha256: sha(Buffer.from('old bytes')), content_type: 'text/plain' });
    return { ...s, acme, globex };
  }

  test('the archive: a header, every row of the tenant and nothing of another, its files, the count', async () => {
    const { api, acme } = await twoTenants();
    const progress: number[] = [];
    const { archive } = await api.export('acme', (p) => progress.push(p.rows));
    const lines = linesOf(await bytesOf(archive));
    expect(lines[0]).toMatchObject({ format: EXPORT_FORMAT, version: 1, tenant: { id: acme.id, slug: 'acme' }, exported_at: NOW.toISOString() });
    const rows = lines.filter((l) => 'table' in l);
    expect(rows).toHaveLength(3 + 1 + 3);
    expect(rows.every((l) => (l.row as { tenant_id: string }).tenant_id === acme.id)).toBe(true);
    const file = (key: string, text: string) => ({ file: key, content_type: 'text/plain', sha256: sha(Buffer.from(text)), base64: Buffer.from(text).toString('base64') });
    expect(lines.filter((l) => 'file' in l)).toEqual([
      { file: 'changed.txt@v1', missing: 'changed' },
      file('own.txt@v1', 'acme only'),
      // The same key as globex's file: acme's own bytes.
      file('shared.txt@v1', 'acme wrote this'),
    ]);
    expect(lines.at(-1)).toEqual({ end: true, rows: 7, files: 3 });
    expect(progress.at(-1)).toBe(7);
    expect(await api.countRows('acme')).toBe(7);
  });

  test('an unknown tenant fails before any byte', async () => {
    await expect(setup().api.export('nobody')).rejects.toBeInstanceOf(NotFoundError);
  });

  test("delete removes its bytes (another tenant's under the same key kept), then its rows and memberships", async () => {
    const { api, memory, files, acme, globex } = await twoTenants();
    await api.members.put({ tenant: 'acme', user_id: knownUser, roles: ['admin'] });
    expect(await api.delete('acme')).toEqual({ id: acme.id, slug: 'acme', files_deleted: 3 });
    expect([...files.objects.keys()]).toEqual([`${globex.id}:shared.txt@v1`]);
    for (const table of ['bots', 'sessions', 'content_file_versions']) {
      expect(memory.rowsOf(table).filter((r) => r.tenant_id === acme.id)).toEqual([]);
      expect(memory.rowsOf(table).some((r) => r.tenant_id === globex.id)).toBe(true);
    }
    expect(memory.memberships).toEqual([]);
    await expect(api.get('acme')).rejects.toBeInstanceOf(NotFoundError);
  });
});
