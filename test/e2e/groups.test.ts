import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Groups over HTTP on the embedded identity provider (docs/groups.md): the role matrix of every
 * endpoint, the `{error, code, status}` bodies and the per-user limits, on whichever driver set
 * the run uses.
 */
type Auth = { authorization: string };
let service: TestService;
const who: Record<'owner' | 'orgAdmin' | 'groupAdmin' | 'member' | 'outsider' | 'writer' | 'reader', Auth> = {} as never;
const ids: Record<string, string> = {};
let groupId: string;

const call = async (auth: Auth | undefined, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const groupError = (code: string, status: number) => ({ error: expect.any(String) as string, code, status });

async function makeUser(admin: Auth, username: string, roles: string[] = []) {
  const password = `${username}-password`;
  const res = await call(admin, 'POST', '/api/users', { username, email: `${username}@example.test`, password, roles });
  expect(res.status).toBe(201);
  ids[username] = String(res.body.id);
  return bearerFor(service.url, username, password);
}

beforeAll(async () => {
  service = await startTestService();
  who.owner = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const users = await Promise.all([
    makeUser(who.owner, 'second-admin', ['admin']),
    ...(['groupAdmin', 'member', 'outsider', 'writer', 'reader'] as const).map((name) => makeUser(who.owner, name.toLowerCase(), ['attendant'])),
  ]);
  [who.orgAdmin, who.groupAdmin, who.member, who.outsider, who.writer, who.reader] = users as [Auth, Auth, Auth, Auth, Auth, Auth];
  const created = await call(who.owner, 'POST', '/api/groups/create', { name: 'Support', description: 'Front line', domain: 'support.example.test' });
  expect(created.status).toBe(201);
  groupId = String(created.body.id);
  expect(await call(who.owner, 'POST', `/api/groups/${groupId}/members/add`, { user_id: ids.groupadmin, role: 'admin' })).toMatchObject({ status: 200 });
  expect(await call(who.owner, 'POST', `/api/groups/${groupId}/members/add`, { user_id: ids.member })).toMatchObject({ status: 200 });
}, 120_000);
afterAll(async () => { await service.dispose(); });

describe('role matrix (docs/groups.md, who may do what)', () => {
  test('create: organization admins only; the answer is id, name, created_at', async () => {
    const made = await call(who.orgAdmin, 'POST', '/api/groups/create', { name: 'Sales', description: '', domain: 'sales.example.test' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(String), name: 'Sales', created_at: expect.any(String) });
    for (const caller of [who.groupAdmin, who.member, who.outsider]) {
      expect(await call(caller, 'POST', '/api/groups/create', { name: 'Nope' })).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    }
  });

  test('update: the owner, a group admin or an organization admin; not a plain member or an outsider', async () => {
    for (const [caller, name] of [[who.owner, 'Support 1'], [who.groupAdmin, 'Support 2'], [who.orgAdmin, 'Support 3']] as const) {
      const res = await call(caller, 'PUT', `/api/groups/${groupId}/update`, { name });
      expect(res).toEqual({ status: 200, body: { id: groupId, name, updated_at: expect.any(String) } });
    }
    for (const caller of [who.member, who.outsider]) {
      expect(await call(caller, 'PUT', `/api/groups/${groupId}/update`, { description: 'x' })).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    }
  });

  test('list: each caller sees the groups they belong to with member_count; organization admins see all', async () => {
    const mine = await call(who.member, 'GET', '/api/groups/list');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ groups: [{ id: groupId, name: expect.any(String), member_count: 3, created_at: expect.any(String) }], total: 1 });
    expect((await call(who.outsider, 'GET', '/api/groups/list')).body).toEqual({ groups: [], total: 0 });
    const all = await call(who.orgAdmin, 'GET', '/api/groups/list?limit=1&offset=0');
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    expect(all.body.groups).toHaveLength(1);
    expect((await call(undefined, 'GET', '/api/groups/list')).status).toBe(401);
  });

  test('members: any member sees them; outsiders and organization admins outside the group do not', async () => {
    for (const caller of [who.owner, who.groupAdmin, who.member]) {
      const res = await call(caller, 'GET', `/api/groups/${groupId}/members`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.members).toEqual(expect.arrayContaining([
        { user_id: ids.member, username: 'member', email: 'member@example.test', role: 'member', joined_at: expect.any(String) },
        { user_id: ids.groupadmin, username: 'groupadmin', email: 'groupadmin@example.test', role: 'admin', joined_at: expect.any(String) },
      ]));
    }
    for (const caller of [who.outsider, who.orgAdmin]) {
      expect(await call(caller, 'GET', `/api/groups/${groupId}/members`)).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    }
  });

  test('add and remove: group admins (the owner too); MEMBER_EXISTS and MEMBER_NOT_FOUND', async () => {
    const add = (caller: Auth) => call(caller, 'POST', `/api/groups/${groupId}/members/add`, { user_id: ids.outsider, role: 'member' });
    const remove = (caller: Auth) => call(caller, 'DELETE', `/api/groups/${groupId}/members/remove`, { user_id: ids.outsider });
    for (const caller of [who.member, who.outsider, who.orgAdmin]) {
      expect(await add(caller)).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
      expect(await remove(caller)).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    }
    expect(await add(who.groupAdmin)).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(await add(who.owner)).toEqual({ status: 409, body: groupError('MEMBER_EXISTS', 409) });
    expect(await remove(who.groupAdmin)).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(await remove(who.owner)).toEqual({ status: 404, body: groupError('MEMBER_NOT_FOUND', 404) });
  });

  test('only an owner makes or removes owners; a group admin cannot', async () => {
    const byAdmin = await call(who.groupAdmin, 'POST', `/api/groups/${groupId}/members/add`, { user_id: ids.outsider, role: 'owner' });
    expect(byAdmin).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    const ownerId = ((await call(who.owner, 'GET', `/api/groups/${groupId}/members`)).body.members as { user_id: string; role: string }[])
      .find((m) => m.role === 'owner')!.user_id;
    expect(await call(who.groupAdmin, 'DELETE', `/api/groups/${groupId}/members/remove`, { user_id: ownerId })).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
  });

  test('delete: the owner only', async () => {
    const made = await call(who.owner, 'POST', '/api/groups/create', { name: 'Short-lived' });
    const id = String(made.body.id);
    await call(who.owner, 'POST', `/api/groups/${id}/members/add`, { user_id: ids.groupadmin, role: 'admin' });
    for (const caller of [who.groupAdmin, who.orgAdmin, who.outsider]) {
      expect(await call(caller, 'DELETE', `/api/groups/${id}/delete`)).toEqual({ status: 403, body: groupError('UNAUTHORIZED', 403) });
    }
    expect(await call(who.owner, 'DELETE', `/api/groups/${id}/delete`)).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(await call(who.owner, 'DELETE', `/api/groups/${id}/delete`)).toEqual({ status: 404, body: groupError('GROUP_NOT_FOUND', 404) });
  });
});

