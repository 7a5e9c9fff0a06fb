import { createAttendanceEventsRepo } from '../../db/index.js';
import { queueIdNamed, startKit, UNKNOWN_ID, type Kit, type User } from '../support/attendance-kit.js';

let kit: Kit;
let sup: User;
let ana: User;
let bob: User;
let carl: User;
beforeAll(async () => {
  kit = await startKit();
  sup = await kit.user('sue', ['supervisor']);
  ana = await kit.user('ana', ['attendant']);
  bob = await kit.user('bob', ['attendant']);
  carl = await kit.user('carl', ['author']);
});
afterAll(async () => { await kit.service.dispose(); });

const BAD_TOKEN = { authorization: 'Bearer not-a-token' };

describe('POST /api/attendance/assign', () => {
  test('a supervisor assigns a waiting conversation, moves a held one, and cannot assign a resolved one', async () => {
    const { sessionId } = await kit.handoff();
    const assigned = await kit.call('POST', '/api/attendance/assign', sup.headers, { session_id: sessionId, attendant_id: ana.id });
    expect(assigned).toEqual({
      status: 200, body: { ok: true, session_id: sessionId, status: 'assigned', assigned_to: ana.id, assigned_to_name: 'ana' },
    });
    expect(await kit.item(sessionId)).toMatchObject({ status: 'assigned', assigned_to: ana.id });

    expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
    const again = await kit.call('POST', '/api/attendance/assign', sup.headers, { session_id: sessionId, attendant_id: ana.id });
    expect(again.body).toMatchObject({ status: 'active', assigned_to: ana.id }); // assigning to the holder changes nothing

    const moved = await kit.call('POST', '/api/attendance/assign', kit.admin, { session_id: sessionId, attendant_id: bob.id });
    expect(moved.body).toMatchObject({ ok: true, status: 'assigned', assigned_to: bob.id, assigned_to_name: 'bob' });

    expect((await kit.call('POST', `/api/attendance/resolve/${sessionId}`, sup.headers, {})).status).toBe(200);
    const resolved = await kit.call('POST', '/api/attendance/assign', sup.headers, { session_id: sessionId, attendant_id: ana.id });
    expect(resolved.status).toBe(409);
    expect(resolved.body.error).toBe('invalid_transition');
  });

  test('400, 401, 403 and 404', async () => {
    const { sessionId } = await kit.handoff();
    const path = '/api/attendance/assign';
    expect((await kit.call('POST', path, sup.headers, { session_id: 'nope', attendant_id: ana.id })).status).toBe(400);
    expect((await kit.call('POST', path, sup.headers, { session_id: sessionId })).status).toBe(400);
    expect((await kit.call('POST', path, sup.headers, '{not json')).status).toBe(400);
    expect((await kit.call('POST', path, {}, { session_id: sessionId, attendant_id: ana.id })).status).toBe(401);
    expect((await kit.call('POST', path, BAD_TOKEN, { session_id: sessionId, attendant_id: ana.id })).status).toBe(401);
    expect((await kit.call('POST', path, ana.headers, { session_id: sessionId, attendant_id: ana.id })).status).toBe(403);
    expect((await kit.call('POST', path, carl.headers, { session_id: sessionId, attendant_id: ana.id })).status).toBe(403);
    const noSession = await kit.call('POST', path, sup.headers, { session_id: UNKNOWN_ID, attendant_id: ana.id });
    expect(noSession).toMatchObject({ status: 404, body: { error: 'session_not_found' } });
    const noUser = await kit.call('POST', path, sup.headers, { session_id: sessionId, attendant_id: UNKNOWN_ID });
    expect(noUser).toMatchObject({ status: 404, body: { error: 'attendant_not_found' } });
    const author = await kit.call('POST', path, sup.headers, { session_id: sessionId, attendant_id: carl.id });
    expect(author).toMatchObject({ status: 404, body: { error: 'attendant_not_found' } });
    expect((await kit.item(sessionId))?.status).toBe('waiting');
  });
});

