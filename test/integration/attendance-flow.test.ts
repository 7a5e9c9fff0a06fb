import {
  createAttendanceRepositories, createAttendanceEventsRepo, createAttendantProfilesRepo, createCrmRepo, createQueuesRepo, createSessionsRepo, createUsersRepo,
} from '../../db/index.js';
import { createAttendanceService, QUEUE_FULL_MESSAGE, type AttendanceService } from '../../attendance/index.js';
import { createChannelRegistry, createEngine, type EngineService } from '../../engine/index.js';
import { createEventBus } from '../../infra/events/index.js';
import { createJobQueue } from '../../infra/jobs/index.js';
import { createScriptHost } from '../../script-host/index.js';
import { EngineHarness, engineRepositories, inbound, lines, logger, scriptHostRepositories, TestAdapter } from '../support/engine-kit.js';
import type { ConflictError } from '../../infra/errors.js';
import { openTestLocks } from '../support/drivers.js';

// The human side end to end on a real database (PGlite, or scratch PostgreSQL with DATABASE_URL):
// the engine hands messages to the attendance service through its domain events, and the service
// answers customers and resolves sessions through the engine.

const ECHO = 'TALK "echo: " & first_message';
const TO_TARGET = 'r = TRANSFER TO HUMAN first_message, "normal", "asked"';
const WITH_PRIORITY = 'r = TRANSFER TO HUMAN "desk", first_message, "asked"';
const keyword = { 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['human'] };

let harness: EngineHarness;
let engine: EngineService | undefined;
let service: AttendanceService;
let stop: () => Promise<void>;
const db = () => harness.database.db;
let counter = 0;

async function attendant(status: 'online' | 'offline', fields: { preferences?: string; name?: string } = {}): Promise<string> {
  counter += 1;
  const user = await createUsersRepo(db()).insert({ username: `agent${counter}`, email: `agent${counter}@example.com`, password_hash: 'x' });
  await createAttendantProfilesRepo(db()).upsert(user.id, { status, ...fields });
  return user.id;
}
async function everyoneOffline(): Promise<void> {
  const profiles = createAttendantProfilesRepo(db());
  for (const p of await profiles.list({ status: 'online' })) await profiles.setStatus(p.user_id, 'offline');
}
async function say(bot: string, customer: string, text: string, channel: 'web' | 'sms' = 'web') {
  const outcome = await engine!.receive(inbound(bot, text, { customer, channel }));
  // Attendance works off the domain events; its notices are sent before an event counts as handled.
  if (outcome.session_id) await harness.eventsHandled(outcome.session_id);
  return outcome.session_id!;
}
const item = async (sessionId: string) => (await service.queueItems()).find((i) => i.session_id === sessionId)!;

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'desk', scripts: { start: ECHO }, config: { ...keyword, 'attendance-auto-assign': false } });
  await harness.addBot({ name: 'tiny', scripts: { start: ECHO }, config: { ...keyword, 'attendance-queue-size': 2, 'attendance-auto-assign': false } });
  await harness.addBot({ name: 'rr', scripts: { start: ECHO }, config: keyword });
  await harness.addBot({ name: 'topics', scripts: { start: TO_TARGET } });
  await harness.addBot({ name: 'manual', scripts: { start: WITH_PRIORITY }, config: { 'attendance-auto-assign': false } });
  const configOf = (key: string) => (harness.bots.get(key) ?? [...harness.bots.values()].find((b) => b.id === key))?.config;
  const jobs = await createJobQueue({ prefix: 'sbtest-attendance', logger });
  const bus = await createEventBus({ prefix: 'sbtest-attendance', logger });
  const locks = openTestLocks(harness.database, logger);
  const channels = createChannelRegistry();
  const host = createScriptHost({ repos: scriptHostRepositories(harness.database), jobs, logger, locks, channels, bots: (name) => harness.bots.get(name) });
  engine = createEngine({
    repos: engineRepositories(harness.database), jobs, bus, logger, locks, channels, bot: host.runner, bots: (name) => harness.bots.get(name),
    outbox: { attempts: 2, backoffMs: 10 },
  });
  service = createAttendanceService({ repos: createAttendanceRepositories(db()), bots: configOf, customers: engine, logger });
  engine.subscribe(service.engineEventHandlers);
  engine.channels.register(new TestAdapter('web'));
  engine.channels.register(new TestAdapter('sms'));
  await engine.start();
  stop = async () => {
    await jobs.close({ timeoutMs: 2000 });
    await bus.close();
    await locks.close();
  };
});
afterAll(async () => {
  await stop();
  await harness.close();
});

