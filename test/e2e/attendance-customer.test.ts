import { eq } from 'drizzle-orm';
import { createSessionsRepo } from '../../db/index.js';
import { crmContactIdentities, crmContacts, sessions } from '../../db/schema/index.js';
import { startKit, type Kit, type User } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';

// What attendants see of a customer (docs/crm.md, "What attendants see"): the display name, the
// fields of attendance-customer-fields, and the tags and note they keep on the CRM contact.
const FIELDS = 'name, email, tier, ltv, tags, campaign_name, utm_source';

let bots: TestBots;
let kit: Kit;
let ana: User;
let author: User;
beforeAll(async () => {
  bots = await createTestBots('sb-customer-bots-');
  await bots.add('default', { 'attendance-customer-fields': FIELDS, 'attendance-auto-assign': 'false' });
  kit = await startKit({ BOTS_DIR: bots.dir });
  ana = await kit.user('ana', ['attendant']);
  author = await kit.user('carl', ['author']);
  await kit.command(ana.headers, '/status online');
});
afterAll(async () => {
  await kit.service.dispose();
  await bots.remove();
});

interface View { contact_id: string | null; name: string; fields: { key: string; label: string; value: unknown }[]; tags: string[]; note: string | null }
const view = async (sessionId: string, headers = ana.headers) => kit.call('GET', `/api/attendance/sessions/${sessionId}/customer`, headers);
const edit = async (sessionId: string, body: unknown, headers = ana.headers) => kit.call('PATCH', `/api/attendance/sessions/${sessionId}/customer`, headers, body);
const db = () => kit.service.database.db;

