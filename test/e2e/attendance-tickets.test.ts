import { createCrmRepo, createQueuesRepo, createSessionsRepo, type ContactRow } from '../../db/index.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }
interface Ticket {
  id: string; session_id: string; ticket_number: number; subject: string; description: string | null; status: string;
  priority: string; category: string | null; assigned_to: string | null; attendant_id: string | null; created_at: string;
  updated_at: string; resolved_at: string | null; channel: string | null; customer_id: string | null;
  contact_phone: string | null; contact_email: string | null; tags: string[] | null; custom_fields: Record<string, unknown> | null;
}
interface Deal { id: string; name: string; value: number | null; stage: string | null; contact_id: string | null; owner_id: string | null }
interface TicketList { tickets: Ticket[]; total: number; page: number; limit: number }
type Headers = { authorization: string };
interface User { id: string; headers: Headers }

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PHONE = '+14155550123';

let service: TestService;
let admin: Headers;
let tia: User; // attendant, member of the web queue
let tom: User; // attendant, member of another queue
let sue: User; // supervisor
let carl: User; // author only
let session: string;
let customerToken: string;
let contact: ContactRow;

const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });

async function call(method: string, path: string, headers: Partial<Headers>, body?: unknown): Promise<Response> {
  return fetch(`${service.url}${path}`, { method, headers: json(headers), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function errorOf(res: Response, status: number): Promise<{ error: string } & Record<string, unknown>> {
  expect(res.status).toBe(status);
  return (await res.json()) as { error: string } & Record<string, unknown>;
}

async function say(text: string, token?: string): Promise<Answer> {
  const res = await call('POST', '/api/channels/web/default/messages', {}, { text, ...(token ? { session_token: token } : {}) });
  return ok<Answer>(res);
}

async function createUser(username: string, roles: string[]): Promise<User> {
  const password = 'password-for-tests';
  const { id } = await ok<{ id: string }>(
    await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles }), 201);
  return { id, headers: await bearerFor(service.url, username, password) };
}

async function command(user: User, text: string): Promise<{ ok: boolean; reply: string }> {
  return ok(await call('POST', '/api/attendance/commands', user.headers, { text }));
}

const createTicket = async (user: User, body: Record<string, unknown>) =>
  ok<Ticket>(await call('POST', '/api/attendance/tickets', user.headers, { session_id: session, ...body }), 201);
const list = async (user: User, query = '') => ok<TicketList>(await call('GET', `/api/attendance/tickets${query}`, user.headers));

beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  [tia, tom, sue, carl] = [
    await createUser('tia', ['attendant']), await createUser('tom', ['attendant']),
    await createUser('sue', ['supervisor']), await createUser('carl', ['author']),
  ];
  const db = service.database.db;
  const queues = createQueuesRepo(db);
  const web = await queues.create({ name: 'Web', channels: ['web'] });
  const other = await queues.create({ name: 'WhatsApp', channels: ['whatsapp'] });
  await queues.addMember({ queue_id: web.id, user_id: tia.id });
  await queues.addMember({ queue_id: other.id, user_id: tom.id });
  expect((await command(tia, '/status online')).ok).toBe(true);

  // The customer's phone is known before the handoff, so assignment matches the CRM contact by it.
  const first = await say('hi');
  session = first.session_id;
  customerToken = first.session_token;
  const stored = await createSessionsRepo(db).update(session, { context_patch: { phone: PHONE } });
  contact = await createCrmRepo(db).createContact({ bot_id: stored!.bot_id, first_name: 'Ada', phone: PHONE, email: 'ada@example.test' });
  await say('I need a human', customerToken);
  await service.eventsHandled();
  expect(await command(tia, '/take')).toMatchObject({ ok: true });
});
afterAll(async () => { await service.dispose(); });