describe('POST /api/attendance/transfer', () => {
  test('to an attendant and to a queue, with the reason in the event log; attendants only transfer what they hold', async () => {
    const { sessionId } = await kit.handoff();
    expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
    const path = '/api/attendance/transfer';

    const toBob = await kit.call('POST', path, ana.headers, { session_id: sessionId, to_attendant_id: bob.id, reason: 'billing question' });
    // The demo bot's conversations are in its declared queue, "support".
    const support = await queueIdNamed(kit.service.url, kit.admin, 'support');
    expect(toBob).toEqual({ status: 200, body: { ok: true, session_id: sessionId, status: 'assigned', assigned_to: bob.id, queue_id: support } });
    const notHolder = await kit.call('POST', path, ana.headers, { session_id: sessionId, to_attendant_id: ana.id, reason: 'back' });
    expect(notHolder).toMatchObject({ status: 409, body: { error: 'not_holder' } });
    const self = await kit.call('POST', path, bob.headers, { session_id: sessionId, to_attendant_id: bob.id, reason: 'me' });
    expect(self.status).toBe(400);

    const queue = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Escalations', channels: ['sms'] });
    const queueId = queue.body.id as string;
    const toQueue = await kit.call('POST', path, sup.headers, { session_id: sessionId, to_queue_id: queueId, reason: 'needs a specialist' });
    expect(toQueue).toEqual({ status: 200, body: { ok: true, session_id: sessionId, status: 'waiting', assigned_to: null, queue_id: queueId } });
    expect(await kit.item(sessionId)).toMatchObject({ status: 'waiting', queue_id: queueId, assigned_to: null });

    const events = await createAttendanceEventsRepo(kit.service.database.db).list({ session_id: sessionId });
    expect(events.map((e) => e.data)).toEqual(expect.arrayContaining([
      expect.objectContaining({ event: 'conversation.transferred', reason: 'billing question', attendant_id: bob.id, previous_attendant_id: ana.id }),
      expect.objectContaining({ event: 'conversation.requeued', reason: 'needs a specialist', previous_attendant_id: bob.id }),
    ]));

    // A waiting conversation is assigned, not transferred; a queue with open conversations cannot be deleted.
    const waiting = await kit.call('POST', path, sup.headers, { session_id: sessionId, to_attendant_id: ana.id, reason: 'x' });
    expect(waiting).toMatchObject({ status: 409, body: { error: 'invalid_transition' } });
    expect(await kit.call('DELETE', `/api/attendance/queues/${queueId}`, sup.headers)).toMatchObject({ status: 409, body: { error: 'queue_in_use' } });
  });

  test('to a queue whose member is online: auto-assigned to them within that queue', async () => {
    const dave = await kit.user('dave', ['attendant']);
    const queue = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Second line', channels: ['sms'], user_ids: [dave.id] });
    expect(queue.status).toBe(201);
    const { sessionId } = await kit.handoff();
    expect((await kit.command(bob.headers, `/take ${sessionId}`)).ok).toBe(true);
    expect((await kit.command(dave.headers, '/status online')).ok).toBe(true);
    const moved = await kit.call('POST', '/api/attendance/transfer', bob.headers, { session_id: sessionId, to_queue_id: queue.body.id, reason: 'second line' });
    expect(moved.body).toEqual({ ok: true, session_id: sessionId, status: 'assigned', assigned_to: dave.id, queue_id: queue.body.id });
    expect((await kit.command(dave.headers, '/status offline')).ok).toBe(true);
  });

  test('400, 401, 403 and 404', async () => {
    const { sessionId } = await kit.handoff();
    const path = '/api/attendance/transfer';
    const both = await kit.call('POST', path, sup.headers, { session_id: sessionId, to_attendant_id: ana.id, to_queue_id: UNKNOWN_ID, reason: 'r' });
    expect(both.status).toBe(400);
    expect((await kit.call('POST', path, sup.headers, { session_id: sessionId, reason: 'r' })).status).toBe(400);
    expect((await kit.call('POST', path, sup.headers, { session_id: sessionId, to_attendant_id: ana.id })).status).toBe(400);
    expect((await kit.call('POST', path, sup.headers, { session_id: sessionId, to_attendant_id: ana.id, reason: '  ' })).status).toBe(400);
    expect((await kit.call('POST', path, {}, { session_id: sessionId, to_attendant_id: ana.id, reason: 'r' })).status).toBe(401);
    expect((await kit.call('POST', path, carl.headers, { session_id: sessionId, to_attendant_id: ana.id, reason: 'r' })).status).toBe(403);
    const noSession = await kit.call('POST', path, sup.headers, { session_id: UNKNOWN_ID, to_attendant_id: ana.id, reason: 'r' });
    expect(noSession).toMatchObject({ status: 404, body: { error: 'session_not_found' } });
    expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
    const noUser = await kit.call('POST', path, ana.headers, { session_id: sessionId, to_attendant_id: UNKNOWN_ID, reason: 'r' });
    expect(noUser).toMatchObject({ status: 404, body: { error: 'attendant_not_found' } });
    const noQueue = await kit.call('POST', path, ana.headers, { session_id: sessionId, to_queue_id: UNKNOWN_ID, reason: 'r' });
    expect(noQueue).toMatchObject({ status: 404, body: { error: 'queue_not_found' } });
    expect(await kit.item(sessionId)).toMatchObject({ status: 'active', assigned_to: ana.id });
  });
});

