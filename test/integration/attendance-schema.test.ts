import { sql } from 'drizzle-orm';
import { listTables, type DatabaseHandle } from '../../db/connection.js';
import {
  createAttendanceEventsRepo, createAttendantProfilesRepo, createCrmRepo, createQueuesRepo, createTicketsRepo,
} from '../../db/index.js';
import { attendanceQueueMembers, bots, sessions, users } from '../../db/schema/index.js';
import { openTestDatabase } from '../support/drivers.js';

// Runs on PGlite, or on a scratch PostgreSQL database when DATABASE_URL is set.
let handle: DatabaseHandle;
beforeAll(async () => { handle = await openTestDatabase(); });
afterAll(async () => { await handle.close(); });

let counter = 0;
async function user(): Promise<string> {
  counter += 1;
  const [row] = await handle.db.insert(users).values({ username: `att${counter}`, email: `att${counter}@example.com`, password_hash: 'x' }).returning();
  return row!.id;
}
async function bot(): Promise<string> {
  counter += 1;
  const [row] = await handle.db.insert(bots).values({ name: `attendance-bot-${counter}` }).returning();
  return row!.id;
}
async function session(botId: string): Promise<string> {
  counter += 1;
  const [row] = await handle.db.insert(sessions).values({ bot_id: botId, channel: 'mobile_msg', external_user_id: `+1555000${counter}` }).returning();
  return row!.id;
}

test('the migration creates the attendance and CRM tables and re-running it is a no-op', async () => {
  await handle.migrate();
  expect(await listTables(handle.db)).toEqual(expect.arrayContaining([
    'attendance_queues', 'attendance_queue_members', 'attendance_tickets', 'attendant_profiles', 'attendance_events',
    'crm_contacts', 'crm_deals', 'crm_pipeline_stages',
  ]));
});

describe('queues and members', () => {
  test('a queue gets the documented defaults', async () => {
    const queues = createQueuesRepo(handle.db);
    const [botId, creator] = [await bot(), await user()];
    const queue = await queues.create({ name: 'Sales', bot_id: botId, created_by: creator });
    expect(queue).toMatchObject({
      name: 'Sales', description: null, channels: ['mobile_msg'], is_active: true, priority_order: 0,
      max_wait_seconds: 600, auto_assign: true, bot_id: botId, created_by: creator,
    });
    expect(queue.created_at).toBeInstanceOf(Date);
    expect(queue.updated_at).toBeInstanceOf(Date);
    expect(await queues.get(queue.id)).toEqual(queue);
    expect(await queues.get('not-a-uuid')).toBeUndefined();
  });

  test('list filters by bot, activity and channel, in priority order', async () => {
    const queues = createQueuesRepo(handle.db);
    const botId = await bot();
    const b = await queues.create({ name: 'B', bot_id: botId, priority_order: 2, channels: ['web', 'sms'] });
    const a = await queues.create({ name: 'A', bot_id: botId, priority_order: 1 });
    const off = await queues.create({ name: 'Off', bot_id: botId, is_active: false, channels: ['web'] });
    expect((await queues.list({ bot_id: botId })).map((q) => q.id)).toEqual([off.id, a.id, b.id]);
    expect((await queues.list({ bot_id: botId, active: true })).map((q) => q.name)).toEqual(['A', 'B']);
    expect((await queues.list({ bot_id: botId, channel: 'web' })).map((q) => q.name)).toEqual(['Off', 'B']);
    expect((await queues.list({ bot_id: botId, channel: 'web', active: true })).map((q) => q.name)).toEqual(['B']);
  });

  test('member defaults; one membership per queue and user; addMember is idempotent', async () => {
    const queues = createQueuesRepo(handle.db);
    const queue = await queues.create({ name: 'Support' });
    const [u1, u2] = [await user(), await user()];
    const m1 = await queues.addMember({ queue_id: queue.id, user_id: u1 });
    expect(m1).toMatchObject({ queue_id: queue.id, user_id: u1, is_active: true, max_conversations: 5, priority: 0 });
    await expect(handle.db.insert(attendanceQueueMembers).values({ queue_id: queue.id, user_id: u1 })).rejects.toThrow();

    const again = await queues.addMember({ queue_id: queue.id, user_id: u1, max_conversations: 2 });
    expect(again).toMatchObject({ id: m1.id, max_conversations: 2, priority: 0 });
    expect((await queues.addMember({ queue_id: queue.id, user_id: u1 })).id).toBe(m1.id);

    await queues.addMember({ queue_id: queue.id, user_id: u2, priority: -1 });
    expect((await queues.listMembers(queue.id)).map((m) => m.user_id)).toEqual([u2, u1]);
    expect((await queues.listMemberships(u1)).map((m) => m.queue_id)).toEqual([queue.id]);
    expect(await queues.removeMember(queue.id, u2)).toBe(true);
    expect(await queues.removeMember(queue.id, u2)).toBe(false);
  });
});

