import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * A bot is its tenant's (docs/operations/tenants.md, "Bots"): a signed-in route that takes a bot's
 * id or name answers for the request's tenant's bots, and another tenant's bot is 404 exactly as
 * an unknown one, whichever tenant asks; the public addresses that name the bot still reach it.
 * On the embedded drivers and, in CI's second pass, on PostgreSQL and Redis.
 */

interface Side {
  slug: string;
  bot: string;
  botId: string;
  headers: Record<string, string>;
}

let bots: TestBots;
let service: TestService;
const sides: Side[] = [];

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: { error?: string } & Record<string, unknown> }> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() as { error?: string } };
}

const botIdOf = (tenantId: string, name: string) => runAsTenant(tenantId, async () =>
  rowsOf<{ id: string }>(await service.database.db.execute(sql`select id::text as id from bots where name = ${name}`))[0]!.id);

beforeAll(async () => {
  bots = await createTestBots();
  // The CRM on, so the campaigns' routes answer for the bots.
  await bots.add('home-desk', { 'crm-enabled': 'true' });
  await bots.add('acme-desk', { 'crm-enabled': 'true' }, undefined, { tenant: 'acme' });
  service = await startTestService({ BOTS_DIR: bots.dir });
  const admin = await call('POST', '/api/auth/login', {}, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
  const adminHeaders = { authorization: `Bearer ${admin.body.access_token as string}` };
  const tenant = (await call('POST', '/api/tenants', adminHeaders, { slug: 'acme' })).body as { id: string };
  // The tenant's bots load at the next start.
  service = await service.restart();
  const boss = (await call('POST', '/api/users', adminHeaders, { username: 'acme-boss', email: 'boss@acme.test', password: 'acme-password-1', roles: [] })).body as { id: string };
  await call('PUT', `/api/tenants/${tenant.id}/members/${boss.id}`, adminHeaders, { roles: ['admin'] });
  const acmeLogin = await call('POST', '/api/auth/login', {}, { username: 'acme-boss', password: 'acme-password-1', tenant: 'acme' });
  sides.push(
    { slug: 'default', bot: 'home-desk', botId: await botIdOf(DEFAULT_TENANT_ID, 'home-desk'), headers: adminHeaders },
    { slug: 'acme', bot: 'acme-desk', botId: await botIdOf(tenant.id, 'acme-desk'), headers: { authorization: `Bearer ${acmeLogin.body.access_token as string}` } },
  );
}, 120_000);
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

/** Routes of two areas that take a bot by id or name: attendance's canned responses, the CRM's campaigns. */
const ROUTES = ['/api/attendance/canned-responses?bot=', '/api/crm/campaigns?bot='];

describe(`a bot named by id or name in a signed-in request (${testDriversLabel()})`, () => {
  test.each([[0, 1], [1, 0]])('side %i finds its own bot, and side %i\'s is as unknown as no bot', async (mine, theirs) => {
    const [me, them] = [sides[mine]!, sides[theirs]!];
    const status = async (route: string, bot: string) => {
      const { status, body } = await call('GET', `${route}${encodeURIComponent(bot)}`, me.headers);
      return `${status} ${body.error ?? ''}`.trim();
    };
    for (const route of ROUTES) {
      expect([await status(route, me.bot), await status(route, me.botId)]).toEqual(['200', '200']);
      const unknown = await status(route, 'no-such-bot');
      expect(unknown).toBe('404 bot_not_found');
      expect([await status(route, them.bot), await status(route, them.botId)]).toEqual([unknown, unknown]);
    }
  });

  test("a public address that names a bot still reaches it, in its tenant", async () => {
    for (const side of sides) {
      const chat = await call('POST', `/api/channels/web/${side.bot}/messages`, {}, { text: 'hello' });
      expect(chat.status).toBe(200);
    }
    // Under the tenant's own address too.
    expect((await call('POST', '/t/acme/api/channels/web/acme-desk/messages', {}, { text: 'hello' })).status).toBe(200);
  });
});