test('a keyword transfer creates a waiting item and tells the customer the position and an estimated wait', async () => {
  await say('desk', 'd-1', 'hello');
  const first = await say('desk', 'd-1', 'I want a human please');
  const second = await say('desk', 'd-2', 'human!');
  expect(lines(await harness.transcript(first)).slice(2)).toEqual([
    '> customer: I want a human please',
    expect.stringMatching(/^< system: You are being transferred/),
    '< system: You are number 1 in the queue. Estimated wait: about 10 minutes.',
  ]);
  expect(lines(await harness.transcript(second)).at(-1)).toBe('< system: You are number 2 in the queue. Estimated wait: about 10 minutes.');
  expect(await item(first)).toMatchObject({
    status: 'waiting', priority: 1, last_message: 'I want a human please', user_name: expect.stringMatching(/^web · [0-9a-f]{6}$/), assigned_to: null, channel: 'web',
    waiting_time_seconds: expect.any(Number),
  });
});

test('the queue refuses items beyond attendance-queue-size and says so; needs_human stays', async () => {
  await say('tiny', 't-1', 'human');
  await say('tiny', 't-2', 'human');
  const third = await say('tiny', 't-3', 'human');
  expect(lines(await harness.transcript(third)).at(-1)).toBe(`< system: ${QUEUE_FULL_MESSAGE}`);
  expect(await item(third)).toBeUndefined();
  expect((await createSessionsRepo(db()).findById(third))!.needs_human).toBe(true);
  expect((await service.queueItems({ bot_id: harness.bots.get('tiny')!.id })).map((i) => i.status)).toEqual(['waiting', 'waiting']);
});

describe('queue rule, take, resolve and backfill', () => {
  const sessions: string[] = [];
  let a: string, b: string, off: string;

  test('round-robin across two online members, never above capacity, offline members skipped', async () => {
    a = await attendant('online');
    b = await attendant('online');
    off = await attendant('offline');
    const queues = createQueuesRepo(db());
    const queue = await queues.create({ name: 'web desk', channels: ['web'], bot_id: harness.bots.get('rr')!.id });
    for (const user of [a, b, off]) await queues.addMember({ queue_id: queue.id, user_id: user, max_conversations: 2 });
    for (let i = 1; i <= 5; i++) sessions.push(await say('rr', `rr-${i}`, 'human'));
    const holders = await Promise.all(sessions.map(async (s) => (await item(s)).assigned_to));
    expect(holders[0]).not.toBe(holders[1]);
    expect(holders.slice(0, 4)).toEqual([holders[0], holders[1], holders[0], holders[1]]);
    expect(new Set(holders.slice(0, 4))).toEqual(new Set([a, b]));
    expect(holders[4]).toBeNull();
    expect(await item(sessions[0]!)).toMatchObject({ status: 'assigned', queue_id: queue.id, assigned_to_name: expect.stringMatching(/^agent/) });
    expect((await createSessionsRepo(db()).findById(sessions[0]!))).toMatchObject({ assigned_to: holders[0], queue_id: queue.id });
  });

  test('customer messages while active update last_message', async () => {
    const holder = (await item(sessions[0]!)).assigned_to!;
    await service.take({ attendantId: holder, sessionId: sessions[0]! });
    await say('rr', 'rr-1', 'are you still there?');
    expect(await item(sessions[0]!)).toMatchObject({ status: 'active', last_message: 'are you still there?', accepted_at: expect.any(String) });
  });

  test('resolve returns the session to the bot and backfills the waiting item to the freed attendant', async () => {
    const holder = (await item(sessions[0]!)).assigned_to!;
    const { item: resolved, backfilled } = await service.resolve({ sessionId: sessions[0]!, actorId: holder });
    expect(resolved.status).toBe('resolved');
    expect(backfilled.map((r) => [r.session_id, r.assigned_to])).toEqual([[sessions[4], holder]]);
    const back = await engine!.receive(inbound('rr', 'thanks', { customer: 'rr-1' }));
    expect(back).toMatchObject({ needs_human: false, replies: [expect.objectContaining({ text: 'echo: thanks' })] });
    await expect(service.resolve({ sessionId: sessions[0]! })).rejects.toMatchObject({ code: 'invalid_transition' });
    expect(off).toBeDefined();
    const log = await createAttendanceEventsRepo(db()).list({ session_id: sessions[0]! });
    expect(log.map((e) => e.type)).toEqual(['queued', 'assigned', 'accepted', 'customer_message', 'resolved']);
  });
});

