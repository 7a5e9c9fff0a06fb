import { startKit, UNKNOWN_ID, type Headers, type Kit, type User } from '../support/attendance-kit.js';

// Custom reports over HTTP (docs/attendance/reports.md): a conversation attended through the API
// shows up in a report; the role matrix of every report route; saving, sharing and the owner's
// rights; CSV downloads; validation; the OpenAPI document.

let kit: Kit;
let sup: User;
let other: User;
let ana: User;
let writer: User;

beforeAll(async () => {
  kit = await startKit();
  sup = await kit.user('sup', ['supervisor']);
  other = await kit.user('sup2', ['supervisor']);
  ana = await kit.user('ana', ['attendant']);
  writer = await kit.user('writer', ['author']);
  // One attended conversation: handed off, taken by Ana, resolved.
  const { sessionId } = await kit.handoff();
  expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
  expect((await kit.call('POST', `/api/attendance/resolve/${sessionId}`, ana.headers)).status).toBe(200);
  await kit.service.eventsHandled();
}, 120_000);
afterAll(async () => { await kit.service.dispose(); });

const TODAY = { measures: ['conversations', 'resolved', 'avg_wait'], group_by: ['attendant', 'channel'], period: 'today' };
const csv = async (method: string, path: string, headers: Partial<Headers>, body?: unknown) => {
  const res = await fetch(`${kit.service.url}${path}`, {
    method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
};

test('a report counts the conversation Ana attended, by attendant and channel, and downloads as CSV', async () => {
  const res = await kit.call('POST', '/api/attendance/reports/run', sup.headers, TODAY);
  expect(res.status).toBe(200);
  expect(res.body.columns).toEqual([
    { key: 'attendant', kind: 'dimension', labelled: true }, { key: 'channel', kind: 'dimension' },
    { key: 'conversations', kind: 'measure', unit: 'count' }, { key: 'resolved', kind: 'measure', unit: 'count' }, { key: 'avg_wait', kind: 'measure', unit: 'seconds' },
  ]);
  expect(res.body.rows).toEqual([{ attendant: ana.id, attendant_label: 'ana', channel: 'web', conversations: 1, resolved: 1, avg_wait: expect.any(Number) }]);
  expect(res.body.truncated).toBe(false);

  const file = await csv('POST', '/api/attendance/reports/export', sup.headers, TODAY);
  expect([file.status, file.type, file.disposition]).toEqual([200, 'text/csv; charset=utf-8', expect.stringMatching(/^attachment; filename="?report-\d{4}-\d{2}-\d{2}\.csv"?$/)]);
  expect(file.text.split('\r\n')[0]).toBe('attendant,attendant_id,channel,conversations,resolved,avg_wait');
  expect(file.text.split('\r\n')[1]).toMatch(new RegExp(`^ana,${ana.id},web,1,1,[\\d.]+$`));
});

test('a bad definition is 400 validation_error with the place it is wrong', async () => {
  for (const body of [
    { measures: ['tickets'] }, { measures: ['conversations'], group_by: ['status'] }, { measures: ['conversations; drop table users'] },
    { measures: ['conversations'], time_zone: 'Nowhere/City' }, { measures: ['conversations'], period: 'custom' }, { measures: ['conversations'], filters: { sql: '1=1' } },
  ]) {
    const res = await kit.call('POST', '/api/attendance/reports/run', sup.headers, body);
    expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error: 'validation_error' });
  }
  const noRecipients = await kit.call('POST', '/api/attendance/reports', sup.headers, { name: 'x', definition: TODAY, schedule: 'daily' });
  expect([noRecipients.status, noRecipients.body.error]).toEqual([400, 'validation_error']);
});

