import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { logEntries } from '../../attendance/assign-conversation.js';
import { matchQueue } from '../../attendance/assignment/select-by-queue.js';
import { transition } from '../../attendance/conversation-status.js';
import { handoffQueueing } from '../../attendance/queue-conversation.js';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import { createAttendanceHandoffRepo, createEngineEventsRepo, type HandoffFacts } from '../../db/index.js';
import { attendanceConversations, attendanceEvents, attendanceQueues, bots, engineEvents, sessions } from '../../db/schema/index.js';
import type { SessionSnapshot } from '../../engine/index.js';
import { openTestDatabase, type TestDatabase } from '../support/drivers.js';

// The handoff's statement (db/attendance-handoff-repo.ts) queues the conversation itself, in the
// events job's one round trip (docs/performance.md, "Handoff round trips"). It must decide as
// attendance/queue-conversation.ts decides when it writes: the same queue (matchQueue), the same
// row and event log, and nothing at all when the use case would not start a cycle.

let database: TestDatabase;
const handoffs = createAttendanceHandoffRepo();
const db = () => database.db;
const SINCE = new Date(Date.now() - 24 * 3600 * 1000);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface QueueSpec { name: string; channels: string[]; priority_order: number; is_active?: boolean }

async function botWithQueues(queues: readonly QueueSpec[]): Promise<string> {
  const [bot] = await db().insert(bots).values({ name: `statement-${randomUUID()}` }).returning();
  for (const q of queues) await db().insert(attendanceQueues).values({ ...q, bot_id: bot!.id });
  return bot!.id;
}

/** A session with a pending `session.handed_off`, as a turn leaves it; resolves to the snapshot and the event's id. */
async function handedOff(botId: string, context: Record<string, unknown> = {}, channel = 'web') {
  const [row] = await db().insert(sessions).values({ bot_id: botId, channel, external_user_id: randomUUID(), needs_human: true, context_data: context }).returning();
  const session: SessionSnapshot = {
    id: row!.id, bot_id: botId, user_id: row!.user_id, channel, external_user_id: row!.external_user_id, needs_human: true, context_data: context,
  };
  const message = { id: randomUUID(), text: 'a human please', received_at: new Date().toISOString(), customer: { id: row!.external_user_id } };
  const [event] = await db().insert(engineEvents).values({ session_id: session.id, name: 'session.handed_off', payload: { session, message } }).returning();
  return { session, eventId: event!.id, message };
}

/** What the events job reads under the lock with the handoff's statement. */
async function run(sessionId: string, queueing?: ReturnType<typeof handoffQueueing>): Promise<HandoffFacts | undefined> {
  const read = createEngineEventsRepo(db()).pendingUnderLock(sessionId, [handoffs.statement({ sessionId, since: SINCE, ...(queueing ? { queueing } : {}) })]);
  const { prepared } = await read.read();
  return handoffs.parse(prepared[0]);
}

const config = (over: Partial<BotConfig> = {}): BotConfig => ({ ...defaultBotConfig(), ...over });

async function logOf(sessionId: string) {
  return db().select().from(attendanceEvents).where(eq(attendanceEvents.session_id, sessionId)).orderBy(attendanceEvents.seq);
}

test('it queues a new conversation as the use case would: the queue matchQueue picks, the row, and the event log', async () => {
  const botId = await botWithQueues([
    { name: 'General', channels: ['web', 'sms'], priority_order: 2 },
    { name: 'Support', channels: ['web'], priority_order: 5 },
    { name: 'Phones', channels: ['sms'], priority_order: 1 },
    { name: 'Closed', channels: ['web'], priority_order: 0, is_active: false },
  ]);
  const { session, eventId, message } = await handedOff(botId, { target: ' support ', transfer_reason: 'asked', priority: 'high' });
  const now = new Date();
  const facts = await run(session.id, handoffQueueing(eventId, session, message, config(), now));

  const expected = matchQueue(facts!.queues, 'web', 'support');
  expect(expected?.name).toBe('Support');
  expect(facts!.conversation).toBeUndefined();
  expect(facts!.started).toMatchObject({
    session_id: session.id, status: 'waiting', queue_id: expected!.id, topic: 'support', last_message: 'a human please', assigned_to: null,
  });
  const { events } = transition('none', 'transfer', {
    session_id: session.id, at: now, priority: facts!.started!.priority, queue_id: expected!.id, reason: 'asked',
  });
  const log = await logOf(session.id);
  expect(log.map((e) => ({ type: e.type, data: e.data, queue_id: e.queue_id }))).toEqual(
    logEntries(events).map((e) => ({ type: e.type, data: e.data, queue_id: expected!.id })),
  );
});

