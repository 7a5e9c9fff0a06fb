import { createQueueHoursRepo, createQueuesRepo, createSlaRepo, type QueueHoursRepo, type SlaRepo } from '../../db/index.js';
import { openTestDatabase, testDriversLabel, type TestDatabase } from '../support/drivers.js';

// Business hours and SLA storage (docs/attendance/business-hours.md, docs/attendance/sla.md) on the
// database this run uses: a policy per queue and tier (nulls count as a value), clocks started
// once per cycle, breached once, met while running, and attainment counted per queue and attendant.

let database: TestDatabase;
let sla: SlaRepo;
let hours: QueueHoursRepo;
let queueId: string;
const ANA = '00000000-0000-4000-8000-00000000a0a0';

beforeAll(async () => {
  database = await openTestDatabase();
  sla = createSlaRepo(database.db);
  hours = createQueueHoursRepo(database.db);
  queueId = (await createQueuesRepo(database.db).create({ name: 'support', channels: ['web'] })).id;
});

afterAll(async () => {
  await database?.close();
});

const clock = (subjectId: string, metric: 'first_response' | 'resolution', startedAt: Date, due: Date) => ({
  subject: 'conversation' as const, subject_id: subjectId, cycle_at: startedAt, metric, bot_id: null, queue_id: queueId, attendant_id: null,
  policy_id: null, target_seconds: 600, business_hours: true, started_at: startedAt, due_at: due,
});

describe(`business hours and SLA storage (${testDriversLabel()})`, () => {
  test("a queue's hours are stored whole and replaced; the row goes with the queue", async () => {
    expect(await hours.get(queueId)).toBeUndefined();
    const weekly = { mon: [{ open: '09:00', close: '18:00' }] };
    await hours.put({ queue_id: queueId, time_zone: 'Europe/Lisbon', weekly, holidays: ['2026-12-25'], closed_action: 'ticket', auto_replies: [
      { kind: 'closed', channel: '*', language: 'pt-BR', text: 'Fechado; abrimos {opens_at}' },
    ] });
    const stored = await hours.put({ queue_id: queueId, time_zone: 'America/Sao_Paulo', weekly, holidays: [], closed_action: 'bot', auto_replies: [] });
    expect(stored).toMatchObject({ time_zone: 'America/Sao_Paulo', weekly, holidays: [], closed_action: 'bot', auto_replies: [] });
    expect((await hours.getMany([queueId, 'not-a-uuid'])).get(queueId)?.closed_action).toBe('bot');
  });

  test('one policy per queue and tier, the catch-all included', async () => {
    const all = await sla.createPolicy({ name: 'everything', queue_id: null, tier: null, first_response_seconds: 300, resolution_seconds: null });
    expect(all).toBeDefined();
    expect(await sla.createPolicy({ name: 'again', queue_id: null, tier: null, first_response_seconds: 60, resolution_seconds: null })).toBeUndefined();
    const gold = await sla.createPolicy({ name: 'gold', queue_id: queueId, tier: 'gold', first_response_seconds: 60, resolution_seconds: 3600 });
    expect(gold).toMatchObject({ queue_id: queueId, tier: 'gold', business_hours: true });
    expect((await sla.updatePolicy(gold!.id, { resolution_seconds: 7200 }))?.resolution_seconds).toBe(7200);
    expect((await sla.listPolicies()).map((p) => p.name)).toEqual(['everything', 'gold']);
    expect(await sla.deletePolicy(all!.id)).toBe(true);
    expect(await sla.deletePolicy(all!.id)).toBe(false);
  });

  test('clocks start once per cycle, breach once, and count toward attainment', async () => {
    const start = new Date('2026-02-02T10:00:00Z');
    const due = new Date('2026-02-02T10:10:00Z');
    const s1 = '00000000-0000-4000-8000-000000000001';
    const s2 = '00000000-0000-4000-8000-000000000002';
    const [fr1, res1] = await sla.startClocks([clock(s1, 'first_response', start, due), clock(s1, 'resolution', start, due)]);
    expect(await sla.startClocks([clock(s1, 'first_response', start, due)])).toEqual([]);
    const [fr2] = await sla.startClocks([clock(s2, 'first_response', start, due)]);
    expect((await sla.listPending()).map((c) => c.id).sort()).toEqual([fr1!.id, res1!.id, fr2!.id].sort());

    expect(await sla.meet('conversation', s1, ['first_response'], new Date('2026-02-02T10:05:00Z'), ANA)).toHaveLength(1);
    const breached = await sla.breach(fr2!.id, new Date('2026-02-02T10:10:00Z'), ANA);
    expect(breached?.breached_at).toEqual(new Date('2026-02-02T10:10:00Z'));
    expect(await sla.breach(fr2!.id, new Date(), ANA)).toBeUndefined();
    expect(await sla.breach(fr1!.id, new Date(), ANA)).toBeUndefined(); // met already
    expect((await sla.listRunning({ queue_ids: [queueId] })).map((c) => c.id).sort()).toEqual([res1!.id, fr2!.id].sort());
    expect(await sla.listRunning({ queue_ids: [null] })).toEqual([]);

    const window = { from: new Date('2026-02-02T00:00:00Z'), to: new Date('2026-02-03T00:00:00Z') };
    expect(await sla.attainment('queue', window)).toEqual([{ key: queueId, metric: 'first_response', total: 2, met: 1, breached: 1 }]);
    expect(await sla.attainment('attendant', window)).toEqual([{ key: ANA, metric: 'first_response', total: 2, met: 1, breached: 1 }]);
    expect(await sla.attainment('queue', { ...window, bot_ids: [] })).toEqual([]);
    // Cancelling removes only what still runs.
    expect(await sla.cancel('conversation', s1)).toBe(1);
    expect((await sla.listRunning()).map((c) => c.id)).toEqual([fr2!.id]);
  });
});
