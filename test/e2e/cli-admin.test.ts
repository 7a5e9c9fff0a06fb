import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { createUser } from '../../auth/index.js';
import { createUsersRepo, openDatabase } from '../../db/index.js';
import { testPasswords } from '../support/test-passwords.js';

/** `switchboard admin reset-password <username>` on the embedded database (the CLI's own logic is driver-independent). */

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-admin-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await createUser({ users: createUsersRepo(database.db), passwords: testPasswords }, { username: 'alice', email: 'alice@example.test', password: 'old-password-1', roles: ['admin'] });
  await database.close();
});
afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

function cli(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
    child.stdin!.end(stdin);
  });
}

async function storedHash(): Promise<string> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return (await createUsersRepo(database.db).findByLogin('alice'))!.password_hash ?? '';
  } finally {
    await database.close();
  }
}

test('prints a new password that then verifies; the username may be in any case', async () => {
  const result = await cli(['admin', 'reset-password', 'ALICE']);
  expect(result).toMatchObject({ code: 0 });
  const password = /New password for ALICE: (\S+)/.exec(result.stdout)![1]!;
  expect(password.length).toBeGreaterThanOrEqual(16);
  const hash = await storedHash();
  expect(await argon2.verify(hash, password)).toBe(true);
  expect(await argon2.verify(hash, 'old-password-1')).toBe(false);
});

test('--password-stdin takes the password from stdin and does not print it', async () => {
  const result = await cli(['admin', 'reset-password', 'alice', '--password-stdin'], 'chosen-password-9\n');
  expect(result.code).toBe(0);
  expect(result.stdout).not.toContain('chosen-password-9');
  expect(await argon2.verify(await storedHash(), 'chosen-password-9')).toBe(true);
});

test('an unknown user exits 1 with a message', async () => {
  expect(await cli(['admin', 'reset-password', 'nobody'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No user named "nobody"') });
});
