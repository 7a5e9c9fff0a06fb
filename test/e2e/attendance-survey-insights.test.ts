import { eq } from 'drizzle-orm';
import { createAttendanceEventsRepo, createCrmRepo } from '../../db/index.js';
import { sessions } from '../../db/schema/index.js';
import { startKit, until, type Headers, type Kit } from '../support/attendance-kit.js';

interface LogEntry { id: string; contact_id: string | null; session_id: string | null; fields: Record<string, unknown> }

const QUESTION = 'Thank you for talking with us. From 0 to 10, how satisfied are you with this conversation?';
const THANKS = 'Thank you for your feedback!';

let kit: Kit;
beforeAll(async () => { kit = await startKit(); });
afterAll(async () => { await kit.service.dispose(); });

/** One attendance: the customer asks for a human, the attendant takes, answers and resolves. */
async function attend(attendant: Headers, token: string, sessionId: string): Promise<void> {
  await kit.say('I want to talk to a human', token);
  expect(await kit.command(attendant, `/take ${sessionId}`)).toMatchObject({ ok: true, session_id: sessionId });
  expect((await kit.call('POST', `/api/attendance/sessions/${sessionId}/messages`, attendant, { text: 'Hello, how can I help?' })).status).toBe(200);
  expect(await kit.command(attendant, '/resolve', sessionId)).toMatchObject({ ok: true, session_id: sessionId });
}