describe('attendant profiles', () => {
  test('defaults, upsert keeps untouched fields, setStatus', async () => {
    const profiles = createAttendantProfilesRepo(handle.db);
    const id = await user();
    const created = await profiles.upsert(id, { name: 'Ana', preferences: 'sales', aliases: ['ana', 'silva'] });
    expect(created).toMatchObject({ user_id: id, name: 'Ana', channel: 'all', preferences: 'sales', department: null, aliases: ['ana', 'silva'], status: 'offline' });

    const updated = await profiles.upsert(id, { department: 'Commercial' });
    expect(updated).toMatchObject({ preferences: 'sales', department: 'Commercial', aliases: ['ana', 'silva'] });
    expect((await profiles.setStatus(id, 'online')).status).toBe('online');
    expect((await profiles.get(id))?.status).toBe('online');
    expect((await profiles.list({ status: 'online' })).map((p) => p.user_id)).toContain(id);

    const fresh = await user();
    expect(await profiles.setStatus(fresh, 'away')).toMatchObject({ user_id: fresh, channel: 'all', aliases: [], status: 'away' });
  });

  test('status must be online, busy, away or offline', async () => {
    const id = await user();
    await expect(handle.db.execute(sql`insert into attendant_profiles (user_id, status) values (${id}, 'lunch')`)).rejects.toThrow();
    await handle.db.execute(sql`insert into attendant_profiles (user_id, status) values (${id}, 'busy')`);
  });
});

describe('tickets', () => {
  test('ticket defaults and increasing ticket numbers', async () => {
    const tickets = createTicketsRepo(handle.db);
    const sessionId = await session(await bot());
    const first = await tickets.create({ session_id: sessionId, subject: 'Cannot log in' });
    const second = await tickets.create({ session_id: sessionId, subject: 'Invoice', category: 'billing', tags: ['vip'], custom_fields: { order: 7 } });
    expect(first).toMatchObject({ status: 'open', priority: 'normal', category: null, resolved_at: null, tags: null });
    expect(second).toMatchObject({ category: 'billing', tags: ['vip'], custom_fields: { order: 7 } });
    expect(typeof first.ticket_number).toBe('number');
    expect(second.ticket_number).toBeGreaterThan(first.ticket_number);
    expect((await tickets.getByNumber(second.ticket_number))?.id).toBe(second.id);
    expect((await tickets.list({ session_id: sessionId })).map((t) => t.id)).toEqual([second.id, first.id]);
  });

  test('status and priority are checked; varchar lengths hold', async () => {
    const sessionId = await session(await bot());
    await expect(handle.db.execute(sql`insert into attendance_tickets (session_id, subject, status) values (${sessionId}, 's', 'done')`)).rejects.toThrow();
    await expect(handle.db.execute(sql`insert into attendance_tickets (session_id, subject, priority) values (${sessionId}, 's', 'asap')`)).rejects.toThrow();
    await expect(handle.db.execute(sql`insert into attendance_tickets (session_id, subject, contact_phone) values (${sessionId}, 's', ${'1'.repeat(21)})`)).rejects.toThrow();
  });

  test('update changes fields, bumps updated_at and returns undefined for a missing ticket', async () => {
    const tickets = createTicketsRepo(handle.db);
    const sessionId = await session(await bot());
    const agent = await user();
    const ticket = await tickets.create({ session_id: sessionId, subject: 'Refund', priority: 'high' });
    const resolvedAt = new Date();
    const resolved = await tickets.update(ticket.id, { status: 'resolved', resolved_at: resolvedAt, assigned_to: agent });
    expect(resolved).toMatchObject({ status: 'resolved', assigned_to: agent, priority: 'high', ticket_number: ticket.ticket_number });
    expect(resolved!.resolved_at!.getTime()).toBe(resolvedAt.getTime());
    expect(resolved!.updated_at.getTime()).toBeGreaterThanOrEqual(ticket.updated_at.getTime());
    expect((await tickets.list({ assigned_to: agent, status: 'resolved' })).map((t) => t.id)).toEqual([ticket.id]);
    expect(await tickets.update('00000000-0000-4000-8000-000000000000', { status: 'closed' })).toBeUndefined();
    expect(await tickets.get('nope')).toBeUndefined();
  });
});

