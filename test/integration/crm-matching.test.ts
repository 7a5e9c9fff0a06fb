import { eq } from 'drizzle-orm';
import { customerDirectory } from '../../app/crm.js';
import { createSessionsRepo } from '../../db/index.js';
import { crmContactIdentities, crmContacts, sessions } from '../../db/schema/index.js';
import type { CustomerDirectory, InboundMessage } from '../../engine/index.js';
import { EngineHarness, inbound, TestAdapter, type RunningEngine } from '../support/engine-kit.js';

// A conversation's CRM contact (docs/crm.md, "Matching a conversation to its contact"), through
// the engine on the test database: matched in the session's first turn, written with that turn,
// never looked up again on the continuing turns.

let harness: EngineHarness;
let running: RunningEngine;
let lookups: number;

const ECHO = 'TALK "hi " & NVL(GET SESSION("customer_name"), "stranger")\n';

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'crm-match', scripts: { start: ECHO } });
  await harness.addBot({ name: 'crm-create', scripts: { start: ECHO }, config: { 'crm-create-contacts': true } });
  await harness.addBot({ name: 'crm-off', scripts: { start: ECHO }, config: { 'crm-enabled': false, 'crm-create-contacts': true } });
  const directory = customerDirectory(harness.database.db);
  const counted: CustomerDirectory = {
    match: (lookup) => {
      lookups += 1;
      return directory.match(lookup);
    },
  };
  running = await harness.startEngine({ customers: counted, adapters: ['sms', 'bot_msg', 'workchat', 'web'].map((c) => new TestAdapter(c as never)) });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  lookups = 0;
});

const botId = (name: string) => harness.bots.get(name)!.id;
const session = async (id: string | null) => (await createSessionsRepo(harness.database.db).findById(id!))!;

async function contact(bot: string, values: Partial<typeof crmContacts.$inferInsert>): Promise<string> {
  const [row] = await harness.database.db.insert(crmContacts).values({ bot_id: botId(bot), ...values }).returning();
  return row!.id;
}

function smsFrom(bot: string, phone: string, text: string): InboundMessage {
  return { ...inbound(bot, text, { channel: 'sms', customer: phone }), customer: { external_id: phone, phone } };
}

test('an sms number matches the contact with that phone: customer_id, and the contact gives the session its name', async () => {
  const id = await contact('crm-match', { first_name: 'Maria', last_name: 'Souza', phone: '+5511912345678' });
  const first = await running.engine.receive(smsFrom('crm-match', '+5511912345678', 'hello'));
  expect(first.replies.map((r) => r.text)).toEqual(['hi Maria Souza']); // the script reads it in the same turn
  const row = await session(first.session_id);
  expect(row.customer_id).toBe(id);
  expect(row.context_data).toMatchObject({ customer_name: 'Maria Souza', customer_phone: '+5511912345678' });
  expect(lookups).toBe(1);

  // Continuing turns never ask the directory again.
  await running.engine.receive(smsFrom('crm-match', '+5511912345678', 'again'));
  await running.engine.receive(smsFrom('crm-match', '+5511912345678', 'and again'));
  expect(lookups).toBe(1);
});

test('an unmatched session is looked up once, not on every message', async () => {
  const first = await running.engine.receive(smsFrom('crm-match', '+5511900000001', 'hello'));
  expect((await session(first.session_id)).customer_id).toBeNull();
  await running.engine.receive(smsFrom('crm-match', '+5511900000001', 'again'));
  expect(lookups).toBe(1);
});

test('with crm-create-contacts a new customer becomes a contact with the channel name and identity; the next conversation finds it', async () => {
  const message = { ...inbound('crm-create', 'hello', { channel: 'bot_msg', customer: '777001', name: 'Rui Costa' }) };
  const first = await running.engine.receive(message);
  const row = await session(first.session_id);
  expect(row.customer_id).not.toBeNull();
  const [created] = await harness.database.db.select().from(crmContacts).where(eq(crmContacts.id, row.customer_id!));
  expect(created).toMatchObject({ first_name: 'Rui', last_name: 'Costa', bot_id: botId('crm-create') });
  const ids = await harness.database.db.select().from(crmContactIdentities).where(eq(crmContactIdentities.contact_id, created!.id));
  expect(ids.map((i) => [i.channel, i.external_id])).toEqual([['bot_msg', '777001']]);

  // The conversation ends; the customer comes back later (on a fresh instance, which remembers no session).
  await harness.database.db.update(sessions).set({ status: 'closed' }).where(eq(sessions.id, first.session_id!));
  const later = await harness.startEngine({ customers: customerDirectory(harness.database.db), adapters: [new TestAdapter('bot_msg')] });
  const second = await later.engine.receive(inbound('crm-create', 'back again', { channel: 'bot_msg', customer: '777001' }));
  expect(second.session_id).not.toBe(first.session_id);
  expect((await session(second.session_id)).customer_id).toBe(created!.id);
  expect((await harness.database.db.select().from(crmContacts).where(eq(crmContacts.bot_id, botId('crm-create')))).length).toBe(1);
});

test('workchat matches by the AAD object id', async () => {
  const id = await contact('crm-match', { first_name: 'Carla', email: 'carla@example.com' });
  await harness.database.db.insert(crmContactIdentities).values({ bot_id: botId('crm-match'), contact_id: id, channel: 'workchat', external_id: 'aad-carla' });
  const message = inbound('crm-match', 'hi', { channel: 'workchat', customer: 'a:conv-carla' });
  const answer = await running.engine.receive({ ...message, customer: { ...message.customer, directory_id: 'aad-carla' } });
  const row = await session(answer.session_id);
  expect(row.customer_id).toBe(id);
  expect(row.context_data).toMatchObject({ customer_name: 'Carla', customer_email: 'carla@example.com' });
});

test('the channel name stays when the session has one; the crm-enabled false bot never matches', async () => {
  await contact('crm-off', { first_name: 'Zed', phone: '+5511955554444' });
  const off = await running.engine.receive(smsFrom('crm-off', '+5511955554444', 'hello'));
  expect((await session(off.session_id)).customer_id).toBeNull();
  expect(lookups).toBe(0);
  expect((await harness.database.db.select().from(crmContacts).where(eq(crmContacts.bot_id, botId('crm-off')))).length).toBe(1);
});
