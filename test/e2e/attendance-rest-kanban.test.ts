import { startKit, UNKNOWN_ID, type Kit, type QueueItem, type User } from '../support/attendance-kit.js';

let kit: Kit;
let sup: User;
let ana: User;
let bob: User;
let carl: User;
let queueId: string;
beforeAll(async () => {
  kit = await startKit();
  sup = await kit.user('sue', ['supervisor']);
  ana = await kit.user('ana', ['attendant']);
  bob = await kit.user('bob', ['attendant']);
  carl = await kit.user('carl', ['author']);
  // Every web conversation joins this queue; ana is its only member, bob belongs to no queue.
  // Nobody is online, so conversations wait until someone takes them.
  const queue = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Web', channels: ['web'], user_ids: [ana.id] });
  queueId = queue.body.id as string;
});
afterAll(async () => { await kit.service.dispose(); });

type Board = { bot_id: string | null; columns: Record<'new' | 'active' | 'pending' | 'resolved', QueueItem[]> };
const board = async (user: User | { headers: User['headers'] }, query = ''): Promise<Board> => {
  const res = await kit.call('GET', `/api/attendance/kanban${query}`, user.headers);
  expect(res.status).toBe(200);
  return res.body as unknown as Board;
};
const column = (b: Board, sessionId: string) =>
  (Object.keys(b.columns) as (keyof Board['columns'])[]).find((c) => b.columns[c].some((i) => i.session_id === sessionId));
const move = (user: User | { headers: User['headers'] }, sessionId: string, from: string, to: string) =>
  kit.call('PUT', '/api/attendance/kanban/move', user.headers, { session_id: sessionId, from_status: from, to_status: to });