describe('attendance events', () => {
  test('append and list by bot, session and time window, in order', async () => {
    const events = createAttendanceEventsRepo(handle.db);
    const botId = await bot();
    const [s1, s2] = [await session(botId), await session(botId)];
    const agent = await user();
    const t0 = new Date('2030-01-01T10:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    await events.append({ bot_id: botId, session_id: s1, type: 'transferred', at: at(0) });
    await events.append({ bot_id: botId, session_id: s1, attendant_id: agent, type: 'assigned', at: at(30) });
    await events.append({ bot_id: botId, session_id: s2, type: 'transferred', at: at(40) });
    const sat = await events.append({ bot_id: botId, session_id: s1, type: 'satisfaction', data: { score: 9 }, at: at(120) });
    expect(sat.data).toEqual({ score: 9 });

    expect((await events.list({ session_id: s1 })).map((e) => e.type)).toEqual(['transferred', 'assigned', 'satisfaction']);
    expect((await events.list({ bot_id: botId, from: at(30), to: at(120) })).map((e) => e.type)).toEqual(['assigned', 'transferred']);
    const defaults = await events.append({ type: 'status_changed', attendant_id: agent });
    expect(defaults.data).toEqual({});
    expect(defaults.at).toBeInstanceOf(Date);
  });
});

describe('CRM', () => {
  test('contacts are found by (bot_id, phone); deals keep numeric values; stages come in order', async () => {
    const crm = createCrmRepo(handle.db);
    const [botA, botB] = [await bot(), await bot()];
    const owner = await user();
    const ana = await crm.createContact({ bot_id: botA, first_name: 'Ana', phone: '+351912345678', owner_id: owner });
    await crm.createContact({ bot_id: botB, first_name: 'Other', phone: '+351912345678' });
    expect((await crm.findContactByPhone(botA, '+351912345678'))?.id).toBe(ana.id);
    expect(await crm.findContactByPhone(botA, '+15550000000')).toBeUndefined();
    expect(await crm.getContact(ana.id)).toEqual(ana);

    const deal = await crm.createDeal({ name: 'Upgrade', value: 1234.5, stage: 'won', contact_id: ana.id, owner_id: owner });
    expect(deal.value).toBe(1234.5);
    expect((await crm.listDealsOfContact(ana.id)).map((d) => d.id)).toEqual([deal.id]);

    await crm.upsertStage({ name: 'won', order_index: 3, probability: 100 });
    await crm.upsertStage({ name: 'lead', order_index: 1, probability: 10 });
    await crm.upsertStage({ name: 'won', order_index: 2, probability: 99.5 });
    expect((await crm.listStages()).map((s) => [s.name, s.order_index, s.probability])).toEqual([['lead', 1, 10], ['won', 2, 99.5]]);
  });
});
