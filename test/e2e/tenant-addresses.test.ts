import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.js';
import { tenants } from '../../db/schema/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';

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