describe(`what attendants see of a customer (${testDriversLabel()})`, () => {
  test('a nameless customer is channel and short id; /context and the panel follow attendance-customer-fields', async () => {
    const { sessionId } = await kit.handoff();
    const anonymous = new RegExp(`^web · ${sessionId.slice(0, 6)}$`);
    expect((await kit.item(sessionId) as unknown as { user_name: string }).user_name).toMatch(anonymous);
    await kit.command(ana.headers, '/take', sessionId);

    // What the channel and the bot's script kept in the session.
    await createSessionsRepo(db()).update(sessionId, {
      context_patch: {
        customer_name: 'Maria Souza', customer_email: 'maria@example.com', customer_tier: 'gold', customer_lifetime_value: 250,
        campaign_name: 'Black Friday', utm_source: 'facebook', segment: 'returning',
      },
    });
    expect((await kit.item(sessionId) as unknown as { user_name: string; user_email: string }))
      .toMatchObject({ user_name: 'Maria Souza', user_email: 'maria@example.com' });

    const context = (await kit.command(ana.headers, '/context', sessionId)).reply.split('\n');
    expect(context).toEqual([
      'Customer: Maria Souza', 'Email: maria@example.com', 'Tier: gold', 'Lifetime value: 250', 'Tags: —', 'Campaign: Black Friday',
      'UTM source: facebook', 'Channel: web', expect.stringMatching(/^Transfer reason: /), 'Last message: I want a person',
    ]);

    const shown = await view(sessionId);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      session_id: sessionId, channel: 'web', contact_id: null, name: 'Maria Souza', tags: [], note: null,
      fields: [
        { key: 'name', label: 'Name', value: 'Maria Souza' },
        { key: 'email', label: 'Email', value: 'maria@example.com' },
        { key: 'tier', label: 'Tier', value: 'gold' },
        { key: 'ltv', label: 'Lifetime value', value: 250 },
        { key: 'tags', label: 'Tags', value: [] },
        { key: 'campaign_name', label: 'Campaign', value: 'Black Friday' },
        { key: 'utm_source', label: 'UTM source', value: 'facebook' },
      ],
    });
  });

  test('tags and a note: the first edit makes a contact linked to the session; later edits change it; /context shows them', async () => {
    const { sessionId } = await kit.handoff();
    await createSessionsRepo(db()).update(sessionId, { context_patch: { customer_name: 'João Lima', customer_email: 'Joao@Example.com' } });

    const first = await edit(sessionId, { tags: ['vip', ' VIP ', 'late order'], note: 'Called twice about the refund' });
    expect(first.status).toBe(200);
    const made = first.body as unknown as View;
    expect(made).toMatchObject({ name: 'João Lima', tags: ['vip', 'late order'], note: 'Called twice about the refund', contact_id: expect.any(String) });
    const [contact] = await db().select().from(crmContacts).where(eq(crmContacts.id, made.contact_id!));
    expect(contact).toMatchObject({ first_name: 'João Lima', email: 'joao@example.com', tags: ['vip', 'late order'], note: 'Called twice about the refund' });
    const [session] = await db().select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.customer_id).toBe(made.contact_id);
    const identities = await db().select().from(crmContactIdentities).where(eq(crmContactIdentities.contact_id, made.contact_id!));
    expect(identities).toEqual([expect.objectContaining({ channel: 'web', external_id: session!.external_user_id })]);

    // The contact's name now leads; the note is kept when only the tags change, and cleared by null.
    await db().update(crmContacts).set({ first_name: 'João', last_name: 'Lima Neto' }).where(eq(crmContacts.id, made.contact_id!));
    const second = await edit(sessionId, { tags: ['vip'] });
    expect(second.body).toMatchObject({ contact_id: made.contact_id, name: 'João Lima Neto', tags: ['vip'], note: 'Called twice about the refund' });
    await kit.command(ana.headers, '/take', sessionId);
    const context = (await kit.command(ana.headers, '/context', sessionId)).reply;
    expect(context).toContain('Customer: João Lima Neto\n');
    expect(context).toContain('\nTags: vip\n');
    expect(context).toContain('\nNote: Called twice about the refund\n');
    expect((await edit(sessionId, { note: null })).body).toMatchObject({ note: null, tags: ['vip'] });
    expect(await db().select().from(crmContacts).where(eq(crmContacts.email, 'joao@example.com'))).toHaveLength(1);

    // The CRM attendance log keeps the customer as the attendant saw them.
    expect(await kit.command(ana.headers, '/resolve', sessionId)).toMatchObject({ ok: true });
    const log = await kit.call('GET', `/api/attendance/crm-log?session_id=${sessionId}`, kit.admin);
    expect((log.body as unknown as { fields: Record<string, unknown> }[])[0]!.fields.customer).toEqual({
      name: 'João Lima Neto', email: 'joao@example.com', tier: null, ltv: null, tags: ['vip'], campaign_name: null, utm_source: null,
    });
  });

  test('an edit of a customer whose email a contact already has links that contact instead of making another', async () => {
    const [existing] = await db().insert(crmContacts)
      .values({ bot_id: kit.defaultBotId(), first_name: 'Rita', last_name: 'Alves', email: 'rita@example.com', tags: ['old'] }).returning();
    const { sessionId } = await kit.handoff();
    await createSessionsRepo(db()).update(sessionId, { context_patch: { customer_email: 'rita@example.com' } });
    const answer = await edit(sessionId, { tags: ['old', 'returning'] });
    expect(answer.body).toMatchObject({ contact_id: existing!.id, name: 'Rita Alves', tags: ['old', 'returning'] });
  });

  test('refusals: a role that does not attend, an unknown conversation, an empty or oversized edit', async () => {
    const { sessionId } = await kit.handoff();
    expect((await view(sessionId, author.headers)).status).toBe(403);
    expect((await edit(sessionId, { tags: ['x'] }, author.headers)).status).toBe(403);
    expect((await view('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await edit('00000000-0000-4000-8000-000000000000', { tags: ['x'] })).body).toMatchObject({ error: 'session_not_found' });
    const empty = await edit(sessionId, {});
    expect(empty).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect((await edit(sessionId, { tags: ['x'.repeat(51)] })).status).toBe(400);
    expect((await edit(sessionId, { note: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await view(sessionId)).body).toMatchObject({ contact_id: null });
  });

  test('the OpenAPI document describes both calls with their schemas and errors', async () => {
    type Operation = { requestBody?: { content: Record<string, { schema: { $ref?: string } }> }; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
    const doc = (await kit.call('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
    const path = doc.paths['/api/attendance/sessions/{session_id}/customer']!;
    expect(path.get!.responses['200']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/AttendanceCustomerView');
    expect(path.patch!.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/AttendanceCustomerNotesRequest');
    expect(Object.keys(path.patch!.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    expect(doc.components.schemas).toHaveProperty('AttendanceCustomerField');
  });
});
