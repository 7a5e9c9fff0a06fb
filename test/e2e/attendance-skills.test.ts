import { startKit, UNKNOWN_ID, type Headers, type Kit, type User } from '../support/attendance-kit.js';

// Skills-based routing over HTTP (docs/attendance/skills-routing.md): the role matrix of its
// routes, their validation, and a web customer's conversation reaching the attendant with the
// queue's skill at the highest level, then the less loaded one when levels tie.

let kit: Kit;
let ana: User;
let bea: User;
let sup: User;
let writer: User;
let front: string;

beforeAll(async () => {
  kit = await startKit();
  ana = await kit.user('ana', ['attendant']);
  bea = await kit.user('bea', ['attendant']);
  sup = await kit.user('sup', ['supervisor']);
  writer = await kit.user('writer', ['author']);
  // Web conversations go to "front", which needs Spanish at level 3 (ahead of the bot's declared queue).
  const created = await kit.call('POST', '/api/attendance/queues', sup.headers, {
    name: 'front', channels: ['web'], priority_order: -100, user_ids: [ana.id, bea.id], required_skills: [{ name: ' Spanish ', min_level: 3 }],
  });
  expect(created).toMatchObject({ status: 201, body: { required_skills: [{ name: 'spanish', min_level: 3 }] } });
  front = created.body.id as string;
});
afterAll(async () => { await kit.service.dispose(); });

type Role = 'admin' | 'supervisor' | 'attendant' | 'author' | 'anonymous';
const ROLES: Role[] = ['admin', 'supervisor', 'attendant', 'author', 'anonymous'];
const headersOf = (role: Role): Partial<Headers> =>
  ({ admin: kit.admin, supervisor: sup.headers, attendant: ana.headers, author: writer.headers, anonymous: {} })[role];

/** One row per route: what each role gets, in the order of ROLES. */
const MATRIX: Record<string, { call: (role: Role) => Promise<number>; expected: number[] }> = {
  'GET /api/attendance/skills': {
    call: async (role) => (await kit.call('GET', '/api/attendance/skills', headersOf(role))).status,
    expected: [200, 200, 403, 403, 401],
  },
  'PUT /api/attendance/attendants/:user_id/skills': {
    call: async (role) => (await kit.call('PUT', `/api/attendance/attendants/${bea.id}/skills`, headersOf(role), { skills: [{ name: 'spanish', level: 4 }] })).status,
    expected: [200, 200, 403, 403, 401],
  },
  'PUT /api/attendance/queues/:id (required_skills)': {
    call: async (role) => (await kit.call('PUT', `/api/attendance/queues/${front}`, headersOf(role), { required_skills: [{ name: 'spanish', min_level: 3 }] })).status,
    expected: [200, 200, 403, 403, 401],
  },
};

test.each(Object.keys(MATRIX))('role matrix: %s', async (route) => {
  const got: number[] = [];
  for (const role of ROLES) got.push(await MATRIX[route]!.call(role));
  expect(Object.fromEntries(ROLES.map((role, i) => [role, got[i]]))).toEqual(Object.fromEntries(ROLES.map((role, i) => [role, MATRIX[route]!.expected[i]])));
});

test('skills are validated: level 1–5, a name, an attendant who exists', async () => {
  for (const skills of [[{ name: 'spanish', level: 6 }], [{ name: 'spanish', level: 0 }], [{ name: '', level: 2 }], [{ name: 'x'.repeat(51), level: 2 }]]) {
    const res = await kit.call('PUT', `/api/attendance/attendants/${ana.id}/skills`, sup.headers, { skills });
    expect({ skills, status: res.status, error: res.body.error }).toEqual({ skills, status: 400, error: 'validation_error' });
  }
  const bad = await kit.call('PUT', `/api/attendance/queues/${front}`, sup.headers, { required_skills: [{ name: 'spanish', min_level: 9 }] });
  expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
  const unknown = await kit.call('PUT', `/api/attendance/attendants/${UNKNOWN_ID}/skills`, sup.headers, { skills: [] });
  expect([unknown.status, unknown.body.error]).toEqual([404, 'attendant_not_found']);
});

test('a conversation of the queue goes to the member with the skill at the highest level, then the less loaded', async () => {
  // Duplicates merge at their highest level; names are stored in lower case.
  expect(await kit.call('PUT', `/api/attendance/attendants/${ana.id}/skills`, sup.headers, { skills: [{ name: 'Spanish', level: 2 }, { name: 'spanish', level: 1 }] }))
    .toMatchObject({ status: 200, body: { user_id: ana.id, skills: [{ name: 'spanish', level: 2 }] } });
  await kit.call('PUT', `/api/attendance/attendants/${bea.id}/skills`, sup.headers, { skills: [{ name: 'spanish', level: 4 }, { name: 'billing', level: 1 }] });
  for (const user of [ana, bea]) expect((await kit.command(user.headers, '/status online')).ok).toBe(true);

  // Ana has Spanish at 2, below the queue's 3: Bea gets it though Ana is as free.
  const first = await kit.handoff();
  expect(await kit.item(first.sessionId)).toMatchObject({ queue_id: front, assigned_to: bea.id });
  // The queue shows what it asks: the queue's requirement (the conversation asks nothing of its own).
  const listed = await kit.call('GET', '/api/attendance/queue', sup.headers);
  expect((listed.body as unknown as { session_id: string; required_skills: unknown }[]).find((i) => i.session_id === first.sessionId))
    .toMatchObject({ required_skills: [{ name: 'spanish', min_level: 3 }] });

  // Ana at 4 too: level ties, and Ana holds nothing while Bea holds one.
  await kit.call('PUT', `/api/attendance/attendants/${ana.id}/skills`, sup.headers, { skills: [{ name: 'spanish', level: 4 }] });
  const second = await kit.handoff();
  expect(await kit.item(second.sessionId)).toMatchObject({ queue_id: front, assigned_to: ana.id });

  const overview = await kit.call('GET', '/api/attendance/skills', sup.headers);
  expect(overview.body).toMatchObject({
    names: ['billing', 'spanish'],
    queues: expect.arrayContaining([{ id: front, name: 'front', required_skills: [{ name: 'spanish', min_level: 3 }] }]),
    attendants: expect.arrayContaining([expect.objectContaining({ user_id: bea.id, skills: [{ name: 'billing', level: 1 }, { name: 'spanish', level: 4 }] })]),
  });
});

test('the routes, the queues\' required_skills and the queue items\' are in the OpenAPI document', async () => {
  const doc = (await (await fetch(`${kit.service.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> };
  };
  expect(Object.keys(doc.paths['/api/attendance/skills']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
  expect(Object.keys(doc.paths['/api/attendance/attendants/{user_id}/skills']?.put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
  // The queue's body and answer carry its requirement.
  for (const schema of ['CreateQueueRequest', 'UpdateQueueRequest', 'AttendanceQueueWithMembers', 'AttendanceQueueList', 'SetAttendantSkillsRequest', 'QueueItem']) {
    expect({ schema, skills: /"(required_skills|skills)"/.test(JSON.stringify(doc.components.schemas[schema] ?? null)) }).toEqual({ schema, skills: true });
  }
});
