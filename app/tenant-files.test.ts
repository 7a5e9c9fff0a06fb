import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileStore, StoredObject } from '../content/index.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';
import { botDrives } from './script-host.js';
import { filesByTenant } from './tenant-files.js';

// Each tenant's bytes apart in one store (docs/operations/tenants.md, "Files").

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

function memoryStore(): FileStore & { keys(): string[] } {
  const objects = new Map<string, StoredObject>();
  return {
    kind: 'local',
    put: async (key, object) => void objects.set(key, object),
    get: async (key) => objects.get(key),
    delete: async (key) => void objects.delete(key),
    list: async (prefix) => [...objects.keys()].filter((k) => k.startsWith(prefix)).sort(),
    sizes: async (prefix) => new Map([...objects].filter(([k]) => k.startsWith(prefix)).map(([k, o]) => [k, o.bytes.length])),
    ping: async () => undefined,
    keys: () => [...objects.keys()].sort(),
  };
}

const object = (text: string): StoredObject => ({ bytes: Buffer.from(text), content_type: 'text/plain', metadata: {} });
const text = async (found: Promise<StoredObject | undefined>) => (await found)?.bytes.toString();

test('the same key in two tenants and the default one holds three objects; each reads its own', async () => {
  const raw = memoryStore();
  const files = filesByTenant(raw);
  await files.put('docs/a.txt@v1', object('default'));
  await runAsTenant(ACME, () => files.put('docs/a.txt@v1', object('acme')));
  await runAsTenant(GLOBEX, () => files.put('docs/a.txt@v1', object('globex')));
  expect(raw.keys()).toEqual(['docs/a.txt@v1', `tenants/${ACME}/docs/a.txt@v1`, `tenants/${GLOBEX}/docs/a.txt@v1`]);
  expect(await text(files.get('docs/a.txt@v1'))).toBe('default');
  expect(await text(runAsTenant(DEFAULT_TENANT_ID, () => files.get('docs/a.txt@v1')))).toBe('default');
  expect(await text(runAsTenant(ACME, () => files.get('docs/a.txt@v1')))).toBe('acme');
  await runAsTenant(GLOBEX, () => files.delete('docs/a.txt@v1'));
  expect(await text(runAsTenant(GLOBEX, () => files.get('docs/a.txt@v1')))).toBeUndefined();
  expect(await text(runAsTenant(ACME, () => files.get('docs/a.txt@v1')))).toBe('acme');
});

test("a listing shows the tenant's own keys as it wrote them; the default tenant's leaves the others' folders out", async () => {
  const raw = memoryStore();
  const files = filesByTenant(raw);
  await files.put('bot.gbdrive/x.txt', object('default'));
  await files.put('tenants/readme.txt', object('a default file that happens to be called so'));
  await runAsTenant(ACME, async () => {
    await files.put('bot.gbdrive/y.txt', object('acme'));
    expect(await files.list('bot.gbdrive/')).toEqual(['bot.gbdrive/y.txt']);
  });
  expect(await files.list('')).toEqual(['bot.gbdrive/x.txt', 'tenants/readme.txt']);
  // The sizes the storage quota counts, the same way.
  expect(await runAsTenant(ACME, () => files.sizes('bot.gbdrive/'))).toEqual(new Map([['bot.gbdrive/y.txt', 4]]));
  expect(await files.sizes('')).toEqual(new Map([['bot.gbdrive/x.txt', 7], ['tenants/readme.txt', 43]]));
});

test('bots of the same name in two tenants have a drive each under the data directory', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-drives-'));
  try {
    const drives = botDrives({ dataDir: dir, tenantOf: (id) => (id === 'acme-desk' ? ACME : DEFAULT_TENANT_ID) });
    const [home, acme] = [drives({ id: 'home-desk', name: 'desk' }), drives({ id: 'acme-desk', name: 'desk' })];
    await home.write('a.txt', Buffer.from('home'));
    await acme.write('a.txt', Buffer.from('acme'));
    expect((await home.read('a.txt'))?.toString()).toBe('home');
    expect((await acme.read('a.txt'))?.toString()).toBe('acme');
    // The default tenant's drive is where it always was; the other's, in its tenant's folder.
    expect((await readFile(path.join(dir, 'drive', 'desk.gbdrive', 'a.txt'))).toString()).toBe('home');
    expect((await readFile(path.join(dir, 'drive', 'tenants', ACME, 'desk.gbdrive', 'a.txt'))).toString()).toBe('acme');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