test('saved and shared: attendants it is shared with read, run and export it; only the owner or an admin changes it', async () => {
  const saved = await kit.call('POST', '/api/attendance/reports', sup.headers, {
    name: 'Today by attendant', definition: TODAY, shared_roles: ['attendant'], schedule: 'daily', recipients: ['lead@example.test'],
  });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({ name: 'Today by attendant', owner_id: sup.id, can_edit: true, schedule: 'daily', definition: { ...TODAY, time_zone: 'UTC' } });
  const id = saved.body.id as string;
  const mine = await kit.call('POST', '/api/attendance/reports', sup.headers, { name: 'Private', definition: { measures: ['csat'] } });

  const listed = async (who: Partial<Headers>) => ((await kit.call('GET', '/api/attendance/reports', who)).body.reports as { name: string }[]).map((r) => r.name).sort();
  expect(await listed(sup.headers)).toEqual(['Private', 'Today by attendant']);
  expect(await listed(ana.headers)).toEqual(['Today by attendant']);
  expect(await listed(other.headers)).toEqual([]);
  expect(await listed(kit.admin)).toEqual(['Private', 'Today by attendant']);

  expect((await kit.call('GET', `/api/attendance/reports/${id}/result`, ana.headers)).body.rows).toHaveLength(1);
  expect((await csv('GET', `/api/attendance/reports/${id}/csv`, ana.headers)).disposition).toMatch(/filename="?Today-by-attendant-\d{4}-\d{2}-\d{2}\.csv/);
  expect((await kit.call('GET', `/api/attendance/reports/${mine.body.id as string}`, other.headers)).status).toBe(404);

  const refused = await kit.call('PATCH', `/api/attendance/reports/${id}`, other.headers, { name: 'mine now' });
  expect([refused.status, refused.body.error]).toEqual([404, 'report_not_found']);
  await kit.call('PATCH', `/api/attendance/reports/${id}`, sup.headers, { shared_user_ids: [other.id] });
  const notOwner = await kit.call('PATCH', `/api/attendance/reports/${id}`, other.headers, { name: 'mine now' });
  expect([notOwner.status, notOwner.body.error]).toEqual([403, 'forbidden']);
  expect((await kit.call('DELETE', `/api/attendance/reports/${id}`, other.headers)).status).toBe(403);
  const renamed = await kit.call('PATCH', `/api/attendance/reports/${id}`, kit.admin, { name: 'Renamed by admin', schedule: 'none' });
  expect(renamed.body).toMatchObject({ name: 'Renamed by admin', schedule: 'none', can_edit: true });
  expect((await kit.call('DELETE', `/api/attendance/reports/${id}`, sup.headers)).body).toEqual({ ok: true });
  expect((await kit.call('GET', `/api/attendance/reports/${id}`, sup.headers)).status).toBe(404);
});

type Role = 'admin' | 'supervisor' | 'attendant' | 'author' | 'anonymous';
const ROLES: Role[] = ['admin', 'supervisor', 'attendant', 'author', 'anonymous'];
const headersOf = (role: Role): Partial<Headers> => ({ admin: kit.admin, supervisor: sup.headers, attendant: ana.headers, author: writer.headers, anonymous: {} })[role];

/** Every report route, with what each role gets on a report the supervisor owns and shares with nobody. */
const MATRIX: [string, (role: Role, id: string) => Promise<number>, Record<Role, number>][] = [
  ['GET /api/attendance/reports/catalogue', async (r) => (await kit.call('GET', '/api/attendance/reports/catalogue', headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 403, author: 403, anonymous: 401 }],
  ['POST /api/attendance/reports/run', async (r) => (await kit.call('POST', '/api/attendance/reports/run', headersOf(r), TODAY)).status,
    { admin: 200, supervisor: 200, attendant: 403, author: 403, anonymous: 401 }],
  ['POST /api/attendance/reports/export', async (r) => (await csv('POST', '/api/attendance/reports/export', headersOf(r), TODAY)).status,
    { admin: 200, supervisor: 200, attendant: 403, author: 403, anonymous: 401 }],
  ['GET /api/attendance/reports', async (r) => (await kit.call('GET', '/api/attendance/reports', headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 200, author: 200, anonymous: 401 }],
  ['POST /api/attendance/reports', async (r) => (await kit.call('POST', '/api/attendance/reports', headersOf(r), { name: 'n', definition: TODAY })).status,
    { admin: 201, supervisor: 201, attendant: 403, author: 403, anonymous: 401 }],
  ['GET /api/attendance/reports/:id', async (r, id) => (await kit.call('GET', `/api/attendance/reports/${id}`, headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 404, author: 404, anonymous: 401 }],
  ['GET /api/attendance/reports/:id/result', async (r, id) => (await kit.call('GET', `/api/attendance/reports/${id}/result`, headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 404, author: 404, anonymous: 401 }],
  ['GET /api/attendance/reports/:id/csv', async (r, id) => (await csv('GET', `/api/attendance/reports/${id}/csv`, headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 404, author: 404, anonymous: 401 }],
  ['PATCH /api/attendance/reports/:id', async (r, id) => (await kit.call('PATCH', `/api/attendance/reports/${id}`, headersOf(r), { name: 'changed' })).status,
    { admin: 200, supervisor: 200, attendant: 403, author: 403, anonymous: 401 }],
  ['DELETE /api/attendance/reports/:id', async (r, id) => (await kit.call('DELETE', `/api/attendance/reports/${id}`, headersOf(r))).status,
    { admin: 200, supervisor: 200, attendant: 403, author: 403, anonymous: 401 }],
];

test('role matrix: every report route for every role', async () => {
  const got: Record<string, Record<Role, number>> = {};
  const expected: Record<string, Record<Role, number>> = {};
  for (const [name, act, want] of MATRIX) {
    expected[name] = want;
    got[name] = {} as Record<Role, number>;
    for (const role of ROLES) {
      const id = (await kit.call('POST', '/api/attendance/reports', sup.headers, { name: 'matrix', definition: TODAY })).body.id as string;
      got[name][role] = await act(role, id);
    }
  }
  expect(got).toEqual(expected);
  expect((await kit.call('GET', `/api/attendance/reports/${UNKNOWN_ID}`, sup.headers)).body.error).toBe('report_not_found');
});

test('the routes are in the OpenAPI document', async () => {
  const doc = (await (await fetch(`${kit.service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const operations = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/attendance/reports'))
    .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`)).sort();
  expect(operations).toEqual([
    'DELETE /api/attendance/reports/{id}', 'GET /api/attendance/reports', 'GET /api/attendance/reports/catalogue', 'GET /api/attendance/reports/{id}',
    'GET /api/attendance/reports/{id}/csv', 'GET /api/attendance/reports/{id}/result', 'PATCH /api/attendance/reports/{id}', 'POST /api/attendance/reports',
    'POST /api/attendance/reports/export', 'POST /api/attendance/reports/run',
  ]);
  expect(Object.keys(doc.paths['/api/attendance/reports/{id}']!.patch!.responses).sort()).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
});
