import { gunzipSync } from 'node:zlib';
import { startKit, UNKNOWN_ID, type Headers, type Kit } from '../support/attendance-kit.js';

// The tenant routes (docs/operations/tenants.md, "Lifecycle"): operators only (an admin is
// refused), the default tenant kept, the archive streamed as a download.

const DEFAULT_TENANT_ID = '00000000-0000-0000-0000-000000000001';
let kit: Kit;
/** The seeded first admin: also the installation's operator. */
let operator: Headers;
const others: Partial<Record<'admin' | 'supervisor' | 'attendant' | 'author', { id: string; headers: Headers }>> = {};

beforeAll(async () => {
  kit = await startKit();
  operator = kit.admin;
  for (const role of ['admin', 'supervisor', 'attendant', 'author'] as const) others[role] = await kit.user(`tenants-${role}`, [role]);
});
afterAll(async () => { await kit.service.dispose(); });

let made = 0;
const newTenant = async () => (await kit.call('POST', '/api/tenants', operator, { slug: `t-${++made}` })).body.id as string;

describe('role matrix', () => {
  type Role = 'operator' | 'admin' | 'supervisor' | 'attendant' | 'author' | 'anonymous';
  const ROLES: Role[] = ['operator', 'admin', 'supervisor', 'attendant', 'author', 'anonymous'];
  const headersOf = (role: Role): Partial<Headers> => (role === 'operator' ? operator : role === 'anonymous' ? {} : others[role]!.headers);
  const ROUTES: [string, string, () => unknown][] = [
    ['POST', '/api/tenants', () => ({ slug: `m-${++made}` })],
    ['GET', '/api/tenants', () => undefined],
    ['GET', '/api/tenants/:t', () => undefined],
    ['PATCH', '/api/tenants/:t', () => ({ max_bots: 5 })],
    ['POST', '/api/tenants/:t/suspend', () => undefined],
    ['POST', '/api/tenants/:t/resume', () => undefined],
    ['GET', '/api/tenants/:t/export', () => undefined],
    ['DELETE', '/api/tenants/:t', () => undefined],
    ['GET', '/api/tenants/:t/members', () => undefined],
    ['PUT', '/api/tenants/:t/members/:u', () => ({ roles: ['attendant'] })],
    ['DELETE', '/api/tenants/:t/members/:u', () => undefined],
  ];
  const cells = ROUTES.flatMap((r) => ROLES.map((role) => [r[0], r[1], role, r[2]] as const));
  test.each(cells)('%s %s × %s', async (method, path, role, body) => {
    const tenant = await newTenant();
    const user = others.attendant!.id;
    // The member route's user is a member already, so the DELETE has one to remove.
    await kit.call('PUT', `/api/tenants/${tenant}/members/${user}`, operator, { roles: ['attendant'] });
    const url = path.replace(':t', tenant).replace(':u', user);
    const res = method === 'GET' && path.endsWith('/export')
      ? { status: (await fetch(`${kit.service.url}${url}`, { headers: headersOf(role) })).status }
      : await kit.call(method, url, headersOf(role), body());
    const expected = role === 'operator' ? (method === 'POST' && path === '/api/tenants' ? 201 : 200) : role === 'anonymous' ? 401 : 403;
    expect(res.status).toBe(expected);
  });
});

test('the first admin is the operator; no admin can make another through the users API', async () => {
  expect((await kit.call('GET', '/api/users/me', operator)).body.roles).toEqual(['admin', 'operator']);
  const res = await kit.call('POST', '/api/users', operator, { username: 'would-be-op', email: 'op@example.test', password: 'password-for-tests', roles: ['operator'] });
  expect(res).toMatchObject({ status: 400, body: { error: 'validation_error' } });
});

test('the default tenant cannot be suspended or deleted, nor given members', async () => {
  for (const [method, path] of [['POST', '/suspend'], ['DELETE', ''], ['PUT', `/members/${others.author!.id}`]] as const) {
    const res = await kit.call(method, `/api/tenants/${DEFAULT_TENANT_ID}${path}`, operator, method === 'PUT' ? { roles: ['admin'] } : undefined);
    expect(res).toMatchObject({ status: 409, body: { error: 'default_tenant', message: expect.stringMatching(/default tenant/) } });
  }
  expect((await kit.call('GET', `/api/tenants/${DEFAULT_TENANT_ID}`, operator)).body).toMatchObject({ slug: 'default', status: 'active' });
});

