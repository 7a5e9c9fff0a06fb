import { eq } from 'drizzle-orm';
import { createSessionsRepo } from '../../db/index.js';
import { crmContactIdentities, crmContacts } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// Matching and the contact keywords through the real service (app/crm.ts wires the CRM into the
// engine and the script host): a web visitor of a bot with crm-create-contacts becomes a contact
// in their first turn; a script's SET CONTACT and ADD TAG make and change the contact.

let service: TestService;
let bots: TestBots;

beforeAll(async () => {
  bots = await createTestBots('sb-crm-match-bots-');
  await bots.add('welcome', { 'crm-create-contacts': 'true' }, 'TALK "hello " & NVL(GET SESSION("customer_name"), "you")\n');
  await bots.add('tagger', {}, 'SET CONTACT "tier", "premium"\nADD TAG "web-lead"\nc = GET CONTACT\nTALK c.tier & " " & JOIN(c.tags, ",")\n');
  await bots.add('closed', { 'crm-enabled': 'false', 'crm-create-contacts': 'true' }, 'TALK "hi"\n');
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

async function firstMessage(bot: string, body: Record<string, unknown>): Promise<{ session_id: string; session_token: string; replies: { text: string }[] }> {
  const res = await fetch(`${service.url}/api/channels/web/${bot}/messages`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { session_id: string; session_token: string; replies: { text: string }[] };
}

const session = async (id: string) => (await createSessionsRepo(service.database.db).findById(id))!;

test('a web visitor of a bot that creates contacts becomes one, named as they typed, in their first turn', async () => {
  const first = await firstMessage('welcome', { text: 'hi', user_name: 'Ana Lima' });
  expect(first.replies.map((r) => r.text)).toEqual(['hello Ana Lima']);
  const row = await session(first.session_id);
  expect(row.customer_id).not.toBeNull();
  const [contact] = await service.database.db.select().from(crmContacts).where(eq(crmContacts.id, row.customer_id!));
  expect(contact).toMatchObject({ first_name: 'Ana', last_name: 'Lima' });
  const identities = await service.database.db.select().from(crmContactIdentities).where(eq(crmContactIdentities.contact_id, contact!.id));
  expect(identities.map((i) => [i.channel, i.external_id])).toEqual([['web', row.external_user_id]]);

  await sayOnWeb(service.url, 'welcome', 'again', first.session_token);
  expect((await session(first.session_id)).customer_id).toBe(contact!.id);
});

test('SET CONTACT and ADD TAG make the contact of a conversation that has none, and change it', async () => {
  const first = await firstMessage('tagger', { text: 'hi' });
  expect(first.replies.map((r) => r.text)).toEqual(['premium web-lead']);
  const row = await session(first.session_id);
  const [contact] = await service.database.db.select().from(crmContacts).where(eq(crmContacts.id, row.customer_id!));
  expect(contact).toMatchObject({ tier: 'premium', tags: ['web-lead'] });
  expect(row.context_data).toMatchObject({ customer_tier: 'premium' });
});

test('crm-enabled false: no contact is made', async () => {
  const first = await firstMessage('closed', { text: 'hi', user_name: 'Nobody' });
  expect((await session(first.session_id)).customer_id).toBeNull();
  const bot = await service.database.db.query.bots.findFirst({ where: (b, { eq: is }) => is(b.name, 'closed') });
  expect(await service.database.db.select().from(crmContacts).where(eq(crmContacts.bot_id, bot!.id))).toEqual([]);
});
