import { createHash } from 'node:crypto';
import { loadScript } from '../compiler/index.js';
import { startDialog } from '../vm/index.js';
import type { TurnResult } from '../vm/index.js';
import { fileValue } from './file-content.js';
import type { FileStore } from './file-store.js';
import { createInMemoryBotData, createInMemoryFileStore } from './memory-stores.js';
import { createStandardHost } from './standard-host.js';

// SEND FILE of a drive path or a file value (docs/basic.md, "Compatibility"): the host links the
// drive file, and the reply carries the link in order with the TALKs.

const BYTES = Buffer.from([0, 1, 2, 254, 255, 10, 13]);

async function run(source: string, options: { files?: FileStore; links?: (path: string) => string; http?: () => Promise<null | ReturnType<typeof fileValue>> } = {}): Promise<TurnResult> {
  const loaded = loadScript(source, 'start.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const data = createInMemoryBotData();
  const host = createStandardHost({
    tables: data.tables('bot'), botMemory: data.botMemory('bot'), userMemory: data.userMemory('bot', 'user'),
    http: options.http ?? (async () => null),
    files: options.files ?? createInMemoryFileStore(),
    ...(options.links ? { links: options.links } : {}),
    conversation: async () => null,
  });
  return startDialog({ host, library: { get: (name) => (name === 'start' ? loaded.script : undefined) }, entry: 'start' });
}

const link = (path: string) => `https://bots.example/drive/${path}`;

test('a drive path goes out as its link, the caption as the text, the kind by its extension, in order with the TALKs', async () => {
  const files = createInMemoryFileStore();
  await files.write('reports/q3.pdf', BYTES);
  await files.write('img/logo.PNG', BYTES);
  const result = await run('TALK "Here:"\nSEND FILE "/reports/q3.pdf", "Q3"\nSEND FILE "img/logo.PNG"\nTALK "done"', { files, links: link });
  expect(result.status).toBe('done');
  expect(result.outputs).toEqual([
    { type: 'talk', text: 'Here:' },
    { type: 'talk', text: 'Q3', files: [{ type: 'file', url: 'https://bots.example/drive/reports/q3.pdf', name: 'q3.pdf' }] },
    { type: 'talk', text: '', files: [{ type: 'image', url: 'https://bots.example/drive/img/logo.PNG', name: 'logo.PNG' }] },
    { type: 'talk', text: 'done' },
  ]);
});

test('a file value is written to the drive under sent/<hash>/<name> and sent by that file\'s link', async () => {
  const files = createInMemoryFileStore();
  const downloaded = fileValue('a/../song.mp3', BYTES, 'audio/mpeg');
  const result = await run('f = DOWNLOAD "https://files.example/song.mp3"\nSEND FILE f, "listen"', { files, links: link, http: async () => downloaded });
  const hash = createHash('sha256').update(BYTES).digest('hex').slice(0, 16);
  const stored = `sent/${hash}/a_.._song.mp3`;
  expect(result.outputs).toEqual([{ type: 'talk', text: 'listen', files: [{ type: 'audio', url: link(stored), name: 'a_.._song.mp3' }] }]);
  expect((await files.read(stored))?.equals(BYTES)).toBe(true);
});

test('an http(s) URL still goes out as it is, without the drive', async () => {
  const result = await run('SEND FILE "https://files.example/a%20b.pdf"');
  expect(result.outputs).toEqual([{ type: 'talk', text: '', files: [{ type: 'file', url: 'https://files.example/a%20b.pdf', name: 'a b.pdf' }] }]);
});

test.each([
  ['a drive path that names no file', 'SEND FILE "reports/none.pdf"', 'SEND FILE: no file "reports/none.pdf" in the bot\'s drive'],
  ['a path leaving the drive', 'SEND FILE "../secret.txt"', 'leaves the bot\'s drive'],
  ['no file at all', 'SEND FILE ""', 'SEND FILE needs a URL, a drive path or a file value'],
  ['an object that is no file value', 'SEND FILE #{name: "x"}', 'SEND FILE needs a URL, a drive path or a file value'],
])('%s stops the script at its line', async (_name, source, message) => {
  const result = await run(`TALK "before"\n${source}`, { links: link });
  expect(result.status).toBe('error');
  expect(result.outputs).toEqual([{ type: 'talk', text: 'before' }]);
  if (result.status === 'error') {
    expect(result.error.message).toContain(message);
    expect(result.error.line).toBe(2);
  }
});

test('a host that gives drive files no link says SEND FILE of a drive file is not available', async () => {
  const files = createInMemoryFileStore();
  await files.write('a.pdf', BYTES);
  const result = await run('SEND FILE "a.pdf"', { files });
  expect(result.status === 'error' && result.error.message).toContain('not available: SEND FILE of a drive file');
});
