import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { handoffQueueing } from '../../attendance/queue-conversation.js';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import {
  createAttendanceConversationsRepo, createAttendanceHandoffRepo, createAttendantProfilesRepo, createEngineEventsRepo, createQueuesRepo,
} from '../../db/index.js';
import { attendanceConversations, bots, engineEvents, sessions, users } from '../../db/schema/index.js';
import type { SessionSnapshot } from '../../engine/index.js';
import { openTestDatabase, type TestDatabase } from '../support/drivers.js';

// The storage of skills-based routing (docs/attendance/skills-routing.md), on the driver set of
// the run (PGlite, or PostgreSQL with DATABASE_URL): attendants' skills, queues' and
// conversations' required skills, and the handoff's one statement (db/attendance-handoff-repo.ts),
// which writes a new cycle's required skills itself and hands assignment the skills it reads.

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function bot(): Promise<string> {
  const [row] = await db().insert(bots).values({ name: `skills-${randomUUID()}` }).returning();
  return row!.id;
}

async function user(): Promise<string> {
  const name = `att-${randomUUID()}`;
  const [row] = await db().insert(users).values({ username: name, email: `${name}@example.com`, roles: ['attendant'] }).returning();
  return row!.id;
}

test('an attendant\'s skills, a queue\'s required skills: stored as given, none by default', async () => {
  const profiles = createAttendantProfilesRepo(db());
  const queues = createQueuesRepo(db());
  const id = await user();
  expect((await profiles.setStatus(id, 'online')).skills).toEqual([]);
  await profiles.upsert(id, { skills: [{ name: 'billing', level: 4 }, { name: 'spanish', level: 2 }] });
  expect((await profiles.get(id))!.skills).toEqual([{ name: 'billing', level: 4 }, { name: 'spanish', level: 2 }]);
  // Other fields leave the skills alone.
  await profiles.upsert(id, { department: 'finance' });
  expect((await profiles.get(id))!.skills).toHaveLength(2);

  const plain = await queues.create({ name: 'plain' });
  expect(plain.required_skills).toEqual([]);
  const needs = await queues.create({ name: 'needs', required_skills: [{ name: 'billing', min_level: 3 }] });
  expect((await queues.get(needs.id))!.required_skills).toEqual([{ name: 'billing', min_level: 3 }]);
  const changed = await queues.update(needs.id, { required_skills: [] });
  expect(changed!.required_skills).toEqual([]);
});

test('a conversation keeps its required skills for the cycle; they change only while it waits', async () => {
  const repo = createAttendanceConversationsRepo(db());
  const botId = await bot();
  const [s] = await db().insert(sessions).values({ bot_id: botId, channel: 'web', external_user_id: randomUUID() }).returning();
  const started = await repo.startLogged({
    session_id: s!.id, bot_id: botId, channel: 'web', status: 'waiting', priority: 1, queue_id: null, assigned_to: null, topic: null,
    required_skills: [{ name: 'spanish', min_level: 3 }], last_message: 'hola', waiting_since: new Date(),
  }, 'none', []);
  expect(started!.required_skills).toEqual([{ name: 'spanish', min_level: 3 }]);
  expect((await repo.setRequiredSkills(s!.id, [{ name: 'spanish', min_level: 3 }, { name: 'vip', min_level: 1 }]))!.required_skills).toHaveLength(2);
  await db().update(attendanceConversations).set({ status: 'active' }).where(eq(attendanceConversations.session_id, s!.id));
  expect(await repo.setRequiredSkills(s!.id, [])).toBeUndefined();
  expect((await repo.get(s!.id))!.required_skills).toHaveLength(2);
});

test('the handoff statement writes the cycle\'s required skills (new and reopened) and reads skills for the choice', async () => {
  const handoffs = createAttendanceHandoffRepo();
  const botId = await bot();
  const attendant = await user();
  await createAttendantProfilesRepo(db()).upsert(attendant, { status: 'online', skills: [{ name: 'spanish', level: 4 }] });
  const queue = await createQueuesRepo(db()).create({ name: 'Web', channels: ['web'], bot_id: botId, required_skills: [{ name: 'billing', min_level: 2 }] });
  const config: BotConfig = { ...defaultBotConfig(), 'attendance-skill-rules': [{ source: 'channel', value: 'web', skill: 'chat', min_level: 2 }] };

  const handOff = async (context: Record<string, unknown>, existing?: 'resolved') => {
    const [row] = await db().insert(sessions).values({ bot_id: botId, channel: 'web', external_user_id: randomUUID(), needs_human: true, context_data: context }).returning();
    if (existing) await db().insert(attendanceConversations).values({ session_id: row!.id, bot_id: botId, channel: 'web', status: 'resolved', priority: 0 });
    const session: SessionSnapshot = { id: row!.id, bot_id: botId, user_id: row!.user_id, channel: 'web', external_user_id: row!.external_user_id, needs_human: true, context_data: context };
    const message = { id: randomUUID(), text: 'hola', received_at: new Date().toISOString(), customer: { id: row!.external_user_id } };
    const [event] = await db().insert(engineEvents).values({ session_id: session.id, name: 'session.handed_off', payload: { session, message } }).returning();
    const plan = handoffQueueing(event!.id, session, message, config, new Date());
    const { prepared } = await createEngineEventsRepo(db()).pendingUnderLock(session.id, [handoffs.statement({ sessionId: session.id, since: new Date(0), queueing: plan })]).read();
    return { plan, facts: handoffs.parse(prepared[0])! };
  };

  const fresh = await handOff({ transfer_skills: 'spanish:3' });
  expect(fresh.plan.required_skills).toEqual([{ name: 'chat', min_level: 2 }, { name: 'spanish', min_level: 3 }]);
  expect(fresh.facts.started).toMatchObject({ queue_id: queue.id, required_skills: fresh.plan.required_skills });
  expect(fresh.facts.profiles.find((p) => p.user_id === attendant)!.skills).toEqual([{ name: 'spanish', level: 4 }]);
  expect(fresh.facts.queues.find((q) => q.id === queue.id)!.required_skills).toEqual([{ name: 'billing', min_level: 2 }]);

  const reopened = await handOff({}, 'resolved');
  expect(reopened.facts.started).toMatchObject({ status: 'waiting', required_skills: [{ name: 'chat', min_level: 2 }] });
});

test('a queue item carries its own required skills and its queue\'s (none without a queue)', async () => {
  const repo = createAttendanceConversationsRepo(db());
  const queue = await createQueuesRepo(db()).create({ name: `items-${randomUUID()}`, required_skills: [{ name: 'billing', min_level: 2 }] });
  const botId = await bot();
  const start = async (queueId: string | null) => {
    const [s] = await db().insert(sessions).values({ bot_id: botId, channel: 'web', external_user_id: randomUUID() }).returning();
    await repo.startLogged({
      session_id: s!.id, bot_id: botId, channel: 'web', status: 'waiting', priority: 1, queue_id: queueId, assigned_to: null, topic: null,
      required_skills: [{ name: 'spanish', min_level: 3 }], last_message: 'hola', waiting_since: new Date(),
    }, 'none', []);
    return s!.id;
  };
  const [inQueue, alone] = [await start(queue.id), await start(null)];
  const items = await repo.listItems({ bot_id: botId });
  expect(items.find((i) => i.session_id === inQueue)).toMatchObject({
    required_skills: [{ name: 'spanish', min_level: 3 }], queue_required_skills: [{ name: 'billing', min_level: 2 }],
  });
  expect(items.find((i) => i.session_id === alone)).toMatchObject({ queue_required_skills: [] });
});