test('attendant-list rule: the attendant whose preference equals the topic wins; CRM contact matched by phone', async () => {
  await everyoneOffline();
  const sales = await attendant('online', { preferences: 'sales', name: 'Sally' });
  const support = await attendant('online', { preferences: 'support' });
  const topicsBot = harness.bots.get('topics')!.id;
  await createCrmRepo(db()).createContact({ bot_id: topicsBot, first_name: 'Ana', last_name: 'Lima', phone: '+14155552671', email: 'ana@example.com' });
  const s1 = await say('topics', '+1 415 555 2671', 'sales', 'sms');
  const s2 = await say('topics', 'v-2', 'support');
  const s3 = await say('topics', 'v-3', 'sales');
  expect(await item(s1)).toMatchObject({
    assigned_to: sales, assigned_to_name: 'Sally', topic: 'sales', user_name: 'Ana Lima', user_phone: '+14155552671', user_email: 'ana@example.com',
  });
  expect((await item(s2)).assigned_to).toBe(support);
  expect((await item(s3)).assigned_to).toBe(sales);
  expect((await createSessionsRepo(db()).findById(s1))!.customer_id).toEqual(expect.any(String));
});

test('an attendant coming online is backfilled with the waiting items they may serve', async () => {
  await everyoneOffline();
  const waiting = await say('topics', 'v-4', 'billing');
  expect(await item(waiting)).toMatchObject({ status: 'waiting', assigned_to: null });
  const late = await attendant('offline');
  const assigned = await service.setStatus(late, 'online');
  expect(assigned.map((r) => r.session_id)).toEqual([waiting]);
  expect(await item(waiting)).toMatchObject({ status: 'assigned', assigned_to: late });
  expect(await service.setStatus(late, 'busy')).toEqual([]);
});

describe('manual take', () => {
  test('20 concurrent takers of one conversation: exactly one wins, the others are told who has it', async () => {
    const sessionId = await say('manual', 'm-race', 'normal');
    const takers = await Promise.all(Array.from({ length: 20 }, () => attendant('online')));
    const results = await Promise.allSettled(takers.map((id) => service.take({ attendantId: id, sessionId })));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [takers[i]] : []));
    expect(won).toHaveLength(1);
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as ConflictError] : []));
    expect(errors).toHaveLength(19);
    for (const error of errors) {
      expect(error).toMatchObject({ code: 'already_assigned', details: { assigned_to: won[0], assigned_to_name: expect.stringMatching(/^agent/) } });
    }
    expect(await item(sessionId)).toMatchObject({ status: 'active', assigned_to: won[0] });
  });

  test('take without an id picks the oldest highest-priority waiting item', async () => {
    const low = await say('manual', 'm-low', 'low');
    const urgentOld = await say('manual', 'm-urgent-1', 'urgent');
    const urgentNew = await say('manual', 'm-urgent-2', 'urgent');
    const me = await attendant('online');
    expect((await service.take({ attendantId: me })).session_id).toBe(urgentOld);
    expect((await service.take({ attendantId: me })).session_id).toBe(urgentNew);
    expect((await item(low)).priority).toBe(0);
  });
});

test('queue rule: a transfer naming a member (or their department) goes to them when they can take it', async () => {
  await everyoneOffline();
  const first = await attendant('online', { name: 'Fiona' });
  const named = await attendant('online', { name: 'Nadia' });
  const billing = await attendant('online');
  await createAttendantProfilesRepo(db()).upsert(billing, { department: 'billing' });
  const queues = createQueuesRepo(db());
  // sms only, so the topics bot's web conversations of the other tests keep the attendant-list rule.
  const queue = await queues.create({ name: 'topics sms', channels: ['sms'], bot_id: harness.bots.get('topics')!.id });
  for (const user of [first, named, billing]) await queues.addMember({ queue_id: queue.id, user_id: user, max_conversations: 1 });

  expect((await item(await say('topics', 'q-1', 'nadia', 'sms'))).assigned_to).toBe(named);
  expect((await item(await say('topics', 'q-2', 'Billing', 'sms'))).assigned_to).toBe(billing);
  // Nadia is full now: the queue's normal order applies instead.
  expect((await item(await say('topics', 'q-3', 'Nadia', 'sms'))).assigned_to).toBe(first);
});
