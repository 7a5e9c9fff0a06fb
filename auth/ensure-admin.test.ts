import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createUsersRepo } from '../db/index.js';
import type { DatabaseHandle } from '../db/index.js';
import { openTestDatabase } from '../test/support/drivers.js';
import { ensureAdmin } from './ensure-admin.js';
import { login } from './login.js';
import { createTokenIssuer } from './token-issuer.js';
import { testPasswords } from '../test/support/test-passwords.js';

let database: DatabaseHandle;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
  return { logger: pino({ level: 'info' }, stream), lines };
}

test('first start without ADMIN_PASSWORD generates one, returns it for the banner, keeps it out of the log, and it logs in', async () => {
  const users = createUsersRepo(database.db);
  const { logger, lines } = capturingLogger();
  const first = await ensureAdmin({ users, passwords: testPasswords, logger }, {});
  if (!first.created) throw new Error('no admin created');
  expect(first.username).toBe('admin');
  expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
  expect(lines.join('')).toContain('its generated password is in the start banner');
  expect(lines.join('')).not.toContain(first.generatedPassword);

  const second = await ensureAdmin({ users, passwords: testPasswords, logger }, {});
  expect(second).toEqual({ created: false });

  const tokens = createTokenIssuer(new TextEncoder().encode('z'.repeat(40)), 60);
  const token = await login({ users, passwords: testPasswords, tokens }, { identifier: 'admin', password: first.generatedPassword! });
  expect(await tokens.verify(token.access_token)).toMatchObject({ username: 'admin', roles: ['admin', 'operator'] });
  // The password is stored only as an argon2id hash.
  const row = await users.findByLogin('admin');
  expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  expect(row!.password_hash).not.toContain(first.generatedPassword);
});

test('ADMIN_PASSWORD set after the first start is ignored, and the log says so and how to reset', async () => {
  const users = createUsersRepo(database.db);
  const { logger, lines } = capturingLogger();
  await ensureAdmin({ users, passwords: testPasswords, logger }, { password: 'another-password-9' });
  const log = lines.join('');
  expect(log).toContain('ADMIN_PASSWORD is set but users already exist');
  expect(log).toContain('switchboard admin reset-password');
  expect(log).not.toContain('another-password-9');
});
