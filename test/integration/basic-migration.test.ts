import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createUsersRepo } from '../../db/index.js';
import { basicCapabilities, botDrives } from '../../app/script-host.js';
import { EngineHarness, inbound, TestAdapter, type RunningEngine } from '../support/engine-kit.js';
import { testPasswords } from '../support/test-passwords.js';

// The two migration templates (bots/migration.gbai), run by the engine end to end: the
// file migration against a local HTTP server into the bot's drive (binary-safe), the user
// migration from a CSV of the drive through the users service (docs/basic.md, "Migration templates").

const PACKAGE = path.resolve('bots/migration.gbai/migration.gbdialog');
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const TEXT = 'olá, mundo\n';

let harness: EngineHarness;
let running: RunningEngine;
let server: Server;
let dataDir: string;
const authorizations: string[] = [];
const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];

beforeAll(async () => {
  server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? 'none');
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.url === '/api/files') {
      if (req.headers.authorization !== 'Bearer tok-1') {
        res.statusCode = 401;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([
        { name: 'logo.png', path: 'images/logo.png', download_url: `${base}/blob/logo` },
        { name: 'notes.txt', path: 'docs/notes.txt', download_url: `${base}/blob/notes` },
      ]));
      return;
    }
    res.setHeader('content-type', req.url === '/blob/logo' ? 'image/png' : 'text/plain; charset=utf-8');
    res.end(req.url === '/blob/logo' ? BINARY : Buffer.from(TEXT, 'utf8'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;

  dataDir = await mkdtemp(path.join(tmpdir(), 'sb-migration-'));
  harness = await EngineHarness.open();
  const scripts: Record<string, string> = {};
  for (const file of await readdir(PACKAGE)) scripts[file.replace(/\.bas$/, '')] = await readFile(path.join(PACKAGE, file), 'utf8');
  await harness.addBot({ name: 'migration', scripts, config: { 'http-allow-private-networks': true }, params: { source_api: api, auth_token: 'tok-1', csv_path: 'imports/users.csv' } });
  const capabilities = basicCapabilities({ users: createUsersRepo(harness.database.db), passwords: testPasswords, files: botDrives({ dataDir }) });
  await capabilities.files({ id: 'x', name: 'migration' }).write('imports/users.csv', Buffer.from(
    'email,name\nana@example.test,Ana Silva\n"bob@example.test","Souza, Bob ""Jr"""\n', 'utf8',
  ));
  running = await harness.startEngine({ adapters: [new TestAdapter('web')], capabilities });
});
afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

test('migrate-files: lists <source_api>/files with the bearer token, downloads each, writes it to its path byte for byte', async () => {
  await running.engine.receive(inbound('migration', 'hi', { customer: 'files' }));
  const outcome = await running.engine.receive(inbound('migration', 'files', { customer: 'files' }));
  expect(texts(outcome)).toEqual(['Migrated: logo.png', 'Migrated: notes.txt', 'Migration complete: 2 files']);
  expect(authorizations).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
  const drive = path.join(dataDir, 'drive', 'migration.gbdrive');
  expect((await readFile(path.join(drive, 'images', 'logo.png'))).equals(BINARY)).toBe(true);
  expect(await readFile(path.join(drive, 'docs', 'notes.txt'), 'utf8')).toBe(TEXT);
});

test('migrate-users: reads the CSV (quoted fields too) and creates a user per row through the users service', async () => {
  await running.engine.receive(inbound('migration', 'hi', { customer: 'users' }));
  const outcome = await running.engine.receive(inbound('migration', 'users', { customer: 'users' }));
  expect(texts(outcome)).toEqual(['Users imported from imports/users.csv']);
  const users = createUsersRepo(harness.database.db);
  for (const email of ['ana@example.test', 'bob@example.test']) {
    expect(await users.findByLogin(email)).toMatchObject({ email, username: email, roles: [] });
  }
});
