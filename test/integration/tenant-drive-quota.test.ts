import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBotRegistry } from '../../app/bot-registry.js';
import type { RunnableBot } from '../../app/bots.js';
import { botDrives } from '../../app/script-host.js';
import { tenantStorageQuota } from '../../app/storage-quota.js';
import { filesByTenant } from '../../app/tenant-files.js';
import { createLocalFileStore, createS3FileStore, writeFile, type FileStore } from '../../content/index.js';
import { createContentFilesRepo, createUsersRepo } from '../../db/index.js';
import { tenants } from '../../db/schema/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { openTestDatabase, type TestDatabase } from '../support/drivers.js';
import { startS3Server, type TestS3 } from '../support/s3.js';

/**
 * A tenant's max_storage_bytes counts its bots' drives beside its files (docs/operations/tenants.md,
 * "Quotas"), with the drives in the data directory and on S3-compatible storage (s3rver): a drive
 * write that fits passes and one that would pass the quota is refused with nothing written; a file
 * written over frees its old bytes, a copy adds its source's, a move adds nothing; a file of the
 * REST mapping counts the drives too; another tenant's drive of a bot of the same name is its own.
 */
let database: TestDatabase;
let s3: TestS3;
let dir: string;
let ownerId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server(['drives']);
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-drive-quota-'));
  ownerId = (await createUsersRepo(database.db).insert({ username: 'owner', email: 'owner@example.test' })).id;
});
afterAll(async () => {
  await database?.close();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const STORES: [string, () => FileStore][] = [
  ['local', () => createLocalFileStore(path.join(dir, 'files'))],
  ['s3', () => createS3FileStore({ url: s3.url, bucket: 'drives', accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', outbound: { allowPrivateNetworks: true } })],
];

describe.each(STORES)('drives in the %s store', (kind, makeStore) => {
  test('count against the tenant\'s max_storage_bytes with its files, and no other tenant\'s', async () => {
    const [acme, globex] = await database.db.insert(tenants).values([
      { slug: `acme-${kind}`, name: 'ACME', max_storage_bytes: 30 }, { slug: `globex-${kind}`, name: 'Globex' },
    ]).returning();
    const bot = (tenantId: string) => ({ id: `${tenantId}-desk`, name: 'desk', tenantId }) as unknown as RunnableBot;
    const bots = createBotRegistry([bot(acme!.id), bot(globex!.id)]);
    const store = filesByTenant(makeStore());
    const quota = tenantStorageQuota({ db: database.db, dataDir: dir, storage: store, bots: () => bots.ofTenant.all });
    const drives = botDrives({ dataDir: dir, storage: store, tenantOf: (id) => bots.tenantOf(id), quota });
    const text = (length: number) => Buffer.from('x'.repeat(length));
    const refusal = (used: number) => ({ code: 'quota_exceeded', details: { quota: 'max_storage_bytes', limit: 30, used } });

    await runAsTenant(acme!.id, async () => {
      const drive = drives(bots.find('desk')!);
      await drive.write('a.txt', text(10));
      await expect(drive.write('b.txt', text(25))).rejects.toMatchObject(refusal(10));
      expect(await drive.read('b.txt')).toBeUndefined();
      // Written over: its 10 bytes make room for its 20.
      await drive.write('a.txt', text(20));
      await expect(drive.copy('a.txt', 'c.txt')).rejects.toMatchObject(refusal(20));
      expect(await drive.read('c.txt')).toBeUndefined();
      await drive.move('a.txt', 'moved/a.txt');
      // The files of the REST mapping: 20 + 15 do not fit, 20 + 10 do.
      const files = { files: createContentFilesRepo(database.db), store, storageQuota: quota };
      const write = (name: string, length: number) => writeFile(files, { actor: { user_id: ownerId, admin: true, groups: [] }, path: `${kind}/${name}`, bytes: text(length) });
      await expect(write('fifteen.txt', 15)).rejects.toMatchObject(refusal(20));
      await write('ten.txt', 10);
      await expect(drive.write('one.txt', text(1))).rejects.toMatchObject(refusal(30));
    });
    // Another tenant's bot of the same name, with no quota, writes on; acme's count stays its own.
    await runAsTenant(globex!.id, () => drives(bots.find('desk')!).write('big.txt', text(100)));
    await runAsTenant(acme!.id, async () => {
      await expect(drives(bots.find('desk')!).write('one.txt', text(1))).rejects.toMatchObject(refusal(30));
      expect(await quota.driveSizes()).toEqual(new Map([['desk.gbdrive/moved/a.txt', 20]]));
    });
  });
});
