import type { WebSocket } from 'ws';
import { startKit, until, UNKNOWN_ID, type Headers, type Kit } from '../support/attendance-kit.js';
import { connectFrameSocket } from '../support/frame-socket.js';

// Business hours, automatic replies and SLA policies through the HTTP API and the console socket
// (docs/attendance/business-hours.md, docs/attendance/sla.md), and who may call each route.

let kit: Kit;
let sup: { id: string; headers: Headers };
let member: { id: string; headers: Headers };
let outsider: { id: string; headers: Headers };
let author: { id: string; headers: Headers };
let queueId: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  kit = await startKit();
  sup = await kit.user('sla-sup', ['supervisor']);
  member = await kit.user('sla-member', ['attendant']);
  outsider = await kit.user('sla-outsider', ['attendant']);
  author = await kit.user('sla-author', ['author']);
  queueId = (await kit.call('POST', '/api/attendance/queues', kit.admin, {
    name: 'front', channels: ['web'], auto_assign: false, priority_order: -100, user_ids: [member.id],
  })).body.id as string;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await kit.service.dispose();
});

const NEVER_OPEN = { time_zone: 'Europe/Lisbon', weekly: {}, holidays: [] };

describe('role matrix of the business-hours and SLA routes', () => {
  type Role = 'admin' | 'supervisor' | 'attendant in the queue' | 'attendant in another queue' | 'author' | 'anonymous';
  const headersOf = (role: Role): Partial<Headers> => ({
    admin: kit.admin, supervisor: sup.headers, 'attendant in the queue': member.headers, 'attendant in another queue': outsider.headers,
    author: author.headers, anonymous: {},
  })[role];
  const ROLES: Role[] = ['admin', 'supervisor', 'attendant in the queue', 'attendant in another queue', 'author', 'anonymous'];
  /** Each route with what each role gets: readers, editors (supervisors and admins) or a reader scoped to the queue. */
  const ROUTES: [string, string, () => unknown, 'read' | 'queue-read' | 'edit'][] = [
    ['GET', '/api/attendance/queues/:q/hours', () => undefined, 'queue-read'],
    ['PUT', '/api/attendance/queues/:q/hours', () => ({ time_zone: 'UTC', weekly: null }), 'edit'],
    ['GET', '/api/attendance/sla/policies', () => undefined, 'read'],
    ['POST', '/api/attendance/sla/policies', () => ({ name: `p-${Math.random()}`, tier: `t-${Math.random()}`, first_response_seconds: 600 }), 'edit'],
    ['PUT', '/api/attendance/sla/policies/:p', () => ({ resolution_seconds: 7200 }), 'edit'],
    ['DELETE', '/api/attendance/sla/policies/:p', () => undefined, 'edit'],
    ['GET', '/api/attendance/sla/clocks', () => undefined, 'read'],
    ['GET', '/api/attendance/insights/sla', () => undefined, 'edit'],
  ];
  const expected = (kind: 'read' | 'queue-read' | 'edit', role: Role): number => {
    if (role === 'anonymous') return 401;
    if (role === 'author') return 403;
    if (role === 'admin' || role === 'supervisor') return 200;
    if (kind === 'edit') return 403;
    if (kind === 'queue-read' && role === 'attendant in another queue') return 403;
    return 200;
  };
  const cells = ROUTES.flatMap((r) => ROLES.map((role) => [r[0], r[1], role, r] as const));
  test.each(cells)('%s %s × %s', async (_m, _p, role, [method, path, body, kind]) => {
    // A fresh policy for the routes of one policy, so a DELETE by one role leaves the next its own.
    const policy = path.includes(':p')
      ? (await kit.call('POST', '/api/attendance/sla/policies', kit.admin, { name: `m-${Math.random()}`, tier: `m-${Math.random()}`, resolution_seconds: 60 })).body.id as string
      : '';
    const res = await kit.call(method, path.replace(':q', queueId).replace(':p', policy), headersOf(role), body());
    expect(res.status === 201 ? 200 : res.status).toBe(expected(kind, role));
  });
});

