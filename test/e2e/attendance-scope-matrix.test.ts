import type { WebSocket } from 'ws';
import { startKit, type Headers, type Kit } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { connectFrameSocket } from '../support/frame-socket.js';

/**
 * One scope rule for attendants (attendance/commands/attendant-scope.ts), checked over every
 * attendance route, command and console frame that acts on a conversation, for every role: who
 * may see, take, message, transfer, resolve, assist or co-browse a conversation of queue "front".
 */

type Role = 'admin' | 'supervisor' | 'attendant in the queue' | 'attendant in another queue' | 'attendant in no queue' | 'author' | 'anonymous';
const ROLES: Role[] = ['admin', 'supervisor', 'attendant in the queue', 'attendant in another queue', 'attendant in no queue', 'author', 'anonymous'];
/** Roles the rule lets act on the conversation. */
const IN_SCOPE = new Set<Role>(['admin', 'supervisor', 'attendant in the queue']);

let kit: Kit;
const headers = new Map<Role, Partial<Headers>>();
const userIds = new Map<Role, string>();
let front: string;
let back: string;
const sockets: WebSocket[] = [];

let bots: TestBots;

beforeAll(async () => {
  // Every cell opens a new web visitor from one address: the default bot with room for all of them.
  bots = await createTestBots();
  await bots.add('default', { 'web-rate-limit': '1000' });
  kit = await startKit({ BOTS_DIR: bots.dir });
  const made = {
    supervisor: await kit.user('sup', ['supervisor']),
    'attendant in the queue': await kit.user('inq', ['attendant']),
    'attendant in another queue': await kit.user('otherq', ['attendant']),
    'attendant in no queue': await kit.user('noq', ['attendant']),
    author: await kit.user('writer', ['author']),
  } as const;
  headers.set('admin', kit.admin);
  headers.set('anonymous', {});
  for (const [role, user] of Object.entries(made) as [Role, { id: string; headers: Headers }][]) {
    headers.set(role, user.headers);
    userIds.set(role, user.id);
  }
  // Web conversations wait in "front" (no automatic assignment); "back" serves another channel.
  front = (await kit.call('POST', '/api/attendance/queues', kit.admin, {
    name: 'front', channels: ['web'], auto_assign: false, priority_order: -100, user_ids: [made['attendant in the queue'].id],
  })).body.id as string;
  back = (await kit.call('POST', '/api/attendance/queues', kit.admin, {
    name: 'back', channels: ['sms'], auto_assign: false, user_ids: [made['attendant in another queue'].id],
  })).body.id as string;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await kit.service.dispose();
  await bots.remove();
});

/** A fresh conversation waiting in "front" (every earlier one is resolved first, so `/take` without an id has one choice). */
async function waiting(): Promise<string> {
  const open = (await kit.call('GET', '/api/attendance/queue', kit.admin)).body as unknown as { session_id: string; status: string }[];
  for (const item of open) {
    if (item.status === 'waiting') await kit.command(kit.admin, `/take ${item.session_id}`);
    const resolved = await kit.call('POST', `/api/attendance/resolve/${item.session_id}`, kit.admin);
    if (resolved.status !== 200) throw new Error(`clean-up: ${JSON.stringify(resolved.body)}`);
  }
  const { sessionId } = await kit.handoff();
  expect((await kit.item(sessionId))?.queue_id).toBe(front);
  return sessionId;
}

/** The conversation held by the role when it is in scope, else by the attendant of the queue. */
async function held(role: Role): Promise<string> {
  const sessionId = await waiting();
  const holder = IN_SCOPE.has(role) ? role : 'attendant in the queue';
  await kit.command(headers.get(holder) as Headers, `/take ${sessionId}`);
  return sessionId;
}

const call = (role: Role, method: string, path: string, body?: unknown) => kit.call(method, path, headers.get(role), body);

