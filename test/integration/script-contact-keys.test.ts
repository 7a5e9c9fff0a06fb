import { eq } from 'drizzle-orm';
import { customerDirectory, scriptContacts } from '../../app/crm.js';
import { createSessionsRepo } from '../../db/index.js';
import { crmContactIdentities, crmContacts } from '../../db/schema/index.js';
import { ENGINE_EVENTS, type InboundMessage } from '../../engine/index.js';
import { EngineHarness, inbound, TestAdapter, type RunningEngine } from '../support/engine-kit.js';

// What a script sets on the conversation (docs/crm.md, "Script keys and keywords"): every session
// key a script may set, each with its effect, and the contact keywords GET CONTACT, SET CONTACT and
// ADD TAG on the CRM's contacts, through the engine and the script host on the test database.

let harness: EngineHarness;
let running: RunningEngine;

const KEYS = [
  'SET SESSION "voice_response", TRUE',
  'SET SESSION "campaign_id", "spring-24"',
  'SET SESSION "lead_source", "instagram"',
  'SET SESSION "meeting_room", "room-7"',
  'SET SESSION "meeting_url", "https://meet.example.com/room-7"',
  'SET SESSION "customer_name", "Maria Souza"',
  'SET SESSION "customer_tier", "gold"',
  'SET SESSION "customer_lifetime_value", 1234.5',
  'TALK "noted"',
  'HEAR later',
  'SET SESSION "needs_human", TRUE',
  'TALK "a person will answer"',
].join('\n');

const CONTACT = [
  'c = GET CONTACT',
  'IF ISNULL(c) THEN',
  '  TALK "no contact"',
  'ELSE',
  '  TALK "tier " & NVL(c.tier, "none")',
  'END IF',
  'SET CONTACT "tier", "Gold"',
  'SET CONTACT "email", " Maria@Example.com "',
  'SET CONTACT "ltv", 980',
  'SET CONTACT "favourite_colour", "blue"',
  'ADD TAG "VIP"',
  'ADD TAG "vip"',
  'c = GET CONTACT',
  'TALK c.name & "|" & c.tier & "|" & c.email & "|" & JOIN(c.tags, ",") & "|" & c.custom_fields.favourite_colour & "|" & c.ltv',
].join('\n');

const NEW_CONTACT = [
  'c = GET CONTACT',
  'TALK IIF(ISNULL(c), "no contact", "contact")',
  'SET CONTACT "name", "Rui Costa"',
  'SET CONTACT "phone", "+351 912 345 678"',
  'c = GET CONTACT',
  'TALK c.first_name & " " & c.last_name & " " & c.phone',
].join('\n');

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'keys', scripts: { start: KEYS } });
  await harness.addBot({ name: 'contact', scripts: { start: CONTACT } });
  await harness.addBot({ name: 'new-contact', scripts: { start: NEW_CONTACT } });
  await harness.addBot({ name: 'bad-tier', scripts: { start: 'SET CONTACT "tier", "platinum"\nTALK "unreachable"' } });
  running = await harness.startEngine({
    customers: customerDirectory(harness.database.db), capabilities: { contacts: scriptContacts(harness.database.db) },
    adapters: [new TestAdapter('sms'), new TestAdapter('bot_msg'), new TestAdapter('web')],
  });
});
afterAll(async () => {
  await harness?.close();
});

const session = async (id: string | null) => (await createSessionsRepo(harness.database.db).findById(id!))!;
const texts = (answer: { replies: { text: string }[] }) => answer.replies.map((r) => r.text);

function smsFrom(bot: string, phone: string, text: string): InboundMessage {
  return { ...inbound(bot, text, { channel: 'sms', customer: phone }), customer: { external_id: phone, phone } };
}

test('every session key a script may set lands in context_data; voice_response speaks, needs_human hands off with them', async () => {
  const first = await running.engine.receive(inbound('keys', 'hello', { customer: 'keys-visitor' }));
  expect(first.replies.map((r) => [r.text, r.voice_reply])).toEqual([['noted', true]]);
  const context = {
    voice_response: true, campaign_id: 'spring-24', lead_source: 'instagram', meeting_room: 'room-7',
    meeting_url: 'https://meet.example.com/room-7', customer_name: 'Maria Souza', customer_tier: 'gold', customer_lifetime_value: 1234.5,
  };
  expect((await session(first.session_id)).context_data).toMatchObject(context);
  expect((await session(first.session_id)).needs_human).toBe(false);

  const second = await running.engine.receive(inbound('keys', 'later', { customer: 'keys-visitor' }));
  expect(second).toMatchObject({ status: 'processed', needs_human: true });
  const row = await session(second.session_id);
  expect(row.needs_human).toBe(true);
  expect(row.context_data).toMatchObject({ ...context, needs_human: true });
  // Attendance learns of the hand-over with the session as the turn left it: the keys reach attendants.
  await harness.eventsHandled(row.id);
  const handedOff = running.events.find((e) => e.name === ENGINE_EVENTS.handedOff && e.session_id === row.id);
  expect(handedOff?.payload).toMatchObject({ session: { needs_human: true, context_data: context } });
});

test('GET CONTACT reads the matched contact; SET CONTACT and ADD TAG change it and the keys attendants see', async () => {
  const [maria] = await harness.database.db.insert(crmContacts)
    .values({ bot_id: harness.bots.get('contact')!.id, first_name: 'Maria', last_name: 'Souza', phone: '+5511912345678', tier: 'standard' }).returning();
  const answer = await running.engine.receive(smsFrom('contact', '+5511912345678', 'hi'));
  expect(texts(answer)).toEqual(['tier standard', 'Maria Souza|gold|maria@example.com|vip|blue|980']);
  const [stored] = await harness.database.db.select().from(crmContacts).where(eq(crmContacts.id, maria!.id));
  expect(stored).toMatchObject({ tier: 'gold', email: 'maria@example.com', ltv: 980, tags: ['vip'], custom_fields: { favourite_colour: 'blue' } });
  expect((await session(answer.session_id)).context_data).toMatchObject({
    customer_name: 'Maria Souza', customer_tier: 'gold', customer_email: 'maria@example.com', customer_lifetime_value: 980,
  });
});

test('SET CONTACT on a conversation without a contact makes one with the channel identity and links the session', async () => {
  const answer = await running.engine.receive(inbound('new-contact', 'hi', { channel: 'bot_msg', customer: '5550101' }));
  expect(texts(answer)).toEqual(['no contact', 'Rui Costa +351912345678']);
  const row = await session(answer.session_id);
  expect(row.customer_id).not.toBeNull();
  expect(row.context_data).toMatchObject({ customer_name: 'Rui Costa', customer_phone: '+351912345678' });
  const ids = await harness.database.db.select().from(crmContactIdentities).where(eq(crmContactIdentities.contact_id, row.customer_id!));
  expect(ids.map((i) => [i.channel, i.external_id])).toEqual([['bot_msg', '5550101']]);
});

test('a value the contact cannot take stops the script and changes nothing', async () => {
  await harness.database.db.insert(crmContacts).values({ bot_id: harness.bots.get('bad-tier')!.id, phone: '+5511933334444', tier: 'standard' });
  const answer = await running.engine.receive(smsFrom('bad-tier', '+5511933334444', 'hi'));
  expect(texts(answer)).not.toContain('unreachable');
  const [stored] = await harness.database.db.select().from(crmContacts).where(eq(crmContacts.phone, '+5511933334444'));
  expect(stored!.tier).toBe('standard');
});