describe('kanban', () => {
  test('a card goes new → active → pending (by a message) → new → active → resolved, with the commands’ effects', async () => {
    const { sessionId, token } = await kit.handoff();
    const start = await board(ana, `?bot_id=${kit.defaultBotId()}`);
    expect(start.bot_id).toBe(kit.defaultBotId());
    expect(start.columns.new).toContainEqual(expect.objectContaining({ session_id: sessionId, status: 'waiting', queue_id: queueId, user_name: expect.any(String) }));

    expect(await move(ana, sessionId, 'new', 'active')).toEqual({
      status: 200, body: { ok: true, session_id: sessionId, from_status: 'new', to_status: 'active', status: 'active', assigned_to: ana.id },
    });
    expect(column(await board(ana), sessionId)).toBe('active');

    const stale = await move(ana, sessionId, 'new', 'active');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'invalid_transition', from_status: 'new', to_status: 'active', current_status: 'active', message: expect.any(String) });
    const manual = await move(ana, sessionId, 'active', 'pending');
    expect(manual).toMatchObject({ status: 409, body: { error: 'invalid_transition', from_status: 'active', to_status: 'pending', current_status: 'active' } });

    expect((await kit.call('POST', `/api/attendance/sessions/${sessionId}/messages`, ana.headers, { text: 'How can I help?' })).status).toBe(200);
    expect(column(await board(ana), sessionId)).toBe('pending');
    expect((await move(bob, sessionId, 'pending', 'resolved')).status).toBe(403); // not in bob's queues

    expect(await move(ana, sessionId, 'pending', 'new')).toMatchObject({ status: 200, body: { status: 'waiting', assigned_to: null } });
    const impossible = await move(ana, sessionId, 'new', 'resolved'); // nobody holds it: nothing to resolve
    expect(impossible).toMatchObject({ status: 409, body: { error: 'invalid_transition', current_status: 'new' } });

    expect((await move(ana, sessionId, 'new', 'active')).status).toBe(200);
    expect(await move(ana, sessionId, 'active', 'resolved')).toMatchObject({ status: 200, body: { status: 'resolved', to_status: 'resolved' } });
    const after = await board(ana);
    expect(after.columns.resolved[0]).toMatchObject({ session_id: sessionId, status: 'resolved' });
    expect(await move(ana, sessionId, 'resolved', 'active')).toMatchObject({ status: 409, body: { error: 'invalid_transition', current_status: 'resolved' } });

    // Resolving through the board hands the customer back to the bot.
    const answer = await kit.say('hi', token);
    expect(answer.replies.length).toBeGreaterThan(0);
    expect(await kit.item(sessionId)).toBeUndefined();
  });

  test('attendants see their queues’ conversations and their own; supervisors see all and may move any card', async () => {
    const { sessionId } = await kit.handoff();
    // A staffed queue neither ana nor bob belongs to (an open one would be bob's to see: docs/attendance/README.md, "Open queues").
    const dan = await kit.user('dan', ['attendant']);
    const otherQueue = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Elsewhere', channels: ['sms'], user_ids: [dan.id] });
    expect(column(await board(ana), sessionId)).toBe('new');
    expect(column(await board(bob), sessionId)).toBeUndefined();
    expect(column(await board(sup), sessionId)).toBe('new');
    const queueOf = async (user: User) => ((await kit.call('GET', '/api/attendance/queue', user.headers)).body as unknown as QueueItem[]).map((i) => i.session_id);
    expect(await queueOf(ana)).toContain(sessionId);
    expect(await queueOf(bob)).not.toContain(sessionId);
    expect(await queueOf(sup)).toContain(sessionId);
    expect((await move(bob, sessionId, 'new', 'active')).status).toBe(403);

    // A supervisor gives it to bob: bob now sees it as his own, outside his queues.
    expect((await kit.call('POST', '/api/attendance/assign', sup.headers, { session_id: sessionId, attendant_id: bob.id })).status).toBe(200);
    expect(column(await board(bob), sessionId)).toBe('new');
    expect(await move(ana, sessionId, 'new', 'active')).toMatchObject({ status: 409, body: { error: 'already_assigned', assigned_to: bob.id } });
    expect((await move(bob, sessionId, 'new', 'active')).status).toBe(200);
    expect(await move(ana, sessionId, 'active', 'new')).toMatchObject({ status: 409, body: { error: 'not_holder' } });

    // Transferred to another queue by the supervisor: out of ana's view, and back in new.
    const moved = await kit.call('POST', '/api/attendance/transfer', sup.headers, { session_id: sessionId, to_queue_id: otherQueue.body.id, reason: 'wrong team' });
    expect(moved.body).toMatchObject({ status: 'waiting', queue_id: otherQueue.body.id });
    // The session row no longer names the previous holder (assigned_to).
    expect((await kit.call('GET', `/api/session/${sessionId}`, kit.admin)).body).toMatchObject({ assigned_to: null, queue_id: otherQueue.body.id });
    expect(column(await board(ana), sessionId)).toBeUndefined();
    expect(column(await board(bob), sessionId)).toBeUndefined();
    expect(await move(sup, sessionId, 'new', 'active')).toMatchObject({ status: 200, body: { assigned_to: sup.id } });
    expect(await move(sup, sessionId, 'active', 'resolved')).toMatchObject({ status: 200, body: { status: 'resolved' } });
  });

  test('400, 401, 403 and 404', async () => {
    const k = '/api/attendance/kanban';
    expect((await kit.call('GET', `${k}?bot_id=default`, sup.headers)).status).toBe(400);
    expect(await kit.call('GET', `${k}?bot_id=${UNKNOWN_ID}`, sup.headers)).toMatchObject({ status: 404, body: { error: 'bot_not_found' } });
    expect((await kit.call('GET', k, {})).status).toBe(401);
    expect((await kit.call('GET', k, carl.headers)).status).toBe(403);
    expect((await board(sup)).bot_id).toBeNull();

    const m = `${k}/move`;
    expect((await kit.call('PUT', m, ana.headers, { session_id: UNKNOWN_ID, from_status: 'new', to_status: 'done' })).status).toBe(400);
    expect((await kit.call('PUT', m, ana.headers, { session_id: UNKNOWN_ID, from_status: 'waiting', to_status: 'active' })).status).toBe(400);
    expect((await kit.call('PUT', m, ana.headers, { from_status: 'new', to_status: 'active' })).status).toBe(400);
    expect((await kit.call('PUT', m, {}, { session_id: UNKNOWN_ID, from_status: 'new', to_status: 'active' })).status).toBe(401);
    expect((await kit.call('PUT', m, carl.headers, { session_id: UNKNOWN_ID, from_status: 'new', to_status: 'active' })).status).toBe(403);
    expect(await move(ana, UNKNOWN_ID, 'new', 'active')).toMatchObject({ status: 404, body: { error: 'session_not_found' } });
  });
});
