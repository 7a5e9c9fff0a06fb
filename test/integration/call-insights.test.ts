import { getInsights, recordCallFact } from '../../attendance/index.js';
import { createAttendanceRepositories } from '../../db/index.js';
import { bots, sessions, users } from '../../db/schema/index.js';
import { openTestDatabase, testDriversLabel, type TestDatabase } from '../support/drivers.js';

// The phone calls' KPIs and the attendants' time on calls (docs/attendance/insights-and-survey.md,
// "Phone calls"), through the event log on the database this run uses: the calls' facts are
// written as the rtc_sip adapter reports them (recordCallFact, the calls' port), the attendants'
// lines as attendance logs them, and the insights read them back.

let database: TestDatabase;
let repos: ReturnType<typeof createAttendanceRepositories>;
let botId: string;
let ana: string;
const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00Z`);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  repos = createAttendanceRepositories(db);
  botId = (await db.insert(bots).values({ name: 'call-insights' }).returning())[0]!.id;
  ana = (await db.insert(users).values({ username: 'ana', email: 'ana@example.test', roles: ['attendant'] }).returning())[0]!.id;
  const call = async (caller: string) =>
    (await db.insert(sessions).values({ bot_id: botId, channel: 'rtc_sip', external_user_id: caller }).returning())[0]!.id;
  const [taken, abandoned, voicemail] = [await call('+15550101'), await call('+15550102'), await call('+15550103')];
  const fact = (sessionId: string, kind: 'started' | 'queued' | 'ended', hhmm: string, reason?: string) =>
    recordCallFact(repos, { sessionId, kind, at: at(hhmm), direction: 'inbound', ...(reason ? { reason } : {}) });
  const line = (type: string, hhmm: string, more: { session_id?: string | null; data?: Record<string, unknown> } = {}) => repos.events.append({
    session_id: more.session_id ?? null, bot_id: more.session_id ? botId : null, queue_id: null, attendant_id: ana,
    type: type as never, at: at(hhmm), data: more.data ?? {},
  });
  // Ana is online from 10:00; she takes the first call at 10:02, holds and transfers it, and it ends at 10:14.
  await line('status_changed', '10:00', { data: { status: 'online', previous: 'offline' } });
  await fact(taken, 'started', '10:00');
  await fact(taken, 'queued', '10:01');
  await line('queued', '10:01', { session_id: taken });
  await line('accepted', '10:02', { session_id: taken });
  await line('call_held', '10:05', { session_id: taken });
  await line('call_resumed', '10:06', { session_id: taken });
  await line('call_transferred', '10:13', { session_id: taken, data: { to: 'number', number: '+15550199' } });
  await fact(taken, 'ended', '10:14', 'transferred');
  await line('resolved', '10:14', { session_id: taken, data: { reason: 'customer left' } });
  // The second caller hangs up in the queue; the third leaves a voicemail.
  await fact(abandoned, 'started', '10:20');
  await fact(abandoned, 'queued', '10:21');
  await fact(abandoned, 'ended', '10:22', 'caller hung up');
  await fact(voicemail, 'started', '10:30');
  await fact(voicemail, 'queued', '10:30');
  await fact(voicemail, 'ended', '10:40', 'voicemail');
});

afterAll(async () => {
  await database?.close();
});

test(`call KPIs and time on calls in attendant_utilization, read from the event log (${testDriversLabel()})`, async () => {
  const insights = await getInsights({ repos, now: () => at('11:00') }, { botId, from: at('10:00'), to: at('11:00') });
  expect(insights.metrics).toMatchObject({
    calls: 3,
    avg_call_wait_time: 60, // queued 10:01, taken 10:02
    avg_call_answer_time: 120, // started 10:00, taken 10:02
    avg_call_talk_time: 720, // taken 10:02, ended 10:14
    call_holds: 1,
    call_transfers: 1,
    abandoned_calls: 1,
    voicemails: 1,
    // Ana was online the whole hour and on the call 12 minutes of it.
    attendant_utilization: 20,
  });
  // Another bot's window holds none of these calls.
  const other = await getInsights({ repos, now: () => at('11:00') }, { botId: '00000000-0000-0000-0000-000000000000', from: at('10:00'), to: at('11:00') });
  expect(other.metrics).toMatchObject({ calls: null, abandoned_calls: null, voicemails: null });
});
