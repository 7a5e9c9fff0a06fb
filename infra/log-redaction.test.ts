import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/index.js';
import { openTestDatabase } from '../test/support/drivers.js';
import { redactUrl } from './log-redaction.js';
import { createLogger } from './logger.js';

let database: DatabaseHandle;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

function capture() {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
  return { logger: createLogger({ level: 'info', destination }), text: () => lines.join('') };
}

test('a failed SQL statement is logged with its SQL but without its parameters', async () => {
  const customerText = 'my card is 4111-1111-1111-1111';
  const error = await database.db.execute(sql`select ${customerText}::text as t, 1 / 0 as boom`).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  const { logger, text } = capture();
  logger.error({ err: error }, 'unhandled error');
  const line = text();
  expect(line).toContain('select $1::text as t');
  expect(line).toContain('params: [redacted]');
  expect(line).not.toContain('4111-1111');
});

test('passwords, tokens, secrets and signatures are redacted wherever a log call puts them', () => {
  const { logger, text } = capture();
  logger.info({ password: 'pw-1', body: { password: 'pw-2', token: 'tk-3', session_token: 'st-4' }, secret: 'sc-5', headers: { signature: 'sg-6' } }, 'call');
  logger.info({ req: { headers: { authorization: 'Bearer ab-7', cookie: 'sid=ck-8' } } }, 'request');
  for (const secret of ['pw-1', 'pw-2', 'tk-3', 'st-4', 'sc-5', 'sg-6', 'ab-7', 'ck-8']) expect(text()).not.toContain(secret);
});

test('credentials in a URL\'s query string are redacted, the rest is kept', () => {
  expect(redactUrl('/api/channels/web/x/messages?session_token=abc.def&page=2')).toBe('/api/channels/web/x/messages?session_token=[redacted]&page=2');
  expect(redactUrl('/ws/attendance?token=xyz')).toBe('/ws/attendance?token=[redacted]');
  expect(redactUrl('/api/users')).toBe('/api/users');
});
