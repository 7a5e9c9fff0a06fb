import type { WebSocket } from 'ws';
import { createAttendanceEventsRepo, createQueuesRepo } from '../../db/index.js';
import { connectFrameSocket, type Frame, type FrameSocket } from '../support/frame-socket.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

// Ticket changes leave one `ticket_*` event each in the attendance log and push a `ticket_updated`
// frame to the assignee (and the previous one on assign and transfer), supervisors and admins.

interface Ticket { id: string; session_id: string; ticket_number: number; status: string; assigned_to: string | null }
type Headers = { authorization: string };
interface User { id: string; headers: Headers; token: string }

let service: TestService;
let admin: Headers;
let tia: User; // attendant of the web queue, holds the conversation
let tom: User; // attendant of another queue
let sue: User; // supervisor
let session: string;
const sockets: WebSocket[] = [];

const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });

async function call<T>(method: string, path: string, headers: Partial<Headers>, body?: unknown, status = 200): Promise<T> {
  const res = await fetch(`${service.url}${path}`, { method, headers: json(headers), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function createUser(username: string, roles: string[]): Promise<User> {
  const password = 'password-for-tests';
  const { id } = await call<{ id: string }>('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles }, 201);
  const headers = await bearerFor(service.url, username, password);
  return { id, headers, token: headers.authorization.replace(/^Bearer /, '') };
}

async function consoleOf(user: User): Promise<FrameSocket> {
  const client = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(user.token)}`, sockets);
  await client.opened;
  return client;
}

const ticketFrame = (ticketId: string, change: string) => (f: Frame) =>
  f.type === 'ticket_updated' && f.change === change && (f.ticket as { id?: string } | undefined)?.id === ticketId;
const ticketEvents = async () =>
  (await createAttendanceEventsRepo(service.database.db).list({ session_id: session })).filter((e) => e.type.startsWith('ticket_'));

beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  [tia, tom, sue] = [await createUser('evtia', ['attendant']), await createUser('evtom', ['attendant']), await createUser('evsue', ['supervisor'])];
  const queues = createQueuesRepo(service.database.db);
  const web = await queues.create({ name: 'Web', channels: ['web'] });
  const other = await queues.create({ name: 'WhatsApp', channels: ['whatsapp'] });
  await queues.addMember({ queue_id: web.id, user_id: tia.id });
  await queues.addMember({ queue_id: other.id, user_id: tom.id });
  await call('POST', '/api/attendance/commands', tia.headers, { text: '/status online' });
  const first = await call<{ session_id: string; session_token: string }>('POST', '/api/channels/web/default/messages', {}, { text: 'hi' });
  session = first.session_id;
  await call('POST', '/api/channels/web/default/messages', {}, { text: 'I need a human', session_token: first.session_token });
  await service.eventsHandled();
  expect(await call('POST', '/api/attendance/commands', tia.headers, { text: '/take' })).toMatchObject({ ok: true });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service.dispose();
});

describe('ticket changes in the event log and on the console', () => {
  test('create, assign, transfer, update, resolve and delete: one event each, and a ticket_updated frame', async () => {
    const [tiaWs, tomWs, sueWs] = await Promise.all([consoleOf(tia), consoleOf(tom), consoleOf(sue)]);

    const ticket = await call<Ticket>('POST', '/api/attendance/tickets', tia.headers, { session_id: session, subject: 'Printer broken', category: 'support' }, 201);
    const created = {
      type: 'ticket_updated', change: 'created',
      ticket: {
        id: ticket.id, ticket_number: ticket.ticket_number, session_id: session, subject: 'Printer broken', status: 'open',
        priority: 'normal', category: 'support', assigned_to: tia.id,
      },
    };
    expect(await sueWs.next(ticketFrame(ticket.id, 'created'), 'created (supervisor)')).toEqual(created);
    expect(await tiaWs.next(ticketFrame(ticket.id, 'created'), 'created (assignee)')).toEqual(created);

    // Assigned to Tom: he and Tia (who had it) are told, the open ticket is now in progress.
    await call('POST', `/api/attendance/tickets/${ticket.id}/assign`, sue.headers, { user_id: tom.id });
    expect(await tomWs.next(ticketFrame(ticket.id, 'assigned'), 'assigned (new assignee)'))
      .toMatchObject({ ticket: { assigned_to: tom.id, status: 'in_progress' } });
    await tiaWs.next(ticketFrame(ticket.id, 'assigned'), 'assigned (previous assignee)');
    await sueWs.next(ticketFrame(ticket.id, 'assigned'), 'assigned (supervisor)');
    // Frames arrive in publish order: Tom was not told about the creation, which was not his.
    expect(tomWs.frames.filter((f) => f.type === 'ticket_updated' && f.change === 'created')).toEqual([]);

    await call('POST', `/api/attendance/tickets/${ticket.id}/transfer`, tom.headers, { to_user_id: tia.id, reason: 'her customer' });
    await tiaWs.next(ticketFrame(ticket.id, 'transferred'), 'transferred (new assignee)');
    await tomWs.next(ticketFrame(ticket.id, 'transferred'), 'transferred (previous assignee)');

    await call('PUT', `/api/attendance/tickets/${ticket.id}`, tia.headers, { priority: 'high', status: 'pending' });
    expect(await sueWs.next(ticketFrame(ticket.id, 'updated'), 'updated')).toMatchObject({ ticket: { priority: 'high', status: 'pending' } });

    await call('POST', `/api/attendance/tickets/${ticket.id}/resolve`, tia.headers, { resolution: 'new toner' });
    expect(await tiaWs.next(ticketFrame(ticket.id, 'resolved'), 'resolved')).toMatchObject({ ticket: { status: 'resolved' } });

    await call('DELETE', `/api/attendance/tickets/${ticket.id}`, sue.headers);
    expect(await sueWs.next(ticketFrame(ticket.id, 'deleted'), 'deleted')).toMatchObject({ ticket: { id: ticket.id, status: 'resolved' } });

    const base = { ticket_id: ticket.id, ticket_number: ticket.ticket_number };
    const events = (await ticketEvents()).filter((e) => e.data.ticket_id === ticket.id);
    expect(events.map((e) => ({ type: e.type, attendant_id: e.attendant_id, data: e.data }))).toEqual([
      { type: 'ticket_created', attendant_id: tia.id, data: { ...base, status: 'open', actor_id: tia.id } },
      { type: 'ticket_assigned', attendant_id: tom.id, data: { ...base, status: 'in_progress', previous_status: 'open', actor_id: sue.id } },
      { type: 'ticket_transferred', attendant_id: tia.id, data: { ...base, status: 'in_progress', actor_id: tom.id, reason: 'her customer' } },
      { type: 'ticket_updated', attendant_id: tia.id, data: { ...base, status: 'pending', previous_status: 'in_progress', actor_id: tia.id } },
      { type: 'ticket_resolved', attendant_id: tia.id, data: { ...base, status: 'resolved', previous_status: 'pending', actor_id: tia.id } },
      { type: 'ticket_deleted', attendant_id: sue.id, data: { ...base, status: 'resolved', actor_id: sue.id } },
    ]);
    const bot = (await createAttendanceEventsRepo(service.database.db).list({ session_id: session })).find((e) => e.type === 'queued')?.bot_id;
    expect(bot).toEqual(expect.any(String));
    expect(events.every((e) => e.bot_id === bot && e.session_id === session)).toBe(true);
  });

  test('/resolve of the conversation resolves its tickets: ticket_resolved without an actor, and a frame', async () => {
    const sueWs = await consoleOf(sue);
    const ticket = await call<Ticket>('POST', '/api/attendance/tickets', tia.headers, { session_id: session, subject: 'Call back' }, 201);
    expect(await call('POST', '/api/attendance/commands', tia.headers, { text: '/resolve' })).toMatchObject({ ok: true });
    expect(await sueWs.next(ticketFrame(ticket.id, 'resolved'), 'resolved by the conversation'))
      .toMatchObject({ ticket: { status: 'resolved', assigned_to: tia.id } });
    const resolved = (await ticketEvents()).filter((e) => e.data.ticket_id === ticket.id && e.type === 'ticket_resolved');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ attendant_id: tia.id, data: { status: 'resolved', previous_status: 'open' } });
    expect(resolved[0]!.data).not.toHaveProperty('actor_id');
  });

  test('the insights ignore ticket events', async () => {
    const insights = await call<{ counts: { conversations: number; resolved: number } }>('GET', '/api/attendance/insights', sue.headers);
    expect(insights.counts).toMatchObject({ conversations: 1, resolved: 1 });
  });
});
