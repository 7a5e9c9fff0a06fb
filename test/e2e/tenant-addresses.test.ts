import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { tenants } from '../../db/schema/index.js';
import type { WebSocket } from 'ws';
import { ATTENDANCE_LIVE_TOPIC } from '../../attendance/index.js';
import { ATTENDANCE_SOCKET_PATH } from '../../http/attendance-socket.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Which tenant a public address reaches (docs/operations/tenants.md, "Addresses"): a bot name only
 * one tenant uses answers at its usual address; a name several tenants use answers there for the
 * default tenant, and under `/t/{tenant}/…` for each; a suspended tenant's addresses are refused.
 */
let bots: TestBots;
let service: TestService;
let acme: string;

const say = async (path: string, text: string) => {
  const res = await fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  return { status: res.status, body: await res.json() as { session_id?: string; error?: string; message?: string } };
};
const sessionsOf = (tenant: string) => runAsTenant(tenant, async () =>
  rowsOf<{ bot: string; id: string }>(await service.database.db.execute(sql`select b.name as bot, s.id from sessions s join bots b on b.id = s.bot_id order by s.created_at`)));

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('support', {});
  await bots.add('support', {}, undefined, { tenant: 'acme' });
  await bots.add('acme-sales', {}, undefined, { tenant: 'acme' });
  service = await startTestService({ BOTS_DIR: bots.dir });
  // The tenant's bots load at start, once the tenant exists.
  const [row] = await service.database.db.insert(tenants).values({ slug: 'acme', name: 'ACME' }).returning();
  acme = row!.id;
  service = await service.restart();
});
afterAll(async () => {
  await service.dispose();
  await bots.remove();
});

test("a name only one tenant uses answers at its usual address, in that tenant's data", async () => {
  const reply = await say('/api/channels/web/acme-sales/messages', 'hello');
  expect(reply.status).toBe(200);
  expect(await sessionsOf(acme)).toEqual([{ bot: 'acme-sales', id: reply.body.session_id }]);
});

test('a name several tenants use is the default tenant\'s at its usual address, each tenant\'s under /t/{tenant}', async () => {
  const plain = await say('/api/channels/web/support/messages', 'hi');
  const qualified = await say('/t/acme/api/channels/web/support/messages', 'hi');
  expect([plain.status, qualified.status]).toEqual([200, 200]);
  const defaults = await service.database.db.execute(sql`select s.id from sessions s join bots b on b.id = s.bot_id where b.name = 'support'`);
  expect(rowsOf<{ id: string }>(defaults).map((r) => r.id)).toEqual([plain.body.session_id]);
  expect((await sessionsOf(acme)).filter((s) => s.bot === 'support').map((s) => s.id)).toEqual([qualified.body.session_id]);
});

test('an unknown tenant is not found; a suspended one is refused at every address of its bots', async () => {
  expect((await say('/t/initech/api/channels/web/support/messages', 'hi')).status).toBe(404);
  await service.database.db.update(tenants).set({ status: 'suspended' }).where(sql`${tenants.id} = ${acme}`);
  // The status is read again after a few seconds at most (app/tenant-lookup.ts); a restart reads it now.
  service = await service.restart();
  const refused = await say('/t/acme/api/channels/web/support/messages', 'hi');
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'forbidden', message: 'The tenant "acme" is suspended' });
  expect((await say('/api/channels/web/acme-sales/messages', 'hi')).status).toBe(403);
  expect((await say('/api/channels/web/support/messages', 'hi')).status).toBe(200);
});