describe('tickets over REST', () => {
  let first: Ticket;
  let second: Ticket;

  test('create fills the ticket from the session; numbers are serial; get and list with filters and pages', async () => {
    first = await createTicket(tia, { subject: 'Printer broken' });
    expect(first).toMatchObject({
      session_id: session, subject: 'Printer broken', status: 'open', priority: 'normal', category: null, channel: 'web',
      assigned_to: tia.id, attendant_id: tia.id, customer_id: contact.id, contact_phone: PHONE, contact_email: 'ada@example.test',
      resolved_at: null,
    });
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);

    second = await createTicket(tia, {
      subject: 'Invoice copy', category: 'billing', priority: 'high', tags: ['vip'], custom_fields: { order: 42 },
      contact_email: null, assigned_to: null,
    });
    expect(second.ticket_number).toBe(first.ticket_number + 1);
    expect(second).toMatchObject({ category: 'billing', priority: 'high', tags: ['vip'], custom_fields: { order: 42 }, contact_email: null, assigned_to: null });

    expect(await ok<Ticket>(await call('GET', `/api/attendance/tickets/${first.id}`, tia.headers))).toEqual(first);
    const all = await list(tia);
    expect(all).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(all.tickets.map((t) => t.id)).toEqual([second.id, first.id]);
    expect((await list(tia, '?priority=high')).tickets.map((t) => t.id)).toEqual([second.id]);
    expect((await list(tia, `?session_id=${session}&category=billing`)).tickets.map((t) => t.id)).toEqual([second.id]);
    expect((await list(tia, `?assigned_to=${tia.id}&status=open`)).tickets.map((t) => t.id)).toEqual([first.id]);
    const page2 = await list(tia, '?limit=1&page=2');
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page2.tickets.map((t) => t.id)).toEqual([first.id]);
  });

  test('PUT changes fields; status changes follow the table and refused ones answer 409 invalid_transition', async () => {
    const pending = await ok<Ticket & { deal: null }>(
      await call('PUT', `/api/attendance/tickets/${first.id}`, tia.headers, { status: 'pending', description: 'waiting for a part' }));
    expect(pending).toMatchObject({ status: 'pending', description: 'waiting for a part', subject: 'Printer broken', deal: null });
    expect(new Date(pending.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(first.updated_at).getTime());
    expect(await ok<Ticket>(await call('PUT', `/api/attendance/tickets/${first.id}`, tia.headers, { status: 'in_progress' })))
      .toMatchObject({ status: 'in_progress' });
    const refused = await errorOf(await call('PUT', `/api/attendance/tickets/${first.id}`, tia.headers, { status: 'open', subject: 'changed' }), 409);
    expect(refused).toMatchObject({ error: 'invalid_transition', from: 'in_progress', to: 'open' });
    // A refused status change writes nothing.
    expect(await ok<Ticket>(await call('GET', `/api/attendance/tickets/${first.id}`, tia.headers))).toMatchObject({ subject: 'Printer broken' });
  });

  test('visibility: an attendant of another queue sees none of these tickets until one is transferred to them', async () => {
    expect(await list(tom)).toMatchObject({ total: 0, tickets: [] });
    expect((await call('GET', `/api/attendance/tickets/${first.id}`, tom.headers)).status).toBe(403);
    expect((await call('PUT', `/api/attendance/tickets/${first.id}`, tom.headers, { priority: 'low' })).status).toBe(403);
    expect((await call('POST', '/api/attendance/tickets', tom.headers, { session_id: session, subject: 'x' })).status).toBe(403);
    expect((await list(sue)).total).toBe(2);
    expect((await ok<TicketList>(await call('GET', '/api/attendance/tickets', admin))).total).toBe(2);
  });

  test('assign gives a ticket to someone who attends; transfer keeps who and why', async () => {
    const assigned = await ok<Ticket>(await call('POST', `/api/attendance/tickets/${second.id}/assign`, tia.headers, { user_id: sue.id }));
    expect(assigned).toMatchObject({ assigned_to: sue.id, attendant_id: sue.id, status: 'in_progress' });
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${second.id}/assign`, tia.headers, { user_id: carl.id }), 400))
      .toMatchObject({ error: 'not_attendant' });
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${second.id}/assign`, tia.headers, { user_id: UNKNOWN }), 404))
      .toMatchObject({ error: 'user_not_found' });

    const moved = await ok<Ticket>(await call('POST', `/api/attendance/tickets/${first.id}/transfer`, tia.headers, { to_user_id: tom.id, reason: 'night shift' }));
    expect(moved).toMatchObject({ assigned_to: tom.id, attendant_id: tom.id, status: 'in_progress' });
    expect(moved.custom_fields?.transfers).toEqual([expect.objectContaining({ from: tia.id, to: tom.id, by: tia.id, reason: 'night shift' })]);
    expect(await ok<Ticket>(await call('GET', `/api/attendance/tickets/${first.id}`, tom.headers))).toMatchObject({ assigned_to: tom.id });
    expect((await list(tom)).tickets.map((t) => t.id)).toEqual([first.id]);
    // Tia still sees it (her queue's conversation) but no longer holds it.
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${first.id}/transfer`, tia.headers, { to_user_id: sue.id }), 409))
      .toMatchObject({ error: 'not_holder' });
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${first.id}/transfer`, sue.headers, { to_user_id: tom.id }), 409))
      .toMatchObject({ error: 'already_assigned' });
  });

  test('resolving a sales ticket with a CRM contact creates a deal once; reopen and close follow the table', async () => {
    const crm = createCrmRepo(service.database.db);
    await crm.upsertStage({ name: 'won', order_index: 5, probability: 100 });
    await crm.upsertStage({ name: 'lead', order_index: 1, probability: 10 });
    const sale = await createTicket(tia, { subject: 'Wants 10 seats', category: 'sales', custom_fields: { deal_value: 1500 } });

    const resolved = await ok<Ticket & { deal: Deal }>(
      await call('POST', `/api/attendance/tickets/${sale.id}/resolve`, tia.headers, { resolution: 'sold' }));
    expect(resolved).toMatchObject({ status: 'resolved', custom_fields: { deal_value: 1500, resolution: 'sold', deal_id: resolved.deal.id } });
    expect(resolved.resolved_at).not.toBeNull();
    expect(resolved.deal).toMatchObject({
      name: `Ticket #${sale.ticket_number}: Wants 10 seats`, value: 1500, stage: 'lead', contact_id: contact.id, owner_id: tia.id,
    });
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${sale.id}/resolve`, tia.headers, {}), 409))
      .toMatchObject({ error: 'invalid_transition', from: 'resolved', to: 'resolved' });

    const reopened = await ok<Ticket>(await call('PUT', `/api/attendance/tickets/${sale.id}`, tia.headers, { status: 'open' }));
    expect(reopened).toMatchObject({ status: 'open', resolved_at: null });
    const again = await ok<Ticket & { deal: Deal | null }>(await call('PUT', `/api/attendance/tickets/${sale.id}`, tia.headers, { status: 'resolved' }));
    expect(again).toMatchObject({ status: 'resolved', deal: null });
    expect(await crm.listDealsOfContact(contact.id)).toHaveLength(1);
    expect(await ok<Ticket>(await call('PUT', `/api/attendance/tickets/${sale.id}`, tia.headers, { status: 'closed' }))).toMatchObject({ status: 'closed' });
    expect(await errorOf(await call('PUT', `/api/attendance/tickets/${sale.id}`, tia.headers, { status: 'open' }), 409))
      .toMatchObject({ error: 'invalid_transition', from: 'closed' });
    expect(await errorOf(await call('POST', `/api/attendance/tickets/${sale.id}/assign`, tia.headers, { user_id: tia.id }), 409))
      .toMatchObject({ error: 'invalid_transition' });
  });

  test('/resolve of the conversation resolves its open tickets, a sales one with its deal', async () => {
    const sale = await createTicket(tia, { subject: 'Upgrade', category: 'sales' });
    expect(await command(tia, '/resolve')).toMatchObject({ ok: true });

    expect(await ok<Ticket>(await call('GET', `/api/attendance/tickets/${first.id}`, sue.headers))).toMatchObject({ status: 'resolved' });
    const resolvedSale = await ok<Ticket>(await call('GET', `/api/attendance/tickets/${sale.id}`, sue.headers));
    expect(resolvedSale.status).toBe('resolved');
    expect(resolvedSale.resolved_at).not.toBeNull();
    const deals = await createCrmRepo(service.database.db).listDealsOfContact(contact.id);
    expect(deals).toHaveLength(2);
    expect(deals[1]).toMatchObject({ name: `Ticket #${sale.ticket_number}: Upgrade`, value: null, stage: 'lead', id: resolvedSale.custom_fields?.deal_id });
    // The customer is back with the bot.
    expect((await say('hi again', customerToken)).replies.length).toBeGreaterThan(0);
  });

  test('delete is for supervisors and admins', async () => {
    expect((await call('DELETE', `/api/attendance/tickets/${second.id}`, tia.headers)).status).toBe(403);
    expect(await ok(await call('DELETE', `/api/attendance/tickets/${second.id}`, sue.headers))).toEqual({ deleted: true, id: second.id });
    expect(await errorOf(await call('GET', `/api/attendance/tickets/${second.id}`, sue.headers), 404)).toMatchObject({ error: 'ticket_not_found' });
    expect(await errorOf(await call('DELETE', `/api/attendance/tickets/${second.id}`, admin), 404)).toMatchObject({ error: 'ticket_not_found' });
  });

  test('400, 401, 403 and 404 answers', async () => {
    const base = '/api/attendance/tickets';
    expect(await errorOf(await call('POST', base, tia.headers, { session_id: session }), 400)).toMatchObject({ error: 'validation_error' });
    expect((await call('POST', base, tia.headers, { session_id: 'nope', subject: 'x' })).status).toBe(400);
    expect((await call('POST', base, tia.headers, { session_id: session, subject: 'x', priority: 'asap' })).status).toBe(400);
    expect((await call('PUT', `${base}/${first.id}`, tia.headers, {})).status).toBe(400);
    expect((await call('PUT', `${base}/${first.id}`, tia.headers, { status: 'done' })).status).toBe(400);
    expect((await call('GET', `${base}?limit=0`, tia.headers)).status).toBe(400);
    expect((await call('POST', `${base}/${first.id}/assign`, tia.headers, { user_id: 'x' })).status).toBe(400);
    expect((await call('POST', `${base}/${first.id}/transfer`, tia.headers, {})).status).toBe(400);

    expect((await call('GET', base, {})).status).toBe(401);
    expect((await call('POST', `${base}/${first.id}/resolve`, {}, {})).status).toBe(401);
    expect((await call('GET', base, carl.headers)).status).toBe(403);
    expect((await call('POST', base, carl.headers, { session_id: session, subject: 'x' })).status).toBe(403);

    expect(await errorOf(await call('GET', `${base}/${UNKNOWN}`, tia.headers), 404)).toMatchObject({ error: 'ticket_not_found' });
    // A malformed id is a bad request, as on every attendance route; a well-formed unknown one is 404.
    expect(await errorOf(await call('GET', `${base}/not-a-uuid`, tia.headers), 400)).toMatchObject({ error: 'validation_error' });
    expect((await call('PUT', `${base}/not-a-uuid`, tia.headers, { subject: 'x' })).status).toBe(400);
    expect((await call('POST', `${base}/${UNKNOWN}/resolve`, tia.headers, {})).status).toBe(404);
    expect((await call('POST', `${base}/${UNKNOWN}/assign`, tia.headers, { user_id: tia.id })).status).toBe(404);
    expect((await call('POST', `${base}/${UNKNOWN}/transfer`, tia.headers, { to_user_id: tom.id })).status).toBe(404);
    expect(await errorOf(await call('POST', base, sue.headers, { session_id: UNKNOWN, subject: 'x' }), 404)).toMatchObject({ error: 'session_not_found' });
    expect(await errorOf(await call('POST', base, sue.headers, { session_id: session, subject: 'x', customer_id: UNKNOWN }), 404))
      .toMatchObject({ error: 'contact_not_found' });
  });
});
