import { Writable } from 'node:stream';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * The security model of README ("Security model") through a started server: what is logged,
 * login abuse, case-insensitive accounts, visitor token renewal, CORS, security headers and the
 * docs page under its CSP, and the outbound guard on a bot's HTTP calls.
 */

const SHOP = 'https://shop.example.test';
// A bot script that fetches whatever URL the customer sends: the guard decides where it may go.
const FETCH_BOT = `TALK "Which URL?"
HEAR target
r = GET target
TALK "fetched: " & r.status
`;

let bots: TestBots;
let service: TestService;
const log: string[] = [];

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('default', {});
  await bots.add('shop', { 'web-allowed-origins': `${SHOP}, https://other.example.test`, 'web-session-ttl-days': '2' }, FETCH_BOT);
  await bots.add('intranet', { 'http-allow-private-networks': 'true' }, FETCH_BOT);
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { log.push(chunk.toString()); done(); } });
  service = await startTestService({ BOTS_DIR: bots.dir }, { logger: createLogger({ level: 'debug', destination }) });
});
afterAll(async () => {
  await service.dispose();
  await bots.remove();
});

const json = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('logs', () => {
  test('the start log names the address actually bound', () => {
    const port = new URL(service.url).port;
    expect(log.join('')).toContain(`Switchboard listening on 127.0.0.1:${port}`);
  });

  test('a full journey leaves none of its secrets in the log', async () => {
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const token = admin.authorization.slice('Bearer '.length);
    const password = 'journey-password-7';
    await json('POST', '/api/users', { username: 'journey', email: 'journey@example.test', password, roles: ['attendant'] }, admin);
    const wrong = await json('POST', '/api/auth/login', { username: 'journey', password: 'wrong-journey-password-3' });
    expect(wrong.status).toBe(401);
    const attendant = await bearerFor(service.url, 'journey', password);
    const visitor = await sayOnWeb(service.url, 'default', 'hello there');
    await fetch(`${service.url}/api/channels/web/default/messages?session_token=${encodeURIComponent(visitor.session_token)}`, {
      headers: { cookie: 'sid=cookie-secret-4411', 'x-hub-signature-256': 'sha256=signature-secret-5522' },
    });
    await json('GET', '/api/users/me', undefined, attendant);
    await json('GET', '/api/users', undefined, { authorization: 'Bearer not-a-real-token-6633' });
    // The console socket carries its token in the query string.
    const socket = new WebSocket(`${service.url.replace('http', 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.close();
    await json('POST', '/api/channels/web/default/session/renew', { session_token: visitor.session_token });
    const text = log.join('');
    expect(text).toContain('/api/channels/web/default/messages?session_token=[redacted]');
    for (const secret of [
      TEST_ADMIN.password, password, 'wrong-journey-password-3', token, attendant.authorization.slice(7), visitor.session_token,
      'cookie-secret-4411', 'signature-secret-5522', 'not-a-real-token-6633',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('login abuse and accounts', () => {
  test('a run of wrong passwords is refused with 429 and the rate-limit body, even with the right password', async () => {
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    await json('POST', '/api/users', { username: 'target', email: 'target@example.test', password: 'target-password-1', roles: [] }, admin);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await json('POST', '/api/auth/login', { username: 'TARGET', password: `guess-${i}-xyz` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const locked = await json('POST', '/api/auth/login', { username: 'target', password: 'target-password-1' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await locked.json()).toMatchObject({ error: 'rate_limit_exceeded', limit: 10, window: '15m', retry_after: expect.any(Number) });
    // Other accounts from the same address still log in.
    expect((await json('POST', '/api/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200);
  });

  test('one lockout per account: wrong passwords by username lock the email, and the other way round', async () => {
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    for (const name of ['byname', 'bymail']) {
      const created = await json('POST', '/api/users', { username: name, email: `${name}@example.test`, password: `${name}-password-1`, roles: [] }, admin);
      expect(created.status).toBe(201);
    }
    const guesses = async (login: Record<string, string>) => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await json('POST', '/api/auth/login', { ...login, password: `guess-${i}-xyz` })).status);
      return statuses;
    };
    expect(await guesses({ username: 'byname' })).toEqual(Array(10).fill(401));
    const byEmail = await json('POST', '/api/auth/login', { email: 'ByName@example.test', password: 'byname-password-1' });
    expect([byEmail.status, await byEmail.json()]).toEqual([429, expect.objectContaining({ error: 'rate_limit_exceeded', limit: 10 })]);
    expect(await guesses({ email: 'bymail@example.test' })).toEqual(Array(10).fill(401));
    const byName = await json('POST', '/api/auth/login', { username: 'BYMAIL', password: 'bymail-password-1' });
    expect([byName.status, await byName.json()]).toEqual([429, expect.objectContaining({ error: 'rate_limit_exceeded', limit: 10 })]);
  });

  test('usernames and emails are unique regardless of case, and log in in any case', async () => {
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const twin = await json('POST', '/api/users', { username: 'ADMIN', email: 'other-admin@example.test', password: 'password-twin-1', roles: [] }, admin);
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ error: 'user_exists', field: 'username' });
    const email = await json('POST', '/api/users', { username: 'mailtwin', email: TEST_ADMIN.email.toUpperCase(), password: 'password-twin-1', roles: [] }, admin);
    expect(email.status).toBe(409);
    expect((await json('POST', '/api/auth/login', { username: 'Admin', password: TEST_ADMIN.password })).status).toBe(200);
  });
});

describe('web visitors', () => {
  test('a visitor token can be renewed; the answer says when it expires (web-session-ttl-days)', async () => {
    const visitor = await sayOnWeb(service.url, 'shop', 'hi');
    const before = Date.now();
    const res = await json('POST', '/api/channels/web/shop/session/renew', { session_token: visitor.session_token });
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as { session_token: string; expires_at: string };
    const lifetime = Date.parse(renewed.expires_at) - before;
    expect(lifetime).toBeGreaterThan(2 * 86_400_000 - 120_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 86_400_000 + 1000);
    const history = await fetch(`${service.url}/api/channels/web/shop/messages?session_token=${encodeURIComponent(renewed.session_token)}`);
    expect(history.status).toBe(200);
    expect((await json('POST', '/api/channels/web/shop/session/renew', { session_token: 'forged' })).status).toBe(401);
    expect((await json('POST', '/api/channels/web/default/session/renew', { session_token: visitor.session_token })).status).toBe(401);
  });

  test('CORS: only origins in the bot\'s web-allowed-origins may call its web channel', async () => {
    const preflight = (bot: string, origin: string) => fetch(`${service.url}/api/channels/web/${bot}/messages`, {
      method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const allowed = await preflight('shop', SHOP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect((await preflight('shop', 'https://evil.example.test')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('default', SHOP)).headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${service.url}/api/channels/web/shop/messages`, {
      method: 'POST', headers: { origin: SHOP, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hi' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBe(SHOP);
    const users = await fetch(`${service.url}/api/users`, { headers: { origin: SHOP } });
    expect(users.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('SCIM', () => {
  test('no bot sets scim-token: /scim/v2 is not served (404, the API\'s not_found), whatever the token', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }] as Record<string, string>[]) {
      const res = await json('GET', '/scim/v2/Users', undefined, headers);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('browsers', () => {
  test('every answer carries security headers', async () => {
    for (const path of ['/api/users/me', '/api/docs', '/healthz', '/api/openapi.json', '/nowhere']) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      // A plain-http host with no HSTS setting: browsers are not told to insist on https.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  test('the API docs page works under the CSP and keeps no bearer token in localStorage', async () => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
      await page.goto(`${service.url}/api/docs`);
      await page.waitForSelector('.swagger-ui .info .title');
      expect(await page.textContent('.swagger-ui .info .title')).toContain('Switchboard API');
      await page.waitForSelector('.opblock-tag');
      await page.evaluate(() => (globalThis as unknown as { ui: { preauthorizeApiKey(n: string, v: string): void } }).ui.preauthorizeApiKey('bearerAuth', 'secret-token-for-docs'));
      const stored = await page.evaluate(() => JSON.stringify(Object.entries((globalThis as unknown as { localStorage: Record<string, string> }).localStorage)));
      expect(stored).not.toContain('secret-token-for-docs');
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('outbound requests', () => {
  test('a customer cannot make a bot fetch the server itself; http-allow-private-networks allows it', async () => {
    const target = `${service.url}/healthz`;
    const guarded = await sayOnWeb(service.url, 'shop', 'hi');
    const refused = await sayOnWeb(service.url, 'shop', target, guarded.session_token);
    expect(refused.replies.map((r) => r.text).join(' ')).not.toContain('fetched');
    const trusting = await sayOnWeb(service.url, 'intranet', 'hi');
    const allowed = await sayOnWeb(service.url, 'intranet', target, trusting.session_token);
    expect(allowed.replies.map((r) => r.text)).toContain('fetched: ok'); // /healthz answers {status:"ok"}
  });
});
