import { startFakeKeycloak, type FakeKeycloak } from '../support/fake-keycloak.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Groups over HTTP with IDP=keycloak against the Keycloak fake (docs/groups.md): the routes only
 * forward, and a failing provider is a 502 IDP_ERROR whose body says nothing of what it answered.
 */
let keycloak: FakeKeycloak;
let service: TestService;
let admin: { authorization: string };
let adminId: string;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...admin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
};

beforeAll(async () => {
  keycloak = await startFakeKeycloak();
  service = await startTestService({
    IDP: 'keycloak', IDP_URL: keycloak.url, KEYCLOAK_REALM: keycloak.realm, KEYCLOAK_CLIENT_ID: keycloak.clientId,
    KEYCLOAK_CLIENT_SECRET: keycloak.clientSecret, IDP_TIMEOUT_MS: '500',
    // The fake Keycloak listens on 127.0.0.1 (docs/architecture.md, "Outbound requests").
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const me = (await (await fetch(`${service.url}/api/users/me`, { headers: admin })).json()) as { id: string };
  adminId = me.id;
  // The signed-in admin is the same user at the provider (docs/groups.md, "Endpoints").
  keycloak.addUser({ id: adminId, username: TEST_ADMIN.username, email: TEST_ADMIN.email });
  keycloak.addUser({ id: 'kc-user-2', username: 'bea', email: 'bea@example.test' });
}, 120_000);
afterAll(async () => {
  await service.dispose();
  await keycloak.stop();
});

test('create, add, list members and delete are forwarded to Keycloak organizations', async () => {
  const created = await call('POST', '/api/groups/create', { name: 'Field team', description: 'On the road', domain: 'field.example.test' });
  expect(created.status).toBe(201);
  const { id } = JSON.parse(created.text) as { id: string };
  expect(await call('POST', `/api/groups/${id}/members/add`, { user_id: 'kc-user-2', role: 'admin' })).toMatchObject({ status: 200 });
  const members = await call('GET', `/api/groups/${id}/members`);
  expect(JSON.parse(members.text)).toMatchObject({
    total: 2,
    members: expect.arrayContaining([expect.objectContaining({ user_id: 'kc-user-2', username: 'bea', email: 'bea@example.test', role: 'admin' })]),
  });
  const listed = JSON.parse((await call('GET', '/api/groups/list')).text) as { groups: { id: string; member_count: number }[] };
  expect(listed.groups).toEqual(expect.arrayContaining([expect.objectContaining({ id, member_count: 2 })]));
  expect(await call('DELETE', `/api/groups/${id}/delete`)).toMatchObject({ status: 200 });
  expect(JSON.parse((await call('DELETE', `/api/groups/${id}/delete`)).text)).toEqual({ error: expect.any(String), code: 'GROUP_NOT_FOUND', status: 404 });
});

test('a 5xx or a slow answer from Keycloak is 502 IDP_ERROR, with nothing of the provider\'s answer in the body', async () => {
  for (const fault of [{ status: 503 }, { delayMs: 2000 }]) {
    keycloak.failNext(fault);
    const res = await call('GET', '/api/groups/list');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text)).toEqual({ error: 'The identity provider failed to answer', code: 'IDP_ERROR', status: 502 });
    expect(res.text).not.toContain('internal detail');
  }
});
