import { decodeJwt } from 'jose';
import { startKit, UNKNOWN_ID, type Headers, type Kit } from '../support/attendance-kit.js';

/**
 * Who may use a room (docs/meetings.md, "Who may use a room"; meetings/room-access.ts), over every
 * meetings route for every role. The room belongs to a web customer's conversation: an attendant
 * opened it (and invited a colleague by user id) while holding the conversation, then transferred
 * the conversation to another attendant — so creator, invited user and the conversation's
 * attendant are three different people.
 */

type Role =
  | 'admin' | 'supervisor' | 'attendant who created the room' | 'attendant invited to the room' | 'attendant of the room\'s conversation'
  | 'attendant not in the room' | 'author not in the room' | 'customer' | 'anonymous';
const ROLES: Role[] = [
  'admin', 'supervisor', 'attendant who created the room', 'attendant invited to the room', 'attendant of the room\'s conversation',
  'attendant not in the room', 'author not in the room', 'customer', 'anonymous',
];

/** One row per route: the status (or outcome) each role gets, in the order of ROLES. */
const EXPECTED: Record<string, (number | string)[]> = {
  //                                                          admin sup  creator invited conv  outsider author customer anonymous
  'POST /api/meet/create': /*                              */ [201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/meet/create for the conversation': /*         */ [201, 201, 403, 403, 201, 403, 403, 401, 401],
  'GET /api/meet/rooms': /*                                */ ['listed', 'listed', 'listed', 'listed', 'listed', 'not listed', 'not listed', 401, 401],
  'GET /api/meet/rooms/{id}': /*                           */ [200, 200, 200, 200, 200, 403, 403, 401, 401],
  'POST /api/meet/rooms/{id}/join': /*                     */ ['guest', 'guest', 'guest', 'guest', 'guest', 'guest', 'guest', 'guest', 'guest'],
  'POST /api/meet/rooms/{id}/end': /*                      */ [200, 200, 200, 200, 200, 403, 403, 401, 401],
  'POST /api/meet/token': /*                               */ ['own', 'own', 'own', 'own', 'own', 403, 403, 401, 401],
  'POST /api/meet/token naming oneself': /*                */ ['own', 'own', 'own', 'own', 'own', 403, 403, 401, 401],
  'POST /api/meet/token naming another user': /*           */ [403, 403, 403, 403, 403, 403, 403, 401, 401],
  'POST /api/meet/transcription': /*                       */ [200, 200, 200, 200, 200, 403, 403, 401, 401],
  'POST /api/meet/invite': /*                              */ [200, 200, 200, 200, 200, 403, 403, 401, 401],
  'POST /api/meet/invite to another conversation': /*      */ [200, 200, 403, 403, 403, 403, 403, 401, 401],
  'POST /api/meet/conversations/create': /*                */ [201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/meet/conversations/{id}/join': /*             */ [200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/meet/conversations/{id}/calls/start': /*      */ [403, 403, 201, 201, 403, 403, 403, 401, 401],
  'POST /webhooks/rtc/{bot}': /*                           */ [401, 401, 401, 401, 401, 401, 401, 401, 401],
  'GET /meet/{room}': /*                                   */ [200, 200, 200, 200, 200, 200, 200, 200, 200],
};

let kit: Kit;
const headers = new Map<Role, Partial<Headers>>();
const userIds = new Map<Role, string>();
let conversation: string;
let otherConversation: string;
let victim: string;
/** Rooms of the conversation, made by its first attendant: one shared, one more per role to end. */
let shared: string;
const toEnd = new Map<Role, string>();

beforeAll(async () => {
  kit = await startKit();
  const made = {
    supervisor: await kit.user('sup', ['supervisor']),
    'attendant who created the room': await kit.user('creator', ['attendant']),
    'attendant invited to the room': await kit.user('invited', ['attendant']),
    'attendant of the room\'s conversation': await kit.user('holder', ['attendant']),
    'attendant not in the room': await kit.user('outsider', ['attendant']),
    'author not in the room': await kit.user('writer', ['author']),
  } as const;
  victim = (await kit.user('victim', ['attendant'])).id;
  headers.set('admin', kit.admin);
  userIds.set('admin', decodeJwt(kit.admin.authorization.slice('Bearer '.length)).sub!);
  headers.set('anonymous', {});
  for (const [role, user] of Object.entries(made) as [Role, { id: string; headers: Headers }][]) {
    headers.set(role, user.headers);
    userIds.set(role, user.id);
  }
  const creator = made['attendant who created the room'];
  const customer = await kit.handoff();
  conversation = customer.sessionId;
  // A customer holds a web session token, not a user's: it opens no signed-in endpoint.
  headers.set('customer', { authorization: `Bearer ${customer.token}` });
  otherConversation = (await kit.handoff()).sessionId;

  await kit.command(creator.headers, `/take ${conversation}`, conversation);
  const room = async () => {
    const res = await kit.call('POST', '/api/meet/create', creator.headers, { session_id: conversation, participants: [made['attendant invited to the room'].id] });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  shared = await room();
  for (const role of ROLES) toEnd.set(role, await room());
  const moved = await kit.call('POST', '/api/attendance/transfer', creator.headers, {
    session_id: conversation, to_attendant_id: made['attendant of the room\'s conversation'].id, reason: 'video specialist',
  });
  expect(moved.status).toBe(200);
});
afterAll(async () => {
  await kit.service.dispose();
});

const call = (role: Role, method: string, path: string, body?: unknown) => kit.call(method, path, headers.get(role), body);
const ownIdentity = (role: Role) => `user-${userIds.get(role)}`;

/** `own` when a token came back for the caller's own identity (its JWT's subject too); else the status. */
async function tokenOutcome(role: Role, body: Record<string, unknown>): Promise<number | string> {
  const res = await call(role, 'POST', '/api/meet/token', { room: shared, ...body });
  if (res.status !== 200) return res.status;
  const sub = decodeJwt(res.body.token as string).sub;
  return res.body.identity === ownIdentity(role) && sub === ownIdentity(role) ? 'own' : `200 as ${String(sub)}`;
}

const CELLS: Record<string, (role: Role) => Promise<number | string>> = {
  'POST /api/meet/create': async (role) => (await call(role, 'POST', '/api/meet/create', { title: 'Team sync' })).status,
  'POST /api/meet/create for the conversation': async (role) => (await call(role, 'POST', '/api/meet/create', { session_id: conversation })).status,
  'GET /api/meet/rooms': async (role) => {
    const res = await call(role, 'GET', `/api/meet/rooms?session_id=${conversation}`);
    if (res.status !== 200) return res.status;
    return (res.body.rooms as { id: string }[]).some((r) => r.id === shared) ? 'listed' : 'not listed';
  },
  'GET /api/meet/rooms/{id}': async (role) => (await call(role, 'GET', `/api/meet/rooms/${shared}`)).status,
  'POST /api/meet/rooms/{id}/join': async (role) => {
    const res = await call(role, 'POST', `/api/meet/rooms/${shared}/join`, { name: 'Someone' });
    return res.status === 200 && String(res.body.identity).startsWith('guest-') ? 'guest' : `${res.status} ${String(res.body.identity)}`;
  },
  'POST /api/meet/rooms/{id}/end': async (role) => (await call(role, 'POST', `/api/meet/rooms/${toEnd.get(role)}/end`)).status,
  'POST /api/meet/token': (role) => tokenOutcome(role, {}),
  'POST /api/meet/token naming oneself': (role) => tokenOutcome(role, { identity: ownIdentity(role) }),
  'POST /api/meet/token naming another user': (role) => tokenOutcome(role, { identity: `user-${victim}` }),
  'POST /api/meet/transcription': async (role) => (await call(role, 'POST', '/api/meet/transcription', { room: shared, action: 'start' })).status,
  'POST /api/meet/invite': async (role) => (await call(role, 'POST', '/api/meet/invite', { room: shared, message_customer: true })).status,
  'POST /api/meet/invite to another conversation': async (role) =>
    (await call(role, 'POST', '/api/meet/invite', { room: shared, session_id: otherConversation })).status,
  'POST /api/meet/conversations/create': async (role) => (await call(role, 'POST', '/api/meet/conversations/create', { title: 'Chat' })).status,
  'POST /api/meet/conversations/{id}/join': async (role) => {
    const made = await kit.call('POST', '/api/meet/conversations/create', kit.admin, { title: 'Open chat' });
    return (await call(role, 'POST', `/api/meet/conversations/${made.body.id as string}/join`)).status;
  },
  'POST /api/meet/conversations/{id}/calls/start': async (role) => {
    // The creator's conversation with the invited attendant: its members start calls.
    const made = await kit.call('POST', '/api/meet/conversations/create', headers.get('attendant who created the room'), {
      title: 'Pair', members: [userIds.get('attendant invited to the room')],
    });
    return (await call(role, 'POST', `/api/meet/conversations/${made.body.id as string}/calls/start`, {})).status;
  },
  'POST /webhooks/rtc/{bot}': async (role) => (await call(role, 'POST', '/webhooks/rtc/default', { event: 'room_finished', room: { name: 'x' } })).status,
  'GET /meet/{room}': async (role) => {
    const name = (await kit.call('GET', `/api/meet/rooms/${shared}`, kit.admin)).body.name as string;
    return (await fetch(`${kit.service.url}/meet/${name}`, { headers: headers.get(role) })).status;
  },
};

describe('every meetings route answers each role by the room-access rule', () => {
  test('the matrix covers every meetings path of the OpenAPI document', async () => {
    const doc = (await kit.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).filter(([, op]) => op.tags?.includes('meetings')).map(([method]) => `${method.toUpperCase()} ${path}`));
    const covered = new Set(Object.keys(CELLS).map((cell) => cell.split(' ').slice(0, 2).join(' ')));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect(Object.keys(CELLS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.keys(EXPECTED))('%s', async (route) => {
    const got: (number | string)[] = [];
    for (const role of ROLES) got.push(await CELLS[route]!(role));
    expect(Object.fromEntries(ROLES.map((role, i) => [role, got[i]]))).toEqual(Object.fromEntries(ROLES.map((role, i) => [role, EXPECTED[route]![i]])));
  });

  test('an unknown room is 404 for everyone signed in, before any access check', async () => {
    for (const role of ['admin', 'attendant not in the room'] as const) {
      expect((await call(role, 'GET', `/api/meet/rooms/${UNKNOWN_ID}`)).status).toBe(404);
      expect((await call(role, 'POST', '/api/meet/token', { room: UNKNOWN_ID })).status).toBe(404);
    }
  });

  test('a refused token names the rule; the invited attendant is still refused another identity', async () => {
    const res = await call('attendant invited to the room', 'POST', '/api/meet/token', { room: shared, identity: `user-${victim}` });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', message: expect.stringContaining(ownIdentity('attendant invited to the room')) } });
    const outsider = await call('attendant not in the room', 'GET', `/api/meet/rooms/${shared}`);
    expect(outsider).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });
});