test('its choice of queue is matchQueue\'s for any set of queues, target and channel', async () => {
  const names = ['Sales', 'Support', 'sales', 'Billing'];
  const channels = ['web', 'sms', 'mobile_msg'];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < 16; round++) {
    const queues = Array.from({ length: 1 + random(4) }, () => ({
      name: names[random(names.length)]!, channels: channels.filter(() => random(2) === 1), priority_order: random(3), is_active: random(4) > 0,
    }));
    const botId = await botWithQueues(queues);
    const channel = channels[random(channels.length)]!;
    const target = random(2) ? names[random(names.length)]!.toUpperCase() : undefined;
    const { session, eventId, message } = await handedOff(botId, target ? { target } : {}, channel);
    const facts = await run(session.id, handoffQueueing(eventId, session, message, config(), new Date()));
    const expected = matchQueue(facts!.queues, channel, target);
    expect({ round, queue: facts!.started!.queue_id }).toEqual({ round, queue: expected?.id ?? null });
  }
});

test('a resolved conversation starts its new cycle in the same row, logged as from resolved', async () => {
  const botId = await botWithQueues([{ name: 'Web', channels: ['web'], priority_order: 0 }]);
  const { session, eventId, message } = await handedOff(botId);
  await db().insert(attendanceConversations).values({
    session_id: session.id, bot_id: botId, channel: 'web', status: 'resolved', priority: 0, resolved_at: new Date(),
  });
  const facts = await run(session.id, handoffQueueing(eventId, session, message, config(), new Date()));
  expect(facts!.conversation).toMatchObject({ status: 'resolved' });
  expect(facts!.started).toMatchObject({ status: 'waiting', resolved_at: null, accepted_at: null });
  expect((await logOf(session.id)).map((e) => (e.data as { from: string }).from)).toEqual(['resolved']);
});

test('it writes nothing when the use case would not start a cycle, and still answers the facts', async () => {
  const botId = await botWithQueues([{ name: 'Web', channels: ['web'], priority_order: 0 }]);

  // A cycle in progress: the use case records a further message instead.
  const busy = await handedOff(botId);
  await db().insert(attendanceConversations).values({ session_id: busy.session.id, bot_id: botId, channel: 'web', status: 'active', priority: 0 });
  const inProgress = await run(busy.session.id, handoffQueueing(busy.eventId, busy.session, busy.message, config(), new Date()));
  expect(inProgress).toMatchObject({ conversation: { status: 'active' } });
  expect(inProgress!.started).toBeUndefined();

  // The bot's queue is full (one waiting item, size 1): the use case tells the customer instead.
  const waiting = await handedOff(botId);
  await db().insert(attendanceConversations).values({ session_id: waiting.session.id, bot_id: botId, channel: 'web', status: 'waiting', priority: 0, waiting_since: new Date() });
  const full = await handedOff(botId);
  const refused = await run(full.session.id, handoffQueueing(full.eventId, full.session, full.message, config({ 'attendance-queue-size': 1 }), new Date()));
  expect(refused!.waiting.map((w) => w.session_id)).toEqual([waiting.session.id]);
  expect(refused!.started).toBeUndefined();

  // An earlier event of the session is still pending: its handler runs first.
  const behind = await handedOff(botId);
  const [later] = await db().insert(engineEvents).values({ session_id: behind.session.id, name: 'session.handed_off', payload: {} }).returning();
  expect((await run(behind.session.id, handoffQueueing(later!.id, behind.session, behind.message, config(), new Date())))!.started).toBeUndefined();

  // The job's event was already handled (a second job for it).
  const handled = await handedOff(botId);
  await db().update(engineEvents).set({ state: 'done' }).where(and(eq(engineEvents.session_id, handled.session.id), eq(engineEvents.id, handled.eventId)));
  await db().insert(engineEvents).values({ session_id: handled.session.id, name: 'session.handed_off', payload: {} });
  expect((await run(handled.session.id, handoffQueueing(handled.eventId, handled.session, handled.message, config(), new Date())))!.started).toBeUndefined();

  // Without queueing (a recovery's job carries no event) it only reads.
  const plain = await handedOff(botId);
  expect(await run(plain.session.id)).toMatchObject({ conversation: undefined, session: { id: plain.session.id } });
  for (const id of [busy, full, behind, handled, plain].map((h) => h.session.id)) {
    expect({ id, log: await logOf(id) }).toEqual({ id, log: [] });
  }
  const [left] = await db().select().from(attendanceConversations).where(eq(attendanceConversations.session_id, plain.session.id));
  expect(left).toBeUndefined();
});

test('a session without a pending handoff answers nothing and costs no write', async () => {
  const botId = await botWithQueues([{ name: 'Web', channels: ['web'], priority_order: 0 }]);
  const { session, eventId, message } = await handedOff(botId);
  await db().update(engineEvents).set({ state: 'done' }).where(eq(engineEvents.session_id, session.id));
  expect(await run(session.id, handoffQueueing(eventId, session, message, config(), new Date()))).toBeUndefined();
  expect(await logOf(session.id)).toEqual([]);
});
