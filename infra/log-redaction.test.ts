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

test.each([
  ['/bot-login/eyJhbGciOi.eyJib3Qi.c2lnbmF0dXJl', '/bot-login/[redacted]'],
  ['/bot-login/eyJhbGciOi.eyJib3Qi.c2lnbmF0dXJl/federated', '/bot-login/[redacted]/federated'],
  ['/BOT-LOGIN/eyJhbGciOi.x.y?lang=pt', '/BOT-LOGIN/[redacted]?lang=pt'],
  ['/meet/sb-AbCdEf0123456789', '/meet/[redacted]'],
  ['/api/meet/rooms/sb-AbCdEf0123456789/join', '/api/meet/rooms/[redacted]/join'],
  ['/api/meet/ws?token=eyJ.x.y', '/api/meet/ws?token=[redacted]'],
  ['/api/v1/notifications/0b6c/click?u=4f1e&s=c2lnbmF0dXJl', '/api/v1/notifications/0b6c/click?u=4f1e&s=[redacted]'],
  ['/api/drive/files/shop/sent/a/b.png?expires=1790000000&signature=c2ln', '/api/drive/files/shop/sent/a/b.png?expires=1790000000&signature=[redacted]'],
  ['/auth/oidc/login?bot=desk&return_to=%2Fbot-login%2FeyJ.x.y%2Ffederated', '/auth/oidc/login?bot=desk&return_to=[redacted]'],
  ['/auth/oidc/callback?code=abc123&state=xyz', '/auth/oidc/callback?code=[redacted]&state=xyz'],
  ['/api/channels/web/x/messages?Session_Token=abc', '/api/channels/web/x/messages?Session_Token=[redacted]'],
  ['/api/channels/web/x/messages?session%5Ftoken=abc', '/api/channels/web/x/messages?session%5Ftoken=[redacted]'],
])('a credential in the path or query of %s is redacted', (url, logged) => {
  expect(redactUrl(url)).toBe(logged);
});

test.each([
  '/api/search?s=hello', '/meet.js', '/api/meet/rooms', '/api/users?page=2&q=%E0%A4%A', '/sites/shop/home/index.html',
])('%s is logged as it is', (url) => {
  expect(redactUrl(url)).toBe(url);
});
