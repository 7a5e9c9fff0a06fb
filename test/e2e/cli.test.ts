import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { listTables, openDatabase } from '../../db/index.js';
import { createChildServer } from '../support/child-server.js';
import { waitFor } from '../support/wait-for.js';

const run = promisify(execFile);
const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', ...args], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env } });

describe('switchboard command', () => {
  test('`migrate` applies the migrations to the embedded database and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-migrate-'));
    try {
      await cli(['migrate'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        expect(await listTables(database.db)).toEqual(expect.arrayContaining(['bots', 'messages', 'outbox', 'sessions', 'users']));
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('an invalid environment variable stops the start with a message naming it', async () => {
    const attempt = cli(['start'], { PORT: 'eighty' });
    await expect(attempt).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PORT') });
  });

  test('an unknown command prints the usage and exits 2', async () => {
    await expect(cli(['frobnicate'], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: switchboard') });
  });

  test('the first `start` prints a plain box with the admin and its generated password, which signs in; the log never holds it', async () => {
    const child = await createChildServer({ botsDir: path.resolve('bots'), env: { ADMIN_PASSWORD: '', LOG_LEVEL: 'info' } });
    try {
      await child.start();
      // The box and the readiness answer come on different pipes: wait for the box itself.
      await waitFor(() => child.output().includes('| API docs:'), 'the start banner');
      const out = child.output();
      const password = /\| Password: +(\S+) +\(shown once; keep it\)/.exec(out)?.[1];
      expect(password).toMatch(/^[\w-]{16}$/);
      expect(out).toContain(`| Console:     ${child.url}/console/`);
      expect(out).toContain('| Chat here:   npm run chat default');
      // Only the box's line holds the password; the JSON log lines do not.
      expect(out.split('\n').filter((line) => line.includes(password!))).toEqual([expect.stringMatching(/^\[1 out\] \| Password:/)]);
      const login = await fetch(`${child.url}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await child.dispose();
    }
  });
});