test('create, change quotas, suspend, resume, members, export and delete', async () => {
  const created = await kit.call('POST', '/api/tenants', operator, { slug: 'acme', name: 'Acme', max_bots: 2, max_storage_bytes: 1_000_000 });
  expect(created).toMatchObject({ status: 201, body: { slug: 'acme', name: 'Acme', status: 'active', max_bots: 2, max_attendants: null, max_storage_bytes: 1_000_000 } });
  const id = created.body.id as string;
  expect(await kit.call('POST', '/api/tenants', operator, { slug: 'acme' })).toMatchObject({ status: 409, body: { error: 'slug_taken' } });
  expect(await kit.call('POST', '/api/tenants', operator, { slug: 'Not A Slug' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
  expect(await kit.call('PATCH', `/api/tenants/${id}`, operator, { max_bots: null, max_attendants: 3 }))
    .toMatchObject({ status: 200, body: { max_bots: null, max_attendants: 3, max_storage_bytes: 1_000_000 } });
  expect(await kit.call('PATCH', `/api/tenants/${id}`, operator, {})).toMatchObject({ status: 400 });
  expect(await kit.call('POST', `/api/tenants/${id}/suspend`, operator)).toMatchObject({ status: 200, body: { status: 'suspended', suspended_at: expect.any(String) } });
  expect(await kit.call('POST', `/api/tenants/${id}/resume`, operator)).toMatchObject({ status: 200, body: { status: 'active', suspended_at: null } });

  const member = others.supervisor!.id;
  expect(await kit.call('PUT', `/api/tenants/${id}/members/${member}`, operator, { roles: ['supervisor', 'author'] }))
    .toMatchObject({ status: 200, body: { tenant_id: id, user_id: member, roles: ['supervisor', 'author'] } });
  expect((await kit.call('PUT', `/api/tenants/${id}/members/${member}`, operator, { roles: ['operator'] })).status).toBe(400);
  expect(await kit.call('PUT', `/api/tenants/${id}/members/${UNKNOWN_ID}`, operator, { roles: ['admin'] })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
  expect((await kit.call('GET', `/api/tenants/${id}/members`, operator)).body.members).toEqual([expect.objectContaining({ user_id: member })]);

  const download = await fetch(`${kit.service.url}/api/tenants/${id}/export`, { headers: operator });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/gzip');
  expect(download.headers.get('content-disposition')).toContain('tenant-acme.jsonl.gz');
  const lines = gunzipSync(Buffer.from(await download.arrayBuffer())).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines[0]).toMatchObject({ format: 'switchboard-tenant-export', version: 1, tenant: { id, slug: 'acme' } });
  expect(lines.filter((l) => 'table' in l)).toEqual([{ table: 'tenant_memberships', row: expect.objectContaining({ tenant_id: id, user_id: member }) }]);
  expect(lines.at(-1)).toEqual({ end: true, rows: 1, files: 0 });

  expect(await kit.call('DELETE', `/api/tenants/${id}/members/${member}`, operator)).toMatchObject({ status: 200, body: { deleted: true } });
  expect(await kit.call('DELETE', `/api/tenants/${id}`, operator)).toMatchObject({ status: 200, body: { deleted: true, id, slug: 'acme', files_deleted: 0 } });
  expect(await kit.call('GET', `/api/tenants/${id}`, operator)).toMatchObject({ status: 404, body: { error: 'tenant_not_found' } });
  expect((await kit.call('GET', '/api/tenants', operator)).body.tenants).not.toContainEqual(expect.objectContaining({ slug: 'acme' }));
});

test('the routes are in the OpenAPI document', async () => {
  const doc = (await kit.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  expect(Object.keys(doc.paths['/api/tenants/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
  expect(Object.keys(doc.paths['/api/tenants/{id}/members/{user_id}']!).sort()).toEqual(['delete', 'put']);
  expect(doc.paths['/api/tenants/{id}/export']!.get).toMatchObject({ tags: ['tenants'] });
});
