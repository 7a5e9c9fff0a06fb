import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * SCIM 2.0 at /scim/v2 (docs/migration/identity.md, "SCIM") driven with the request sequence of
 * Microsoft Entra ID's provisioning guide ("Tutorial: Develop and plan provisioning for a SCIM
 * endpoint"): query by userName, create, read, PATCH with capitalised ops, deactivate; groups
 * by displayName, create, membership Add/Remove — plus the discovery endpoints and errors.
 */
const SCIM_TOKEN = 'scim-token-for-tests-0123456789abcdef';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

// SCIM bodies are read loosely here; each assertion names the fields it checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScimBody = Record<string, any>;

let bots: TestBots;
let service: TestService;

const scim = async (method: string, path: string, body?: unknown, token = SCIM_TOKEN) => {
  const res = await fetch(`${service.url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: (text ? JSON.parse(text) : undefined) as ScimBody };
};

const entraUser = (userName: string, externalId: string) => ({
  schemas: [USER, ENTERPRISE],
  externalId,
  userName,
  active: true,
  displayName: 'Ann Example',
  emails: [{ primary: true, type: 'work', value: userName }],
  name: { formatted: 'Ann Example', familyName: 'Example', givenName: 'Ann' },
  phoneNumbers: [{ type: 'work', value: '+5511999990000' }],
  [ENTERPRISE]: { department: 'Support' },
});

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('default', { 'scim-token': SCIM_TOKEN });
  service = await startTestService({ BOTS_DIR: bots.dir });
});

afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

test('the SCIM token is its own credential: none, a wrong one or a user token get a SCIM 401', async () => {
  const userToken = (await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password)).authorization.slice('Bearer '.length);
  for (const token of ['', 'wrong', userToken]) {
    const res = await scim('GET', '/Users', undefined, token);
    expect(res.status).toBe(401);
    expect(res.type).toMatch(/^application\/scim\+json/);
    expect(res.body).toEqual({ schemas: [ERROR], status: '401', detail: expect.any(String) });
  }
});

test('discovery: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
  const config = await scim('GET', '/ServiceProviderConfig');
  expect(config.status).toBe(200);
  expect(config.body.patch).toEqual({ supported: true });
  expect(config.body.filter).toMatchObject({ supported: true });
  const types = await scim('GET', '/ResourceTypes');
  expect(types.body.schemas).toEqual([LIST]);
  expect(types.body.Resources.map((r: { name: string }) => r.name).sort()).toEqual(['Group', 'User']);
  const schemas = await scim('GET', '/Schemas');
  expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([USER, GROUP, ENTERPRISE]));
  expect((await scim('GET', `/Schemas/${USER}`)).body.id).toBe(USER);
});

test('Entra ID user lifecycle: query, create, read, patch, deactivate (login and token refused), reactivate', async () => {
  // 1. Entra asks whether the user exists: an empty ListResponse, never a 404.
  const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ann@contoso.test"')}`);
  expect(none.status).toBe(200);
  expect(none.body).toEqual({ schemas: [LIST], Resources: [], startIndex: 1, itemsPerPage: 100, totalResults: 0 });

  // 2. Create.
  const created = await scim('POST', '/Users', entraUser('ann@contoso.test', 'ext-ann'));
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    userName: 'ann@contoso.test', externalId: 'ext-ann', active: true, displayName: 'Ann Example',
    emails: [{ value: 'ann@contoso.test', primary: true }], [ENTERPRISE]: { department: 'Support' },
    meta: { resourceType: 'User', location: expect.stringMatching(/\/scim\/v2\/Users\//) },
  });
  const id = String(created.body.id);

  // A second create of the same userName: 409 uniqueness.
  const duplicate = await scim('POST', '/Users', entraUser('ann@contoso.test', 'ext-other'));
  expect(duplicate.status).toBe(409);
  expect(duplicate.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });

  // 3. Query by userName and by externalId and displayName together; read by id.
  const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ANN@contoso.test"')}`);
  expect(found.body.totalResults).toBe(1);
  expect(found.body.Resources[0].id).toBe(id);
  const both = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-ann" and displayName eq "Ann Example"')}`);
  expect(both.body.Resources.map((r: { id: string }) => r.id)).toEqual([id]);
  expect((await scim('GET', `/Users/${id}`)).body.userName).toBe('ann@contoso.test');

  // 4. PATCH as Entra sends it: capitalised ops, a path with a filter, an extension attribute.
  const patched = await scim('PATCH', `/Users/${id}`, {
    schemas: [PATCH],
    Operations: [
      { op: 'Replace', path: 'displayName', value: 'Ann Renamed' },
      { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Sales' },
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ann.renamed@contoso.test' },
      { op: 'Remove', path: 'phoneNumbers' },
    ],
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ displayName: 'Ann Renamed', [ENTERPRISE]: { department: 'Sales' }, emails: [{ value: 'ann.renamed@contoso.test' }] });
  expect(patched.body.phoneNumbers).toBeUndefined();

  // The users API sees the same account.
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const users = await (await fetch(`${service.url}/api/users`, { headers: admin })).json() as { users: { id: string; is_active: boolean }[] };
  expect(users.users.find((u) => u.id === id)?.is_active).toBe(true);
  const adminToken = admin.authorization;

  // 5. Deactivate the way Entra does ("False" as a string), then the Okta way (a boolean, lower-case op).
  const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
  expect(off.status).toBe(200);
  expect(off.body.active).toBe(false);
  const listed = await (await fetch(`${service.url}/api/users`, { headers: { authorization: adminToken } })).json() as { users: { id: string; is_active: boolean }[] };
  expect(listed.users.find((u) => u.id === id)?.is_active).toBe(false);
  const on = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
  expect(on.body.active).toBe(true);

  // Invalid input: a SCIM 400 with a scimType.
  const bad = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Jump', path: 'active', value: true }] });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
  expect((await scim('GET', '/Users/00000000-0000-4000-8000-000000000000')).body).toMatchObject({ schemas: [ERROR], status: '404' });
  const broken = await fetch(`${service.url}/scim/v2/Users`, { method: 'POST', headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json' }, body: '{"userName":' });
  expect(broken.status).toBe(400);
  expect(await broken.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
  const deep = await fetch(`${service.url}/scim/v2/Users`, {
    method: 'POST', headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json' }, body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  });
  expect(deep.status).toBe(400);
  expect(await deep.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax', detail: expect.stringContaining('64 levels') });
});

test('a deactivated user cannot log in and an earlier token is refused', async () => {
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const made = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bob', email: 'bob@contoso.test', password: 'bob-password-1', roles: ['attendant'] }),
  });
  const bobId = String(((await made.json()) as { id: string }).id);
  const bob = await bearerFor(service.url, 'bob', 'bob-password-1');
  expect((await fetch(`${service.url}/api/users/me`, { headers: bob })).status).toBe(200);
  expect((await scim('PATCH', `/Users/${bobId}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: false }] })).status).toBe(200);
  expect((await fetch(`${service.url}/api/users/me`, { headers: bob })).status).toBe(401);
  const login = await fetch(`${service.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bob', password: 'bob-password-1' }),
  });
  expect(login.status).toBe(401);
});

test('pagination: startIndex and count over the ListResponse', async () => {
  for (const n of [1, 2, 3]) expect((await scim('POST', '/Users', entraUser(`page${n}@contoso.test`, `ext-page${n}`))).status).toBe(201);
  const page = await scim('GET', '/Users?startIndex=2&count=2');
  expect(page.body).toMatchObject({ schemas: [LIST], startIndex: 2, itemsPerPage: 2 });
  expect(page.body.Resources).toHaveLength(2);
  const all = await scim('GET', '/Users?count=200');
  expect(page.body.totalResults).toBe(all.body.totalResults);
  expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual(all.body.Resources.slice(1, 3).map((r: { id: string }) => r.id));
});

test('Entra ID group lifecycle: query by displayName, create, add and remove members, rename, delete', async () => {
  const carol = (await scim('POST', '/Users', entraUser('carol@contoso.test', 'ext-carol'))).body.id as string;
  const dave = (await scim('POST', '/Users', entraUser('dave@contoso.test', 'ext-dave'))).body.id as string;
  const filter = encodeURIComponent('displayName eq "Support Team"');
  expect((await scim('GET', `/Groups?excludedAttributes=members&filter=${filter}`)).body.totalResults).toBe(0);

  const created = await scim('POST', '/Groups', { schemas: [GROUP], externalId: 'grp-1', displayName: 'Support Team', members: [] });
  expect(created.status).toBe(201);
  const groupId = String(created.body.id);
  expect(created.body.displayName).toBe('Support Team');
  expect((await scim('GET', `/Groups?filter=${filter}`)).body.Resources.map((g: { id: string }) => g.id)).toEqual([groupId]);

  const added = await scim('PATCH', `/Groups/${groupId}`, {
    schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: carol }, { value: dave }] }],
  });
  expect(added.status).toBe(200);
  const memberIds = (body: ScimBody) => (body.members as { value: string }[]).map((m) => m.value);
  expect(memberIds(added.body)).toEqual(expect.arrayContaining([carol, dave]));

  const removed = await scim('PATCH', `/Groups/${groupId}`, {
    schemas: [PATCH], Operations: [{ op: 'Remove', path: `members[value eq "${carol}"]` }, { op: 'Replace', path: 'displayName', value: 'Support Tier 1' }],
  });
  expect(removed.status).toBe(200);
  expect(memberIds(removed.body)).toContain(dave);
  expect(memberIds(removed.body)).not.toContain(carol);
  expect(removed.body.displayName).toBe('Support Tier 1');

  // The same group through the groups API.
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const members = await (await fetch(`${service.url}/api/groups/${groupId}/members`, { headers: admin })).json() as { members: { user_id: string }[] };
  expect(members.members.map((m) => m.user_id)).toContain(dave);

  const unknown = await scim('PATCH', `/Groups/${groupId}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }] });
  expect(unknown.status).toBe(400);
  expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
  expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
});

test('DELETE removes a user', async () => {
  const id = (await scim('POST', '/Users', entraUser('erin@contoso.test', 'ext-erin'))).body.id as string;
  expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
  expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
});

test('the SCIM paths are in the OpenAPI document with their content type', async () => {
  const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>> };
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/scim/v2/Users', '/scim/v2/Users/{id}', '/scim/v2/Groups', '/scim/v2/ServiceProviderConfig']));
  expect(Object.keys(doc.paths['/scim/v2/Users']!.get!.responses['200']!.content!)).toEqual(['application/scim+json']);
});
