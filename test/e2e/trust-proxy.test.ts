import { Writable } from 'node:stream';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

// TRUST_PROXY (docs/operations/reverse-proxy.md): behind a reverse proxy every connection comes
// from the proxy, so per-address limits and logs need the client's address from X-Forwarded-For,
// believed only from the proxies named. This suite's requests come from 127.0.0.1 and play both
// the clients (without a proxy) and the proxy (with TRUST_PROXY=loopback).

let bots: TestBots;
beforeAll(async () => {
  bots = await createTestBots('sb-proxy-');
  // Two new visitors per minute from one address: the third first message of an address is refused.
  await bots.add('tight', { 'web-rate-limit': '2', 'web-rate-window-seconds': '60' }, 'DO\n  HEAR x\n  TALK "echo " & x\nLOOP\n');
});
afterAll(async () => {
  await bots.remove();
});

/** A service whose request log lines are kept. */
async function start(env: Record<string, string>) {
  const lines: { msg?: string; req?: { url: string; remoteAddress?: string } }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const service = await startTestService({ BOTS_DIR: bots.dir, ...env }, { logger: createLogger({ level: 'info', destination }) });
  return { service, lines };
}

/** A new visitor's first message, through a proxy that says the client is `forwardedFor`. */
const firstMessage = (service: TestService, forwardedFor: string) => fetch(`${service.url}/api/channels/web/tight/messages`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ text: 'hi' }),
});

/** The addresses the request log gave the web channel's `count` requests, in order (a line is written once its response finished). */
async function loggedAddresses(lines: Awaited<ReturnType<typeof start>>['lines'], count: number) {
  const logged = () => lines.filter((l) => l.msg === 'request completed' && l.req?.url === '/api/channels/web/tight/messages');
  await waitFor(() => logged().length >= count, 'the request log');
  return logged().map((l) => l.req?.remoteAddress);
}

test('without TRUST_PROXY a forged X-Forwarded-For is ignored: two "clients" on one connection address share its limit', async () => {
  const { service, lines } = await start({});
  try {
    expect((await firstMessage(service, '203.0.113.1')).status).toBe(200);
    expect((await firstMessage(service, '203.0.113.1')).status).toBe(200);
    const other = await firstMessage(service, '203.0.113.2');
    expect([other.status, await other.json()]).toEqual([429, expect.objectContaining({ error: 'rate_limit_exceeded', limit: 2 })]);
    expect(await loggedAddresses(lines, 3)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  } finally {
    await service.dispose();
  }
});

test('with TRUST_PROXY naming the proxy, two clients behind it have their own limits, and the log names the client', async () => {
  const { service, lines } = await start({ TRUST_PROXY: 'loopback' });
  try {
    // What a client sent the proxy itself (the first entry) is not believed: only what the trusted proxy added.
    expect((await firstMessage(service, '10.9.9.9, 203.0.113.1')).status).toBe(200);
    expect((await firstMessage(service, '203.0.113.1')).status).toBe(200);
    expect((await firstMessage(service, '203.0.113.1')).status).toBe(429);
    expect((await firstMessage(service, '203.0.113.2')).status).toBe(200);
    expect(await loggedAddresses(lines, 4)).toEqual(['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']);
  } finally {
    await service.dispose();
  }
});

test('with TRUST_PROXY, one client\'s run of failed logins does not lock the others behind the proxy', async () => {
  const { service } = await start({ TRUST_PROXY: '1' });
  const login = (forwardedFor: string, username: string, password: string) => fetch(`${service.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ username, password }),
  });
  try {
    // 50 failures from one client, each on a different name so no account's own count is reached.
    for (let i = 0; i < 50; i++) expect((await login('203.0.113.1', `guess-${i}`, 'wrong-password-1')).status).toBe(401);
    expect((await login('203.0.113.1', TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(429);
    expect((await login('203.0.113.2', TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  } finally {
    await service.dispose();
  }
}, 120_000);
