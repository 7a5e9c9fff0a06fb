import { sql } from 'drizzle-orm';
import { ReportDefinitionSchema, rollUpFacts, toReportQuery } from '../../attendance/index.js';
import { createAttendanceReportsRepo, type AttendanceReportsRepo } from '../../db/index.js';
import { attendanceEvents, attendanceQueues, attendanceTickets, bots, crmContacts, sessions, users } from '../../db/schema/index.js';
import { openTestDatabase, testDriversLabel, type TestDatabase } from '../support/drivers.js';

// Custom reports on the database this run uses (docs/attendance/reports.md): the roll-up turns the
// event log into one fact row per cycle, a definition runs as one statement over them (or over the
// tickets), and saved reports are seen by their owner, whom they are shared with, and admins.

let database: TestDatabase;
let repo: AttendanceReportsRepo;
let botId: string;
let front: string;
let back: string;
let ana: string;
let bob: string;
const NOW = new Date('2026-11-28T12:00:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  repo = createAttendanceReportsRepo(db);
  botId = (await db.insert(bots).values({ name: 'reports' }).returning())[0]!.id;
  [front, back] = (await db.insert(attendanceQueues).values([{ bot_id: botId, name: 'front' }, { bot_id: botId, name: 'back' }]).returning()).map((q) => q.id) as [string, string];
  [ana, bob] = (await db.insert(users).values([
    { username: 'ana', email: 'ana@example.test', display_name: 'Ana', roles: ['attendant'] },
    { username: 'bob', email: 'bob@example.test', roles: ['supervisor'] },
  ]).returning()).map((u) => u.id) as [string, string];
  const [vip] = await db.insert(crmContacts).values({ bot_id: botId, first_name: 'Vera', tags: ['vip', 'b2b'] }).returning();

  // Three web cycles and one SMS cycle: waits of 30, 90 and 60 s, one abandoned, one surveyed.
  const session = async (channel: string, extra: Record<string, unknown> = {}) =>
    (await db.insert(sessions).values({ bot_id: botId, channel, external_user_id: `${channel}-${Math.random()}`, ...extra }).returning())[0]!.id;
  const s1 = await session('web', { customer_id: vip!.id, context_data: { campaign_id: 'black-friday' } });
  const s2 = await session('web');
  const s3 = await session('sms');
  const log = (session_id: string, type: string, when: string, more: Record<string, unknown> = {}) => ({ session_id, bot_id: botId, type, at: at(when), data: {}, ...more }) as typeof attendanceEvents.$inferInsert;
  await db.insert(attendanceEvents).values([
    log(s1, 'queued', '2026-11-26T10:00:00Z', { queue_id: front }),
    log(s1, 'accepted', '2026-11-26T10:00:30Z', { queue_id: front, attendant_id: ana }),
    log(s1, 'attendant_message', '2026-11-26T10:00:40Z', { attendant_id: ana }),
    log(s1, 'resolved', '2026-11-26T10:05:30Z', { attendant_id: ana }),
    log(s1, 'satisfaction', '2026-11-26T10:06:00Z', { data: { score: 8 } }),
    // The same customer again the next day (23:30 in São Paulo on the 26th is the 27th in UTC).
    log(s1, 'queued', '2026-11-27T02:30:00Z', { queue_id: back }),
    log(s1, 'accepted', '2026-11-27T02:31:30Z', { queue_id: back, attendant_id: bob }),
    log(s1, 'resolved', '2026-11-27T02:40:00Z', { attendant_id: bob }),
    log(s2, 'queued', '2026-11-27T09:00:00Z', { queue_id: front }),
    log(s2, 'resolved', '2026-11-27T09:03:00Z'),
    log(s3, 'queued', '2026-11-27T11:00:00Z', { queue_id: front }),
    log(s3, 'accepted', '2026-11-27T11:01:00Z', { attendant_id: ana }),
  ]);
  await db.insert(attendanceTickets).values([
    { session_id: s1, subject: 'Refund', status: 'resolved', priority: 'high', channel: 'web', tags: ['billing'], assigned_to: ana,
      created_at: at('2026-11-26T11:00:00Z'), resolved_at: at('2026-11-26T13:00:00Z') },
    { session_id: s3, subject: 'Address', status: 'open', channel: 'sms', tags: ['billing', 'b2b'], created_at: at('2026-11-27T12:00:00Z') },
  ]);
});
afterAll(async () => { await database?.close(); });

