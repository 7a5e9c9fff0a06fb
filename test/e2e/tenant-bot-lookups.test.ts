import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { callService, type TestService } from '../support/service.js';
import { startServiceWithTenant, type Headers } from '../support/tenant-kit.js';

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

const call = (method: string, path: string, headers: Headers, body?: unknown) => callService<{ error?: string } & Record<string, unknown>>(service, method, path, headers, body);

const botIdOf = (tenantId: string, name: string) => runAsTenant(tenantId, async () =>
  rowsOf<{ id: string }>(await service.database.db.execute(sql`select id::text as id from bots where name = ${name}`))[0]!.id);

beforeAll(async () => {
  bots = await createTestBots();
  // The CRM on, so the campaigns' routes answer for the bots.
  await bots.add('home-desk', { 'crm-enabled': 'true' });
  await bots.add('acme-desk', { 'crm-enabled': 'true' }, undefined, { tenant: 'acme' });
  const started = await startServiceWithTenant({ env: { BOTS_DIR: bots.dir }, slug: 'acme', member: { username: 'acme-boss', roles: ['admin'] } });
  service = started.service;
  sides.push(
    { slug: 'default', bot: 'home-desk', botId: await botIdOf(DEFAULT_TENANT_ID, 'home-desk'), headers: started.admin },
    { slug: 'acme', bot: 'acme-desk', botId: await botIdOf(started.tenantId, 'acme-desk'), headers: started.member },
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
