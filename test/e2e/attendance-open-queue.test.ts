import { startKit, type Kit, type QueueItem, type User } from '../support/attendance-kit.js';
import { waitForValue } from '../support/wait-for.js';

/**
 * The demo bot's declared queue on a first start (bots/default.gbai: `attendance-queues,support`):
 * it exists and shows on the Queues screen, and while nobody staffs it, it is open — its
 * conversations go where those of no queue go (docs/attendance/README.md, "Open queues"). Once a
 * supervisor gives it a member, the queue rule takes over.
 */

let kit: Kit;
let noQueue: User;
let support: string;

beforeAll(async () => {
  kit = await startKit();
  noQueue = await kit.user('open-noq', ['attendant']);
});
afterAll(async () => {
  await kit.service.dispose();
});

const queueOf = async (user: Pick<User, 'headers'>) => (await kit.call('GET', '/api/attendance/queue', user.headers)).body as unknown as QueueItem[];

test('the demo bot\'s "support" queue exists from the first start, with no member', async () => {
  const queues = (await kit.call('GET', '/api/attendance/queues', kit.admin)).body as unknown as { id: string; name: string; member_count: number; bot_id: string }[];
  const found = queues.find((q) => q.name === 'support');
  expect(found).toMatchObject({ member_count: 0, bot_id: kit.defaultBotId() });
  support = found!.id;
});

test('an open queue\'s conversation is seen and taken by an attendant in no queue', async () => {
  const { sessionId } = await kit.handoff();
  expect(await kit.item(sessionId)).toMatchObject({ queue_id: support, status: 'waiting' });
  expect((await queueOf(noQueue)).map((i) => i.session_id)).toContain(sessionId);
  const taken = await kit.command(noQueue.headers, `/take ${sessionId}`);
  expect(taken).toMatchObject({ ok: true });
  await kit.call('POST', '/api/attendance/resolve', noQueue.headers, { session_id: sessionId });
});

test('an online attendant in no queue gets an open queue\'s conversation by the attendant-list rule', async () => {
  await kit.command(noQueue.headers, '/status online');
  const { sessionId } = await kit.handoff();
  const item = await waitForValue(() => kit.item(sessionId), (i) => i?.assigned_to !== null, { what: 'the assignment' });
  expect(item).toMatchObject({ queue_id: support, assigned_to: noQueue.id });
  await kit.call('POST', '/api/attendance/resolve', noQueue.headers, { session_id: sessionId });
  await kit.command(noQueue.headers, '/status offline');
});

test('once the queue has a member, its conversations are the member\'s, not everyone\'s', async () => {
  const ana = await kit.user('open-ana', ['attendant']);
  const added = await kit.call('POST', `/api/attendance/queues/${support}/members`, kit.admin, { user_id: ana.id });
  expect(added.status).toBe(201);
  const { sessionId } = await kit.handoff();
  expect(await kit.item(sessionId)).toMatchObject({ queue_id: support, status: 'waiting', assigned_to: null });
  expect((await queueOf(ana)).map((i) => i.session_id)).toContain(sessionId);
  expect((await queueOf(noQueue)).map((i) => i.session_id)).not.toContain(sessionId);
});