const run = (definition: unknown) => repo.run(toReportQuery(ReportDefinitionSchema.parse(definition), NOW));
const week = { period: 'custom', from: '2026-11-21T00:00:00Z', to: '2026-11-28T00:00:00Z' };

describe(`custom reports (${testDriversLabel()})`, () => {
  test('the roll-up writes one fact per cycle, and a second run rewrites the same rows', async () => {
    expect(await rollUpFacts({ reports: repo, now: () => NOW })).toBe(3);
    const count = async () => (await database.db.execute(sql`select count(*)::int as n from attendance_report_facts`) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count()).toBe(4);
    // The log is older than the settle time: the mark passed it, and a new run reads nothing.
    expect(await rollUpFacts({ reports: repo, now: () => NOW })).toBe(0);
    expect(await count()).toBe(4);
  });

  test('measures by queue, with the queues\' names; no group-by gives one row', async () => {
    const byQueue = await run({ measures: ['conversations', 'avg_wait', 'abandoned', 'resolution_rate', 'csat'], group_by: ['queue'], ...week });
    expect(byQueue.rows).toHaveLength(2);
    expect(byQueue.rows).toEqual(expect.arrayContaining([
      { queue: back, queue_label: 'back', conversations: 1, avg_wait: 90, abandoned: 0, resolution_rate: 100, csat: null },
      { queue: front, queue_label: 'front', conversations: 3, avg_wait: 45, abandoned: 1, resolution_rate: 66.67, csat: 8 },
    ]));
    const total = await run({ measures: ['conversations', 'resolved', 'avg_handle_time', 'avg_first_response', 'surveys'], ...week });
    expect(total.rows).toEqual([{ conversations: 4, resolved: 3, avg_handle_time: 405, avg_first_response: 10, surveys: 1 }]);
  });

  test('attendant, channel, tag and campaign group-bys and filters', async () => {
    const byAttendant = await run({ measures: ['conversations'], group_by: ['attendant'], ...week });
    expect(byAttendant.rows.map((r) => [r.attendant_label, r.conversations])).toEqual(expect.arrayContaining([['Ana', 2], ['bob', 1], [null, 1]]));
    const byChannel = await run({ measures: ['conversations'], group_by: ['channel'], ...week });
    expect(byChannel.rows).toEqual([{ channel: 'sms', conversations: 1 }, { channel: 'web', conversations: 3 }]);
    const byTag = await run({ measures: ['conversations'], group_by: ['tag'], ...week });
    expect(byTag.rows).toEqual([{ tag: 'b2b', conversations: 2 }, { tag: 'vip', conversations: 2 }]);
    const byCampaign = await run({ measures: ['conversations'], group_by: ['campaign'], filters: { channels: ['web'] }, ...week });
    expect(byCampaign.rows.map((r) => [r.campaign, r.conversations])).toEqual([['black-friday', 2], [null, 1]]);
    const filtered = await run({ measures: ['conversations'], filters: { queue_ids: [front], tags: ['vip'], attendant_ids: [ana] }, ...week });
    expect(filtered.rows).toEqual([{ conversations: 1 }]);
    const hostile = await run({ measures: ['conversations'], filters: { tags: [`vip"}', 'x'); drop table users; --`] }, ...week });
    expect(hostile.rows).toEqual([{ conversations: 0 }]);
  });

  test('days are the time zone\'s: the 02:30 UTC cycle is on the 26th in São Paulo', async () => {
    const utc = await run({ measures: ['conversations'], group_by: ['day'], ...week });
    expect(utc.rows).toEqual([{ day: '2026-11-26', conversations: 1 }, { day: '2026-11-27', conversations: 3 }]);
    const saoPaulo = await run({ measures: ['conversations'], group_by: ['day'], ...week, time_zone: 'America/Sao_Paulo' });
    expect(saoPaulo.rows).toEqual([{ day: '2026-11-26', conversations: 2 }, { day: '2026-11-27', conversations: 2 }]);
    const weeks = await run({ measures: ['conversations'], group_by: ['week', 'channel'], ...week });
    expect(weeks.rows).toEqual([{ week: '2026-11-23', channel: 'sms', conversations: 1 }, { week: '2026-11-23', channel: 'web', conversations: 3 }]);
  });

  test('tickets: by tag and status, filtered by bot and priority', async () => {
    const byTag = await run({ source: 'tickets', measures: ['tickets', 'tickets_resolved', 'avg_ticket_resolution'], group_by: ['tag'], filters: { bot_ids: [botId] }, ...week });
    expect(byTag.rows).toEqual([
      { tag: 'b2b', tickets: 1, tickets_resolved: 0, avg_ticket_resolution: null },
      { tag: 'billing', tickets: 2, tickets_resolved: 1, avg_ticket_resolution: 7200 },
    ]);
    const urgent = await run({ source: 'tickets', measures: ['tickets'], group_by: ['status'], filters: { priorities: ['high'] }, ...week });
    expect(urgent.rows).toEqual([{ status: 'resolved', tickets: 1 }]);
  });

  test('saved reports: the owner, users and roles it is shared with, and admins see it; nobody else', async () => {
    const definition = ReportDefinitionSchema.parse({ measures: ['conversations'] });
    const mine = await repo.create({ name: 'Mine', owner_id: ana, definition, shared_roles: [], shared_user_ids: [], schedule: 'none', recipients: [] });
    const team = await repo.create({ name: 'Team', owner_id: ana, definition, shared_roles: ['supervisor'], shared_user_ids: [], schedule: 'daily', recipients: ['lead@example.test'] });
    const toBob = await repo.create({ name: 'Bob', owner_id: ana, definition, shared_roles: [], shared_user_ids: [bob], schedule: 'weekly', recipients: ['bob@example.test'] });
    const names = async (viewer: { user_id: string; roles: string[]; is_admin: boolean }) => (await repo.list(viewer)).map((r) => r.name).sort();
    const stranger = '66666666-6666-4666-8666-666666666666';
    expect(await names({ user_id: ana, roles: ['attendant'], is_admin: false })).toEqual(['Bob', 'Mine', 'Team']);
    expect(await names({ user_id: bob, roles: ['supervisor'], is_admin: false })).toEqual(['Bob', 'Team']);
    expect(await names({ user_id: stranger, roles: ['supervisor'], is_admin: false })).toEqual(['Team']);
    expect(await names({ user_id: stranger, roles: ['attendant'], is_admin: false })).toEqual([]);
    expect(await names({ user_id: stranger, roles: ['admin'], is_admin: true })).toEqual(['Bob', 'Mine', 'Team']);
    expect(await repo.get(mine.id, { user_id: bob, roles: ['supervisor'], is_admin: false })).toBeUndefined();
    expect((await repo.scheduled('daily')).map((r) => r.id)).toEqual([team.id]);
    expect((await repo.scheduled('weekly')).map((r) => r.id)).toEqual([toBob.id]);
    expect(await repo.update(team.id, { name: 'Team (daily)' })).toMatchObject({ name: 'Team (daily)' });
    expect(await repo.remove(mine.id)).toBe(true);
    expect(await repo.get('not-a-uuid', { user_id: ana, roles: [], is_admin: true })).toBeUndefined();
  });
});