/** What each action answers for a role: the HTTP status, or for commands and frames the error code. */
const ACTIONS: Record<string, (role: Role) => Promise<number | string>> = {
  'GET /api/attendance/queue lists it': async (role) => {
    const sessionId = await waiting();
    const res = await call(role, 'GET', '/api/attendance/queue');
    if (res.status !== 200) return res.status;
    return (res.body as unknown as { session_id: string }[]).some((i) => i.session_id === sessionId) ? 200 : 'hidden';
  },
  'command /take <id>': async (role) => commandAnswer(role, `/take ${await waiting()}`),
  'command /take (next)': async (role) => {
    const sessionId = await waiting();
    const res = await call(role, 'POST', '/api/attendance/commands', { text: '/take' });
    if (res.status !== 200) return res.status;
    if (res.body.ok !== true) return 'refused';
    return res.body.session_id === sessionId ? 200 : 'took another';
  },
  'POST /api/attendance/sessions/:id/messages': async (role) => {
    const sessionId = await held(role);
    return (await call(role, 'POST', `/api/attendance/sessions/${sessionId}/messages`, { text: 'hello from attendance' })).status;
  },
  'command /resolve <id>': async (role) => commandAnswer(role, `/resolve ${await held(role)}`),
  'POST /api/attendance/resolve/:id': async (role) => (await call(role, 'POST', `/api/attendance/resolve/${await held(role)}`)).status,
  'POST /api/attendance/transfer': async (role) => {
    const sessionId = await held(role);
    return (await call(role, 'POST', '/api/attendance/transfer', { session_id: sessionId, to_queue_id: back, reason: 'billing question' })).status;
  },
  'GET /api/attendance/llm/summary/:id': async (role) => (await call(role, 'GET', `/api/attendance/llm/summary/${await waiting()}`)).status,
  'POST /api/attendance/llm/tips': async (role) => (await call(role, 'POST', '/api/attendance/llm/tips', { session_id: await waiting() })).status,
  'POST /api/attendance/tickets': async (role) => {
    const res = await call(role, 'POST', '/api/attendance/tickets', { session_id: await waiting(), subject: 'Refund' });
    return res.status === 201 ? 200 : res.status;
  },
  'console frame command /take <id>': async (role) => frameAnswer(role, { type: 'command', text: `/take ${await waiting()}` }),
  'console frame message': async (role) => frameAnswer(role, { type: 'message', session_id: await held(role), text: 'hi there' }),
  // Co-browse asks the web visitor of a held conversation (docs/attendance/co-browse.md).
  'console frame cobrowse_request': async (role) => frameAnswer(role, { type: 'cobrowse_request', session_id: await held(role) }),
  // A kept co-browse (docs/attendance/co-browse.md, "Storage"): this bot keeps none, so past the rule the answer is recording_not_found.
  'GET /api/attendance/sessions/:id/cobrowse/:id': async (role) => keptCobrowseAnswer(await call(role, 'GET', `/api/attendance/sessions/${await waiting()}/cobrowse/${NO_COBROWSE}`)),
  'DELETE /api/attendance/sessions/:id/cobrowse/:id': async (role) => keptCobrowseAnswer(await call(role, 'DELETE', `/api/attendance/sessions/${await waiting()}/cobrowse/${NO_COBROWSE}`)),
};

const NO_COBROWSE = '00000000-0000-4000-8000-000000000000';
/** Allowed (200) when the answer is that nothing is kept under that id: the scope rule let the caller through. */
function keptCobrowseAnswer(res: { status: number; body: { error?: string } }): number {
  return res.status === 404 && res.body.error === 'recording_not_found' ? 200 : res.status;
}

/** A command over REST: the HTTP status when refused by role, `refused` when the command answered `ok: false`. */
async function commandAnswer(role: Role, text: string): Promise<number | string> {
  const res = await call(role, 'POST', '/api/attendance/commands', { text });
  if (res.status !== 200) return res.status;
  return res.body.ok === true ? 200 : 'refused';
}

/** Sends one frame on a new console socket: 200 for a success, the error code, or the close code when the socket was refused. */
async function frameAnswer(role: Role, frame: Record<string, unknown>): Promise<number | string> {
  const token = headers.get(role)?.authorization?.slice('Bearer '.length) ?? '';
  const socket = connectFrameSocket(`${kit.service.url.replace('http', 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
  await socket.opened;
  socket.send({ ...frame, request_id: 'r1' });
  const answer = await Promise.race([
    socket.next((f) => f.request_id === 'r1', 'answer'),
    socket.closed.then((c) => ({ type: 'closed', code: c.code })),
  ]);
  socket.ws.close();
  if ('code' in answer) return answer.code as number;
  if (answer.type === 'error') return String(answer.error);
  return answer.type === 'command_result' && answer.ok !== true ? 'refused' : 200;
}

/** What the rule says each role gets. */
function expected(action: string, role: Role): number | string {
  const frame = action.startsWith('console frame');
  if (role === 'anonymous') return frame ? 4401 : 401;
  if (role === 'author') return frame ? 4403 : 403;
  // Deleting a kept co-browse is for supervisors and admins (docs/attendance/co-browse.md, "Storage").
  if (action.startsWith('DELETE') && role === 'attendant in the queue') return 403;
  if (IN_SCOPE.has(role)) return 200;
  if (action === 'GET /api/attendance/queue lists it') return 'hidden';
  if (action.startsWith('command') || action === 'console frame command /take <id>') return 'refused';
  return frame ? 'forbidden' : 403;
}

const cells = Object.keys(ACTIONS).flatMap((action) => ROLES.map((role) => [action, role] as const));

test.each(cells)('%s × %s', async (action, role) => {
  expect(await ACTIONS[action]!(role)).toBe(expected(action, role));
});
