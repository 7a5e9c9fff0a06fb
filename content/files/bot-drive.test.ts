import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FilePathError } from '../../basic-interpreter/index.js';
import { createStoreDrive } from './bot-drive.js';
import { createLocalFileStore } from './local-file-store.js';
import { versionKey } from './file-store.js';

// The bot drive over the FileStore port (docs/content.md, "The bot drive"), on the local driver;
// test/e2e/basic-tasks-drive.test.ts runs it on s3rver through the service.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-drive-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('files are objects under the prefix: copy, move, list of a folder, delete', async () => {
  const store = createLocalFileStore(dir);
  const drive = createStoreDrive(store, 'shop.gbdrive');
  const bytes = Buffer.from([0, 255, 10, 13]);
  await drive.write('/a/b.bin', bytes);
  await drive.copy('a/b.bin', 'a/c.bin');
  await drive.move('a/c.bin', 'd.bin');
  expect(await store.list('shop.gbdrive/')).toEqual(['shop.gbdrive/a/b.bin', 'shop.gbdrive/d.bin']);
  expect(await drive.list('a')).toEqual(['a/b.bin']);
  expect(await drive.list('/')).toEqual(['a/b.bin', 'd.bin']);
  expect((await drive.read('d.bin'))?.equals(bytes)).toBe(true);
  expect(await drive.read('none.bin')).toBeUndefined();
  await expect(drive.copy('none.bin', 'x.bin')).rejects.toThrow('no file "none.bin"');
  expect(await drive.delete('d.bin')).toBe(true);
  expect(await drive.delete('d.bin')).toBe(false);
});

test('paths outside the drive and names of file versions are refused', async () => {
  const drive = createStoreDrive(createLocalFileStore(dir), 'shop.gbdrive');
  await expect(drive.write('../x.txt', Buffer.from('x'))).rejects.toThrow(FilePathError);
  await expect(drive.write(versionKey('a.txt', 1), Buffer.from('x'))).rejects.toThrow(FilePathError);
});