describe('business hours', () => {
  afterEach(async () => {
    await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, kit.admin, { time_zone: 'UTC', weekly: null });
  });

  test('hours are validated and read back with whether the queue is open', async () => {
    const bad = await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, sup.headers, { ...NEVER_OPEN, time_zone: 'Mars/Olympus' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_hours' } });
    const backwards = await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, sup.headers, { ...NEVER_OPEN, weekly: { mon: [{ open: '18:00', close: '09:00' }] } });
    expect(backwards).toMatchObject({ status: 400, body: { error: 'invalid_hours' } });
    expect((await kit.call('PUT', `/api/attendance/queues/${UNKNOWN_ID}/hours`, sup.headers, NEVER_OPEN)).status).toBe(404);
    const set = await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, sup.headers, NEVER_OPEN);
    expect(set).toMatchObject({ status: 200, body: { queue_id: queueId, open_now: false, next_opening: null, closed_action: 'wait' } });
    expect((await kit.call('GET', `/api/attendance/queues/${queueId}/hours`, member.headers)).body).toMatchObject({ time_zone: 'Europe/Lisbon', open_now: false });
  });

  test('outside business hours the customer gets the automatic reply and the conversation becomes a ticket, back with the bot', async () => {
    await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, sup.headers, {
      ...NEVER_OPEN, closed_action: 'ticket',
      auto_replies: [
        { kind: 'closed', channel: '*', language: '*', text: 'The {queue} team is closed.' },
        { kind: 'closed', channel: 'sms', language: '*', text: 'not for the web' },
      ],
    });
    const first = await kit.say('hi');
    await kit.say('I want a person', first.session_token);
    const history = await until(() => kit.history(first.session_token), (h) => h.some((m) => m.text.startsWith('We opened ticket')));
    expect(history.map((m) => m.text)).toContain('The front team is closed.');
    const list = (await kit.call('GET', `/api/attendance/tickets?session_id=${first.session_id}`, kit.admin)).body as unknown as { tickets: { tags: string[] }[] };
    expect(list.tickets.map((t) => t.tags)).toEqual([['after_hours']]);
    expect(await kit.item(first.session_id)).toBeUndefined();
  });

  test('open with nobody online, the conversation waits with the nobody_online reply', async () => {
    await kit.call('PUT', `/api/attendance/queues/${queueId}/hours`, sup.headers, {
      time_zone: 'UTC', weekly: null, closed_action: 'wait',
      auto_replies: [{ kind: 'nobody_online', channel: 'web', language: '*', text: 'Nobody is here; we keep your place.' }],
    });
    const { sessionId, token } = await kit.handoff();
    expect((await kit.item(sessionId))?.status).toBe('waiting');
    expect((await kit.history(token)).map((m) => m.text)).toContain('Nobody is here; we keep your place.');
  });
});

describe('SLA policies', () => {
  test('a breach is a live frame for supervisors, a clock in the list, and counted in the attainment', async () => {
    const policy = await kit.call('POST', '/api/attendance/sla/policies', sup.headers, {
      name: 'front fast', queue_id: queueId, first_response_seconds: 1, resolution_seconds: 3600, business_hours: false,
    });
    expect(policy).toMatchObject({ status: 201, body: { queue_id: queueId, tier: null, first_response_seconds: 1 } });
    const again = await kit.call('POST', '/api/attendance/sla/policies', sup.headers, { name: 'twin', queue_id: queueId, first_response_seconds: 5 });
    expect(again).toMatchObject({ status: 409, body: { error: 'policy_exists' } });
    expect((await kit.call('POST', '/api/attendance/sla/policies', sup.headers, { name: 'x', queue_id: UNKNOWN_ID })).status).toBe(404);

    const token = sup.headers.authorization.slice('Bearer '.length);
    const socket = connectFrameSocket(`${kit.service.url.replace('http', 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
    await socket.opened;
    const { sessionId } = await kit.handoff();
    const frame = await socket.next((f) => f.type === 'sla_breached', 'the breach frame');
    expect(frame.clock).toMatchObject({ subject: 'conversation', subject_id: sessionId, metric: 'first_response', target_seconds: 1, queue_id: queueId });

    const clocks = (await kit.call('GET', '/api/attendance/sla/clocks', member.headers)).body as unknown as { subject_id: string; metric: string; breached_at: string | null }[];
    expect(clocks.filter((c) => c.subject_id === sessionId).map((c) => [c.metric, c.breached_at !== null]).sort()).toEqual([['first_response', true], ['resolution', false]]);
    expect(((await kit.call('GET', '/api/attendance/sla/clocks', outsider.headers)).body as unknown as unknown[]).length).toBe(0);

    const attainment = (await kit.call('GET', '/api/attendance/insights/sla', sup.headers)).body as { by_queue: { id: string; metric: string; breached: number; attainment: number }[] };
    expect(attainment.by_queue).toContainEqual({ id: queueId, metric: 'first_response', total: 1, met: 0, breached: 1, attainment: 0 });
    await kit.call('DELETE', `/api/attendance/sla/policies/${policy.body.id as string}`, sup.headers);
  });
});