describe('satisfaction survey, CRM attendance log and insights', () => {
  test('resolve asks for a score; a score is thanked, logged and written on the CRM entry; other answers reach the bot; insights show it', async () => {
    const ana = await kit.user('survey-ana', ['attendant']);
    const sue = await kit.user('survey-sue', ['supervisor']);
    expect((await kit.command(ana.headers, '/status online')).ok).toBe(true);

    const first = await kit.say('hi');
    const session = first.session_id;
    const bot = kit.service.bots.find((b) => b.name === 'default')!;
    // The web channel carries no phone, so the CRM contact is linked to the session directly.
    const contact = await createCrmRepo(kit.service.database.db).createContact({ bot_id: bot.id, first_name: 'Wendy', last_name: 'Web' });
    await kit.service.database.db.update(sessions).set({ customer_id: contact.id }).where(eq(sessions.id, session));

    await attend(ana.headers, first.session_token, session);
    const asked = await until(() => kit.history(first.session_token), (m) => m.some((x) => x.text === QUESTION));
    expect(asked).toContainEqual(expect.objectContaining({ from: 'system', text: QUESTION }));

    const answered = await kit.say('9', first.session_token);
    expect(answered.replies.map((r) => r.text)).toEqual([THANKS]);
    const after = await kit.history(first.session_token);
    const nine = after.findIndex((m) => m.text === '9');
    // Nothing but the thanks follows the answer: the bot did not run.
    expect(after.slice(nine + 1).map((m) => m.text)).toEqual([THANKS]);

    const events = await createAttendanceEventsRepo(kit.service.database.db).list({ session_id: session });
    expect(events.filter((e) => e.type === 'satisfaction')).toEqual([
      expect.objectContaining({ bot_id: bot.id, attendant_id: ana.id, data: expect.objectContaining({ score: 9 }) }),
    ]);

    const byContact = await kit.call('GET', `/api/attendance/crm-log?contact_id=${contact.id}`, sue.headers);
    expect(byContact.status).toBe(200);
    const entries = byContact.body as unknown as LogEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ contact_id: contact.id, session_id: session });
    expect(Object.keys(entries[0]!.fields).sort()).toEqual(
      // `customer`: the customer as the attendant saw them (attendance-customer-fields; docs/crm.md, "What attendants see").
      ['attendant_id', 'customer', 'customer_id', 'customer_satisfaction', 'end_time', 'sentiment', 'session_id', 'start_time'],
    );
    expect(entries[0]!.fields).toMatchObject({
      session_id: session, customer_id: contact.id, attendant_id: ana.id, sentiment: null, customer_satisfaction: 9,
      customer: { name: 'Wendy Web', email: null, phone: null, tier: null, ltv: null },
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), end_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Date.parse(entries[0]!.fields.start_time as string)).toBeLessThanOrEqual(Date.parse(entries[0]!.fields.end_time as string));

    // A second attendance; this time the customer just goes on talking, and the bot answers.
    await attend(ana.headers, first.session_token, session);
    await until(() => kit.history(first.session_token), (m) => m.filter((x) => x.text === QUESTION).length === 2);
    const chat = await kit.say('ok see you', first.session_token);
    expect(chat.replies.length).toBeGreaterThan(0);
    expect(chat.replies.map((r) => r.text)).not.toContain(THANKS);
    // The bot's dialog was still waiting on its menu: it answers from there.
    expect(chat.replies.map((r) => r.text).join('\n')).toContain('Opening hours');
    const scores = (await createAttendanceEventsRepo(kit.service.database.db).list({ session_id: session })).filter((e) => e.type === 'satisfaction');
    expect(scores).toHaveLength(1);
    const bySession = (await kit.call('GET', `/api/attendance/crm-log?session_id=${session}`, sue.headers)).body as unknown as LogEntry[];
    expect(bySession).toHaveLength(2);
    expect(bySession[0]!.fields.customer_satisfaction).toBeUndefined(); // newest first, not answered

    const res = await kit.call('GET', `/api/attendance/insights?bot_id=${bot.id}`, sue.headers);
    expect(res.status).toBe(200);
    const insights = res.body as unknown as { bot_id: string; from: string; to: string; metrics: Record<string, number | null>; counts: Record<string, number>; targets: Record<string, { met: boolean | null }> };
    expect(insights.bot_id).toBe(bot.id);
    expect(Date.parse(insights.to) - Date.parse(insights.from)).toBe(24 * 3600 * 1000);
    expect(insights.metrics.customer_satisfaction).toBe(9);
    expect(insights.metrics.resolution_rate).toBe(100);
    expect(insights.metrics.avg_wait_time).toEqual(expect.any(Number));
    expect(insights.metrics.first_response_time).toEqual(expect.any(Number));
    expect(insights.metrics.attendant_utilization).toEqual(expect.any(Number));
    expect(insights.metrics.transfers_rate).toBe(0);
    for (const name of ['video_call_requests', 'video_calls_completed', 'avg_video_duration', 'screen_share_usage', 'transcription_accuracy']) {
      expect(insights.metrics[name]).toBeNull();
    }
    expect(insights.counts).toEqual({ conversations: 2, resolved: 2, transferred: 0, surveys: 1 });
    expect(insights.targets.customer_satisfaction!.met).toBe(true);

    // A window before anything happened: no data, nulls rather than zeros or NaN.
    const empty = await kit.call('GET', '/api/attendance/insights?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z', kit.admin);
    expect(empty.status).toBe(200);
    const quiet = empty.body as unknown as { metrics: Record<string, number | null>; counts: Record<string, number> };
    expect(Object.values(quiet.metrics).every((v) => v === null)).toBe(true);
    expect(quiet.counts.conversations).toBe(0);
  });

  test('insights and the CRM log: 400 for a bad window or query, 401 without a token, 403 for attendants', async () => {
    const attendant = await kit.user('survey-bob', ['attendant']);
    const backwards = await kit.call('GET', '/api/attendance/insights?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', kit.admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ error: 'invalid_window' });
    expect((await kit.call('GET', '/api/attendance/insights?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', kit.admin)).status).toBe(400);
    expect((await kit.call('GET', '/api/attendance/insights?from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', kit.admin)).status).toBe(400);
    const garbled = await kit.call('GET', '/api/attendance/insights?from=yesterday', kit.admin);
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({ error: 'validation_error' });
    expect((await kit.call('GET', '/api/attendance/insights?bot_id=default', kit.admin)).status).toBe(400);
    expect((await kit.call('GET', '/api/attendance/insights', {})).status).toBe(401);
    expect((await kit.call('GET', '/api/attendance/insights', attendant.headers)).status).toBe(403);

    expect((await kit.call('GET', '/api/attendance/crm-log', kit.admin)).status).toBe(400);
    expect((await kit.call('GET', '/api/attendance/crm-log?contact_id=nope', kit.admin)).status).toBe(400);
    expect((await kit.call('GET', '/api/attendance/crm-log?session_id=00000000-0000-4000-8000-000000000000', {})).status).toBe(401);
    expect((await kit.call('GET', '/api/attendance/crm-log?session_id=00000000-0000-4000-8000-000000000000', attendant.headers)).status).toBe(403);
    const none = await kit.call('GET', '/api/attendance/crm-log?session_id=00000000-0000-4000-8000-000000000000', kit.admin);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });
});
