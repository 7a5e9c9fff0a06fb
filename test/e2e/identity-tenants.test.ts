import { decodeJwt } from 'jose';
import { tenants } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { signInThroughProvider, startOidcProvider } from '../support/oidc-provider.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Identity federation per tenant (docs/operations/tenants.md, "Identity"): a SCIM token of a
 * tenant's bot provisions that tenant's own directory, and a federation a tenant's bot configures
 * signs people in to that tenant. Tenants `acme` and `globex` each have a bot `support` with its
 * own SCIM token; acme's also federates with the provider below; the default tenant has its own
 * SCIM token and sees neither.
 */
const TOKENS = { default: 'scim-token-default-0123456789abcdef', acme: 'scim-token-acme-0123456789abcdef', globex: 'scim-token-globex-0123456789abcdef' };
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

// SCIM bodies are read loosely here; each assertion names the fields it checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScimBody = Record<string, any>;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let bots: TestBots;
let service: TestService;
const ids = { acme: '', globex: '' };

const scim = async (token: string, method: string, path: string, body?: unknown, prefix = '') => {
  const res = await fetch(`${service.url}${prefix}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as ScimBody };
};
const byUserName = (token: string, userName: string) => scim(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
const ana = (externalId: string, displayName: string) => ({
  schemas: [USER], userName: 'ana@contoso.test', externalId, displayName, active: true, emails: [{ primary: true, type: 'work', value: 'ana@contoso.test' }],
});

beforeAll(async () => {
  provider = await startOidcProvider({ ana: { email: 'ana@contoso.test', email_verified: true } });
  bots = await createTestBots();
  await bots.add('support', { 'scim-token': TOKENS.default });
  await bots.add('support', {
    'scim-token': TOKENS.acme, 'oidc-provider-url': provider.issuer, 'oidc-client-id': provider.client.id, 'oidc-client-secret': provider.client.secret,
  }, undefined, { tenant: 'acme' });
  await bots.add('support', { 'scim-token': TOKENS.globex }, undefined, { tenant: 'globex' });
  service = await startTestService({ BOTS_DIR: bots.dir, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  for (const slug of ['acme', 'globex'] as const) {
    const [row] = await service.database.db.insert(tenants).values({ slug, name: slug }).returning();
    ids[slug] = row!.id;
  }
  // The tenants' bots load at start, once the tenants exist.
  service = await service.restart();
  provider.register(`${service.url}/auth/oidc/callback`);
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await provider?.stop();
});

const provisioned = { acme: '', globex: '' };

test('two tenants provision the same userName, each into its own directory, and the default tenant sees neither', async () => {
  const created = {
    acme: await scim(TOKENS.acme, 'POST', '/Users', ana('acme-1', 'Ana of Acme')),
    globex: await scim(TOKENS.globex, 'POST', '/Users', ana('globex-1', 'Ana of Globex')),
  };
  expect([created.acme.status, created.globex.status]).toEqual([201, 201]);
  provisioned.acme = String(created.acme.body.id);
  provisioned.globex = String(created.globex.body.id);
  expect(provisioned.acme).not.toBe(provisioned.globex);
  // Within a tenant's directory the userName is still unique.
  expect((await scim(TOKENS.acme, 'POST', '/Users', ana('acme-2', 'Ana again'))).body).toMatchObject({ status: '409', scimType: 'uniqueness' });

  for (const [token, own, name] of [[TOKENS.acme, provisioned.acme, 'Ana of Acme'], [TOKENS.globex, provisioned.globex, 'Ana of Globex']] as const) {
    const found = await byUserName(token, 'ana@contoso.test');
    expect(found.body.Resources.map((r: ScimBody) => [r.id, r.displayName])).toEqual([[own, name]]);
    expect((await scim(token, 'GET', '/Users')).body.Resources.map((r: ScimBody) => r.id)).toEqual([own]);
  }
  const fromDefault = await scim(TOKENS.default, 'GET', '/Users');
  expect(fromDefault.body.Resources.map((r: ScimBody) => r.id)).toEqual(expect.not.arrayContaining([provisioned.acme, provisioned.globex]));
  expect((await byUserName(TOKENS.default, 'ana@contoso.test')).body.totalResults).toBe(0);

  // Each is a member of its tenant, with the roles SCIM gives (none), and of no other.
  const operator = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const members = async (tenant: string) => ((await (await fetch(`${service.url}/api/tenants/${tenant}/members`, { headers: operator })).json()) as { members: { user_id: string; roles: string[] }[] }).members;
  expect(await members(ids.acme)).toEqual([expect.objectContaining({ user_id: provisioned.acme, roles: [] })]);
  expect(await members(ids.globex)).toEqual([expect.objectContaining({ user_id: provisioned.globex, roles: [] })]);
});

test("a tenant's token never reads, changes or deletes another tenant's user, nor puts it in a group", async () => {
  const theirs = provisioned.globex;
  expect((await scim(TOKENS.acme, 'GET', `/Users/${theirs}`)).status).toBe(404);
  expect((await scim(TOKENS.acme, 'PATCH', `/Users/${theirs}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: false }] })).status).toBe(404);
  expect((await scim(TOKENS.acme, 'PUT', `/Users/${theirs}`, ana('globex-1', 'Taken over'))).status).toBe(404);
  expect((await scim(TOKENS.acme, 'DELETE', `/Users/${theirs}`)).status).toBe(404);
  expect((await scim(TOKENS.default, 'DELETE', `/Users/${theirs}`)).status).toBe(404);
  expect((await scim(TOKENS.globex, 'GET', `/Users/${theirs}`)).body).toMatchObject({ active: true, displayName: 'Ana of Globex' });

  // Groups are the tenant's: acme's group is not globex's, and another tenant's user cannot join one.
  const group = await scim(TOKENS.acme, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Support', members: [{ value: provisioned.acme }] });
  expect(group.status).toBe(201);
  expect((await scim(TOKENS.acme, 'GET', '/Groups')).body.Resources.map((g: ScimBody) => g.id)).toEqual([group.body.id]);
  expect((await scim(TOKENS.globex, 'GET', '/Groups')).body.Resources).toEqual([]);
  expect((await scim(TOKENS.globex, 'GET', `/Groups/${group.body.id}`)).status).toBe(404);
  const intruder = await scim(TOKENS.globex, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Mixed', members: [{ value: provisioned.acme }] });
  expect(intruder.body).toMatchObject({ status: '400', scimType: 'invalidValue' });

  // A token answers at its own tenant's address only.
  expect((await scim(TOKENS.acme, 'GET', '/Users', undefined, '/t/globex')).status).toBe(401);
  expect((await scim(TOKENS.acme, 'GET', '/Users', undefined, '/t/acme')).body.totalResults).toBe(1);
});

test("an OIDC sign-in through acme's federation yields an acme token for acme's own account", async () => {
  const callback = `${service.url}/auth/oidc/callback`;
  for (const start of [`${service.url}/t/acme/auth/oidc/login?bot=support`, `${service.url}/auth/oidc/login`]) {
    const res = await signInThroughProvider(start, callback, 'ana');
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as { access_token: string };
    expect(decodeJwt(token)).toMatchObject({ sub: provisioned.acme, tenant: ids.acme, roles: [] });
    const me = await fetch(`${service.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ id: provisioned.acme, username: 'ana@contoso.test' });
  }
  // Globex's bots configure no federation.
  expect((await fetch(`${service.url}/t/globex/auth/oidc/login`, { redirect: 'manual' })).status).toBe(404);
});

