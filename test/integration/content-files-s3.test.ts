import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  createLocalFileStore, createS3Client, createS3FileStore, listFiles, listFileVersions, readFile, writeFile as writeContentFile, type FileStore,
} from '../../content/index.js';
import { runImport, s3Source } from '../../content/importers/index.js';
import type { DatabaseHandle } from '../../db/index.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { importTarget } from '../support/content-import.js';
import { openTestDatabase } from '../support/drivers.js';
import { startConnectionCounter } from '../support/connection-counter.js';
import { startS3Server, type TestS3 } from '../support/s3.js';

/**
 * The file store on both drivers (docs/architecture.md: one contract suite per port), and
 * `import s3` from a local tree and from another bucket into the S3-backed store, against s3rver:
 * structure, metadata and versions kept, interrupted and re-run without duplicates.
 */
let s3: TestS3;
let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server(['store', 'source']);
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-s3-import-'));
});
afterAll(async () => {
  await database?.close();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** s3rver listens on 127.0.0.1: a deployment with OUTBOUND_ALLOW_PRIVATE_NETWORKS. */
const allowPrivate = { allowPrivateNetworks: true };
const s3Store = () => createS3FileStore({ url: s3.url, bucket: 'store', accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', outbound: allowPrivate });

describe.each([
  ['local', async (): Promise<FileStore> => createLocalFileStore(await mkdtemp(path.join(dir, 'local-')))],
  ['s3', async (): Promise<FileStore> => s3Store()],
])('FileStore contract: %s', (_name, make) => {
  test('put, get, list by prefix, delete; bytes, content type and metadata kept', async () => {
    const store = await make();
    await store.ping();
    const bytes = Buffer.from([0, 1, 2, 255]);
    await store.put('contract/a/b.bin@v1', { bytes, content_type: 'application/x-test', metadata: { author: 'ann' } });
    await store.put('contract/a/b.bin@v2', { bytes: Buffer.from('two'), content_type: 'text/plain', metadata: {} });
    await store.put('contract/c.txt@v1', { bytes: Buffer.from('c'), content_type: 'text/plain', metadata: {} });
    expect(await store.get('contract/a/b.bin@v1')).toEqual({ bytes, content_type: 'application/x-test', metadata: { author: 'ann' } });
    expect(await store.list('contract/a/')).toEqual(['contract/a/b.bin@v1', 'contract/a/b.bin@v2']);
    await store.delete('contract/a/b.bin@v1');
    expect(await store.get('contract/a/b.bin@v1')).toBeUndefined();
    expect(await store.list('contract/')).toEqual(['contract/a/b.bin@v2', 'contract/c.txt@v1']);
    expect(await store.sizes('contract/')).toEqual(new Map([['contract/a/b.bin@v2', 3], ['contract/c.txt@v1', 1]]));
    expect(await store.sizes('contract/none/')).toEqual(new Map());
  });
});

test('import s3 from a local tree: folders, modification times and content types kept; resumed; re-run adds nothing', async () => {
  const tree = path.join(dir, 'tree');
  await mkdir(path.join(tree, 'docs', 'contracts'), { recursive: true });
  await writeFile(path.join(tree, 'readme.txt'), 'top');
  await writeFile(path.join(tree, 'docs', 'contracts', 'acme.pdf'), Buffer.from('%PDF-1.4 fake'));
  await writeFile(path.join(tree, 'docs', 'notes.md'), '# notes');
  await utimes(path.join(tree, 'docs', 'notes.md'), new Date('2024-05-01T12:00:00Z'), new Date('2024-05-01T12:00:00Z'));
  const { target, checkpoints, files } = await importTarget(database, s3Store());
  const source = () => s3Source(target, { from: tree, to: 'migrated' });
  expect(await runImport({ checkpoints }, source(), { limit: 2 })).toMatchObject({ status: 'stopped', imported: 2 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 1, total_imported: 3 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ imported: 0, skipped: 3 });

  const listing = await listFiles(target.files, { actor: target.owner, folder: 'migrated' });
  expect(listing.folders).toEqual(['migrated/docs']);
  expect(listing.files.map((f) => f.path)).toEqual(['migrated/readme.txt']);
  const notes = await files.findByPath('migrated/docs/notes.md');
  expect(notes).toMatchObject({ content_type: 'text/markdown', version: 1, metadata: { source_modified: '2024-05-01T12:00:00.000Z' } });
  expect(notes!.created_at.toISOString()).toBe('2024-05-01T12:00:00.000Z');
  expect((await readFile(target.files, { actor: target.owner, path: 'migrated/docs/contracts/acme.pdf' })).bytes.toString()).toBe('%PDF-1.4 fake');
  // The bytes are in the S3 bucket under the file's path.
  expect(await s3Store().list('migrated/docs/')).toEqual(['migrated/docs/contracts/acme.pdf@v1', 'migrated/docs/notes.md@v1']);

  // A changed source file becomes a second version on the next run.
  await writeFile(path.join(tree, 'readme.txt'), 'top, edited');
  expect(await runImport({ checkpoints }, source())).toMatchObject({ imported: 1, skipped: 2 });
  const history = await listFileVersions(target.files, { actor: target.owner, path: 'migrated/readme.txt' });
  expect(history.versions.map((v) => v.size)).toEqual([3, 11]);
});

test('import s3 from another bucket: keys become folders, S3 user metadata and content types kept', async () => {
  const client = await createS3Client({ url: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', outbound: allowPrivate });
  await client.send(new PutObjectCommand({ Bucket: 'source', Key: 'team/hr/policy.txt', Body: 'be kind', ContentType: 'text/plain', Metadata: { department: 'hr' } }));
  await client.send(new PutObjectCommand({ Bucket: 'source', Key: 'team/logo.png', Body: Buffer.from([137, 80, 78, 71]), ContentType: 'image/png' }));
  await client.send(new PutObjectCommand({ Bucket: 'source', Key: 'other/skip.txt', Body: 'not under the prefix' }));
  const { target, checkpoints, files } = await importTarget(database, s3Store());
  const source = () => s3Source(target, { from: 's3://source/team', to: 'from-bucket', client });
  expect(await runImport({ checkpoints }, source(), { limit: 1 })).toMatchObject({ status: 'stopped', imported: 1 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 1, total_imported: 2 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ imported: 0, skipped: 2 });
  expect(await files.findByPath('from-bucket/hr/policy.txt')).toMatchObject({ content_type: 'text/plain', metadata: { department: 'hr' }, version: 1 });
  expect(await files.findByPath('from-bucket/logo.png')).toMatchObject({ content_type: 'image/png', size: 4 });
  expect(await files.findByPath('from-bucket/other/skip.txt')).toBeUndefined();
});

test('import s3: a source content type that is not a media type is kept as application/octet-stream; writeFile refuses one outright', async () => {
  const client = await createS3Client({ url: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', outbound: allowPrivate });
  await client.send(new PutObjectCommand({ Bucket: 'source', Key: 'odd/page.html', Body: '<p>hi</p>', ContentType: 'text/html, text/plain' }));
  await client.send(new PutObjectCommand({ Bucket: 'source', Key: 'odd/note.txt', Body: 'hi', ContentType: 'Text/Plain; Charset=UTF-8' }));
  const { target, checkpoints, files } = await importTarget(database, s3Store());
  expect(await runImport({ checkpoints }, s3Source(target, { from: 's3://source/odd', to: 'odd', client }))).toMatchObject({ status: 'done', imported: 2 });
  expect(await files.findByPath('odd/page.html')).toMatchObject({ content_type: 'application/octet-stream' });
  expect(await files.findByPath('odd/note.txt')).toMatchObject({ content_type: 'text/plain; charset=UTF-8' });
  await expect(writeContentFile(target.files, { actor: target.owner, path: 'odd/x.txt', bytes: Buffer.from('x'), content_type: 'text/plain\r\nX: y' }))
    .rejects.toMatchObject({ code: 'validation_error' });
  expect(await files.findByPath('odd/x.txt')).toBeUndefined();
});

test('the S3 store connects through the outbound door: a loopback STORAGE_URL the deployment does not allow is refused, unconnected', async () => {
  const counter = await startConnectionCounter();
  try {
    const store = createS3FileStore({
      url: `http://127.0.0.1:${counter.port}`, bucket: 'store', accessKey: 'k', secretKey: 's', region: 'us-east-1', outbound: { allowPrivateNetworks: false },
    });
    const error = await store.ping().then(() => undefined, (e: unknown) => e);
    expect(refusalBehind(error)?.message).toMatch(/127\.0\.0\.1.*private or loopback/);
    expect(counter.connections).toBe(0);
  } finally {
    await counter.close();
  }
});