describe('errors', () => {
  test('an unknown group is GROUP_NOT_FOUND on every group endpoint', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['PUT', `/api/groups/${unknown}/update`, { name: 'x' }], ['DELETE', `/api/groups/${unknown}/delete`, undefined],
      ['GET', `/api/groups/${unknown}/members`, undefined], ['POST', `/api/groups/not-a-uuid/members/add`, { user_id: ids.member }],
      ['DELETE', `/api/groups/${unknown}/members/remove`, { user_id: ids.member }],
    ] as const) {
      expect(await call(who.owner, method, path, body)).toEqual({ status: 404, body: groupError('GROUP_NOT_FOUND', 404) });
    }
  });

  test('invalid input is a 400 before the provider is asked', async () => {
    expect((await call(who.owner, 'POST', '/api/groups/create', { name: '' })).status).toBe(400);
    expect((await call(who.owner, 'PUT', `/api/groups/${groupId}/update`, {})).status).toBe(400);
    expect((await call(who.owner, 'POST', `/api/groups/${groupId}/members/add`, { user_id: ids.outsider, role: 'boss' })).status).toBe(400);
  });
});

describe('limits (docs/groups.md)', () => {
  test('20 writes a minute per user, then 429 with the rate-limit body', async () => {
    for (let i = 0; i < 20; i++) expect((await call(who.writer, 'POST', '/api/groups/create', { name: 'x' })).status).toBe(403);
    const refused = await call(who.writer, 'POST', '/api/groups/create', { name: 'x' });
    expect(refused).toEqual({
      status: 429,
      body: { error: 'rate_limit_exceeded', message: expect.any(String), limit: 20, window: '1m', retry_after: expect.any(Number), request_id: expect.any(String) },
    });
    // Another user's writes are counted apart.
    expect((await call(who.outsider, 'POST', '/api/groups/create', { name: 'x' })).status).toBe(403);
  });

  test('100 reads a minute per user, then 429', async () => {
    for (let i = 0; i < 100; i++) expect((await call(who.reader, 'GET', '/api/groups/list')).status).toBe(200);
    const refused = await call(who.reader, 'GET', `/api/groups/${groupId}/members`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limit_exceeded', limit: 100, window: '1m' });
  });
});

test('the OpenAPI document lists the group endpoints with the group error body', async () => {
  const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  for (const path of ['/api/groups/create', '/api/groups/{id}/update', '/api/groups/{id}/delete', '/api/groups/list',
    '/api/groups/{id}/members', '/api/groups/{id}/members/add', '/api/groups/{id}/members/remove']) {
    expect(doc.paths[path]).toBeDefined();
  }
  expect(JSON.stringify(doc.paths['/api/groups/{id}/members/add'])).toContain('GroupErrorBody');
});