describe('signing in to a tenant', () => {
  const json = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() as Record<string, unknown> };
  };
  const signIn = async (username: string, password: string, tenant?: string) =>
    json('POST', '/api/auth/login', undefined, { username, password, ...(tenant ? { tenant } : {}) });

  test("a member signs in to the tenant with its roles there, and sees and writes that tenant's data only", async () => {
    await service.database.db.update(tenants).set({ status: 'active' }).where(sql`${tenants.id} = ${acme}`);
    service = await service.restart();
    const admin = (await signIn(TEST_ADMIN.username, TEST_ADMIN.password)).body.access_token as string;
    const created = await json('POST', '/api/users', admin, { username: 'wile', email: 'wile@acme.test', password: 'coyote-password-1', roles: [] });
    expect(created.status).toBe(201);
    expect((await json('PUT', `/api/tenants/${acme}/members/${created.body.id as string}`, admin, { roles: ['supervisor'] })).status).toBe(200);

    // Not a member of the default tenant's data: no role there; a member of acme's with its membership's roles.
    expect((await signIn('wile', 'coyote-password-1', 'globex')).status).toBe(403);
    const login = await signIn('wile', 'coyote-password-1', 'acme');
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;

    const team = { shortcut: 'hours', title: 'Hours', content: 'We open at nine.', scope: 'team' };
    const added = await json('POST', '/api/attendance/canned-responses', token, team);
    expect(added).toMatchObject({ status: 201 });
    expect((await json('POST', '/api/attendance/canned-responses', admin, { ...team, content: 'Default hours' })).status).toBe(201);
    const mine = await json('GET', '/api/attendance/canned-responses', token);
    expect((mine.body.canned_responses as { content: string }[]).map((r) => r.content)).toEqual(['We open at nine.']);
    const theirs = await json('GET', '/api/attendance/canned-responses', admin);
    expect((theirs.body.canned_responses as { content: string }[]).map((r) => r.content)).toEqual(['Default hours']);
    // The token is acme's: another tenant's address refuses it.
    expect((await json('GET', '/t/default/api/attendance/canned-responses', token)).status).toBe(403);
  });

  test("one person with a console in each of two tenants gets each tenant's live frames on that tenant's console only", async () => {
    const url = (token: string) => `${service.url.replace(/^http/, 'ws')}${ATTENDANCE_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
    // One person in both tenants: the same user, a token for each.
    const admin = (await signIn(TEST_ADMIN.username, TEST_ADMIN.password)).body.access_token as string;
    const user = await json('POST', '/api/users', admin, { username: 'road', email: 'road@acme.test', password: 'runner-password-1', roles: ['supervisor'] });
    await json('PUT', `/api/tenants/${acme}/members/${user.body.id as string}`, admin, { roles: ['supervisor'] });
    const home = (await signIn('road', 'runner-password-1')).body.access_token as string;
    const away = (await signIn('road', 'runner-password-1', 'acme')).body.access_token as string;
    const sockets: WebSocket[] = [];
    const [defaultConsole, acmeConsole] = [connectFrameSocket(url(home), sockets), connectFrameSocket(url(away), sockets)];
    await Promise.all([defaultConsole.opened, acmeConsole.opened]);
    const publish = (tenant: string, marker: string) => runAsTenant(tenant, () =>
      service.bus.publish(ATTENDANCE_LIVE_TOPIC, { recipients: { everyone: true }, frame: { type: 'queue_changed', marker } }));
    // A console is listening once the server has registered it, a moment after the socket opens: publish until it hears.
    const heard = async (console: ReturnType<typeof connectFrameSocket>, tenant: string, marker: string) => {
      for (let i = 0; i < 50 && !console.frames.some((f) => f.marker === marker); i++) {
        await publish(tenant, marker);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return console.next((f) => f.marker === marker, marker);
    };
    await heard(acmeConsole, acme, 'acme-1');
    await heard(defaultConsole, DEFAULT_TENANT_ID, 'default-1');
    // Both published together: each console gets its tenant's, never the other's.
    await Promise.all([publish(acme, 'acme-2'), publish(DEFAULT_TENANT_ID, 'default-2')]);
    await acmeConsole.next((f) => f.marker === 'acme-2', 'acme-2');
    await defaultConsole.next((f) => f.marker === 'default-2', 'default-2');
    const markers = (console: ReturnType<typeof connectFrameSocket>) => [...new Set(console.frames.map((f) => f.marker).filter(Boolean))];
    expect(markers(acmeConsole)).toEqual(['acme-1', 'acme-2']);
    expect(markers(defaultConsole)).toEqual(['default-1', 'default-2']);
    for (const ws of sockets) ws.terminate();
  });
});

test("a tenant's bots past its max_bots are not loaded, in the order of their names; the others answer", async () => {
  await service.database.db.update(tenants).set({ max_bots: 1 }).where(sql`${tenants.id} = ${acme}`);
  service = await service.restart();
  expect((await say('/api/channels/web/acme-sales/messages', 'hi')).status).toBe(200);
  const beyond = await say('/t/acme/api/channels/web/support/messages', 'hi');
  expect(beyond.status).toBe(404);
  expect((await say('/api/channels/web/support/messages', 'hi')).status).toBe(200);
  expect(service.bots.filter((b) => b.tenantId === acme).map((b) => b.name)).toEqual(['acme-sales']);
});