describe('queues and members', () => {
  test('create with members and defaults, read by role, update, members idempotent, delete', async () => {
    const eva = await kit.user('eva', ['attendant']);
    const created = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Billing', channels: ['sms'], user_ids: [eva.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Billing', description: null, channels: ['sms'], is_active: true, priority_order: 0, max_wait_seconds: 600,
      auto_assign: true, bot_id: null, created_by: sup.id,
      members: [expect.objectContaining({ user_id: eva.id, username: 'eva', is_active: true, max_conversations: 5, priority: 0 })],
    });
    const id = created.body.id as string;
    const defaults = await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'Defaults', bot_id: kit.defaultBotId() });
    expect(defaults).toMatchObject({ status: 201, body: { channels: ['mobile_msg'], bot_id: kit.defaultBotId(), members: [] } });

    const all = (await kit.call('GET', '/api/attendance/queues', sup.headers)).body as unknown as { id: string; member_count: number }[];
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ id, member_count: 1 }), expect.objectContaining({ id: defaults.body.id })]));
    const evas = (await kit.call('GET', '/api/attendance/queues', eva.headers)).body as unknown as { id: string }[];
    expect(evas.map((q) => q.id)).toEqual([id]);
    expect((await kit.call('GET', `/api/attendance/queues/${id}`, eva.headers)).body).toMatchObject({ id, members: [expect.objectContaining({ user_id: eva.id })] });
    expect(await kit.call('GET', `/api/attendance/queues/${id}`, bob.headers)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await kit.call('GET', `/api/attendance/queues/${id}/members`, bob.headers)).status).toBe(403);

    const updated = await kit.call('PUT', `/api/attendance/queues/${id}`, sup.headers, { max_wait_seconds: 120, description: 'Invoices' });
    expect(updated).toMatchObject({ status: 200, body: { id, name: 'Billing', max_wait_seconds: 120, description: 'Invoices', channels: ['sms'] } });

    const added = await kit.call('POST', `/api/attendance/queues/${id}/members`, sup.headers, { user_id: bob.id });
    expect(added).toMatchObject({ status: 201, body: { queue_id: id, user_id: bob.id, max_conversations: 5, priority: 0, is_active: true } });
    const changed = await kit.call('POST', `/api/attendance/queues/${id}/members`, sup.headers, { user_id: bob.id, max_conversations: 2, priority: 1 });
    expect(changed).toMatchObject({ status: 200, body: { id: added.body.id, max_conversations: 2, priority: 1 } });
    const members = (await kit.call('GET', `/api/attendance/queues/${id}/members`, eva.headers)).body as unknown as { user_id: string }[];
    expect(members.map((m) => m.user_id)).toEqual([eva.id, bob.id]);
    expect(await kit.call('DELETE', `/api/attendance/queues/${id}/members/${bob.id}`, sup.headers)).toEqual({ status: 200, body: { ok: true } });
    expect(await kit.call('DELETE', `/api/attendance/queues/${id}/members/${bob.id}`, sup.headers)).toMatchObject({ status: 404, body: { error: 'member_not_found' } });

    expect(await kit.call('DELETE', `/api/attendance/queues/${id}`, sup.headers)).toEqual({ status: 200, body: { ok: true } });
    expect(await kit.call('GET', `/api/attendance/queues/${id}`, sup.headers)).toMatchObject({ status: 404, body: { error: 'queue_not_found' } });
    expect((await kit.call('GET', '/api/attendance/queues', eva.headers)).body).toEqual([]);
  });

  test('400, 401, 403 and 404', async () => {
    const q = '/api/attendance/queues';
    expect((await kit.call('POST', q, sup.headers, { name: '' })).status).toBe(400);
    expect((await kit.call('POST', q, sup.headers, { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await kit.call('POST', q, sup.headers, { name: 'Q', channels: ['Web Chat!'] })).status).toBe(400);
    expect((await kit.call('POST', q, sup.headers, { name: 'Q', max_wait_seconds: -1 })).status).toBe(400);
    expect((await kit.call('POST', q, sup.headers, { name: 'Q', user_ids: ['nope'] })).status).toBe(400);
    expect((await kit.call('POST', q, {}, { name: 'Q' })).status).toBe(401);
    expect((await kit.call('GET', q, BAD_TOKEN)).status).toBe(401);
    expect((await kit.call('POST', q, ana.headers, { name: 'Q' })).status).toBe(403);
    expect((await kit.call('GET', q, carl.headers)).status).toBe(403);
    expect(await kit.call('POST', q, sup.headers, { name: 'Q', user_ids: [UNKNOWN_ID] })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    expect(await kit.call('POST', q, sup.headers, { name: 'Q', user_ids: [carl.id] })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    expect(await kit.call('POST', q, sup.headers, { name: 'Q', bot_id: UNKNOWN_ID })).toMatchObject({ status: 404, body: { error: 'bot_not_found' } });

    const id = (await kit.call('POST', q, sup.headers, { name: 'Errors', channels: ['sms'] })).body.id as string;
    expect((await kit.call('GET', `${q}/not-a-uuid`, sup.headers)).status).toBe(400);
    expect(await kit.call('GET', `${q}/${UNKNOWN_ID}`, sup.headers)).toMatchObject({ status: 404, body: { error: 'queue_not_found' } });
    expect((await kit.call('PUT', `${q}/${id}`, sup.headers, {})).status).toBe(400);
    expect((await kit.call('PUT', `${q}/${id}`, sup.headers, { auto_assign: 'yes' })).status).toBe(400);
    expect((await kit.call('PUT', `${q}/${id}`, ana.headers, { name: 'Mine' })).status).toBe(403);
    expect((await kit.call('PUT', `${q}/${id}`, {}, { name: 'Mine' })).status).toBe(401);
    expect((await kit.call('PUT', `${q}/${UNKNOWN_ID}`, sup.headers, { name: 'Gone' })).status).toBe(404);
    expect((await kit.call('PUT', `${q}/${id}`, sup.headers, { bot_id: UNKNOWN_ID })).status).toBe(404);
    expect((await kit.call('DELETE', `${q}/${id}`, ana.headers)).status).toBe(403);
    expect((await kit.call('DELETE', `${q}/${id}`, {})).status).toBe(401);
    expect((await kit.call('DELETE', `${q}/${UNKNOWN_ID}`, sup.headers)).status).toBe(404);

    const m = `${q}/${id}/members`;
    expect((await kit.call('POST', m, sup.headers, { user_id: ana.id, max_conversations: 0 })).status).toBe(400);
    expect((await kit.call('POST', m, sup.headers, {})).status).toBe(400);
    expect((await kit.call('POST', m, ana.headers, { user_id: ana.id })).status).toBe(403);
    expect((await kit.call('POST', m, {}, { user_id: ana.id })).status).toBe(401);
    expect(await kit.call('POST', m, sup.headers, { user_id: UNKNOWN_ID })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    expect(await kit.call('POST', `${q}/${UNKNOWN_ID}/members`, sup.headers, { user_id: ana.id })).toMatchObject({ status: 404, body: { error: 'queue_not_found' } });
    expect((await kit.call('GET', `${q}/${UNKNOWN_ID}/members`, sup.headers)).status).toBe(404);
    expect((await kit.call('GET', m, {})).status).toBe(401);
    expect((await kit.call('DELETE', `${m}/${ana.id}`, ana.headers)).status).toBe(403);
    expect((await kit.call('DELETE', `${m}/not-a-uuid`, sup.headers)).status).toBe(400);
  });
});

describe('the first attendance endpoints: error statuses', () => {
  test('POST /commands, GET /queue, GET /attendants', async () => {
    expect((await kit.call('POST', '/api/attendance/commands', ana.headers, { text: '   ' })).status).toBe(400);
    expect((await kit.call('POST', '/api/attendance/commands', ana.headers, { text: '/queue', session_id: 'x' })).status).toBe(400);
    expect((await kit.call('POST', '/api/attendance/commands', {}, { text: '/queue' })).status).toBe(401);
    expect((await kit.call('POST', '/api/attendance/commands', carl.headers, { text: '/queue' })).status).toBe(403);
    expect((await kit.call('POST', '/api/attendance/commands', ana.headers, { text: '/queue' })).status).toBe(200);
    for (const path of ['/api/attendance/queue', '/api/attendance/attendants']) {
      expect((await kit.call('GET', path, {})).status).toBe(401);
      expect((await kit.call('GET', path, BAD_TOKEN)).status).toBe(401);
      expect((await kit.call('GET', path, carl.headers)).status).toBe(403);
      expect((await kit.call('GET', path, ana.headers)).status).toBe(200);
    }
  });

  test('POST /resolve/{session_id} and POST /sessions/{session_id}/messages', async () => {
    const { sessionId } = await kit.handoff();
    const resolve = `/api/attendance/resolve/${sessionId}`;
    const send = `/api/attendance/sessions/${sessionId}/messages`;
    expect((await kit.call('POST', '/api/attendance/resolve/not-a-uuid', sup.headers, {})).status).toBe(400);
    expect((await kit.call('POST', resolve, {}, {})).status).toBe(401);
    expect((await kit.call('POST', resolve, carl.headers, {})).status).toBe(403);
    expect(await kit.call('POST', `/api/attendance/resolve/${UNKNOWN_ID}`, sup.headers, {})).toMatchObject({ status: 404, body: { error: 'session_not_found' } });
    expect(await kit.call('POST', resolve, sup.headers, {})).toMatchObject({ status: 409, body: { error: 'invalid_transition' } }); // still waiting
    expect(await kit.call('POST', resolve, ana.headers, {})).toMatchObject({ status: 409, body: { error: 'not_holder' } });

    expect((await kit.call('POST', send, ana.headers, { text: '' })).status).toBe(400);
    expect((await kit.call('POST', send, ana.headers, {})).status).toBe(400);
    expect((await kit.call('POST', send, {}, { text: 'hi' })).status).toBe(401);
    expect((await kit.call('POST', send, carl.headers, { text: 'hi' })).status).toBe(403);
    expect((await kit.call('POST', `/api/attendance/sessions/${UNKNOWN_ID}/messages`, ana.headers, { text: 'hi' })).status).toBe(404);
    expect(await kit.call('POST', send, ana.headers, { text: 'hi' })).toMatchObject({ status: 409, body: { error: 'not_holder' } });

    expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
    expect(await kit.call('POST', send, ana.headers, { text: 'Hello' })).toEqual({ status: 200, body: { ok: true, session_id: sessionId, status: 'pending' } });
    expect(await kit.call('POST', resolve, ana.headers, {})).toEqual({ status: 200, body: { ok: true, session_id: sessionId, status: 'resolved' } });
  });
});

test('the OpenAPI document describes the queue, assign, transfer and kanban endpoints from their schemas', async () => {
  const doc = (await kit.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  for (const [path, method] of [
    ['/api/attendance/assign', 'post'], ['/api/attendance/transfer', 'post'], ['/api/attendance/queues', 'post'], ['/api/attendance/queues', 'get'],
    ['/api/attendance/queues/{id}', 'put'], ['/api/attendance/queues/{id}', 'delete'], ['/api/attendance/queues/{id}/members', 'post'],
    ['/api/attendance/queues/{id}/members/{user_id}', 'delete'], ['/api/attendance/kanban', 'get'], ['/api/attendance/kanban/move', 'put'],
  ] as const) {
    expect(doc.paths[path]?.[method]).toBeDefined();
  }
  expect(doc.paths['/api/attendance/kanban/move']!.put!.requestBody).toBeDefined();
});
