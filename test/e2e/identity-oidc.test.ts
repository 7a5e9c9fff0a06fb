import { createBrowser, finishAtProvider, startOidcProvider } from '../support/oidc-provider.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * OIDC federation (docs/migration/identity.md) end to end against the `oidc-provider` library on
 * 127.0.0.1: the browser's steps (redirects, the provider's login and consent forms, cookies)
 * driven over HTTP. Bot `hybrid` keeps local passwords; bot `retire` sets
 * oidc-retire-local-password, so the first federated sign-in retires the local one.
 */
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  provider = await startOidcProvider({
    olga: { email: 'olga@corp.test', email_verified: true },
    pedro: { email: 'Pedro@corp.test', email_verified: true },
    quinn: { email: 'quinn@corp.test', email_verified: false },
    stranger: { email: 'stranger@elsewhere.test', email_verified: true },
  });
  const oidc = { 'oidc-provider-url': provider.issuer, 'oidc-client-id': provider.client.id, 'oidc-client-secret': provider.client.secret };
  bots = await createTestBots();
  await bots.add('hybrid', oidc);
  await bots.add('retire', { ...oidc, 'oidc-retire-local-password': 'true' });
  // HEAR x AS LOGIN offers the bot's own federation on its sign-in page (docs/basic.md, "HEAR AS LOGIN").
  await bots.add('desk', oidc, 'HEAR user AS LOGIN\nTALK "Welcome, " + user.username + " (" + user.email + ")"');
  // The provider listens on 127.0.0.1 (docs/architecture.md, "Outbound requests").
  service = await startTestService({ BOTS_DIR: bots.dir, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  provider.register(`${service.url}/auth/oidc/callback`);
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  for (const name of ['olga', 'pedro', 'quinn']) {
    const res = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@corp.test`, password: `${name}-password-1`, roles: ['attendant'] }),
    });
    expect(res.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await provider?.stop();
});

/** The whole browser round: our login → provider login form → consent form → our callback. */
async function signIn(account: string, query: string) {
  const browser = createBrowser();
  const callback = `${service.url}/auth/oidc/callback`;
  const start = await browser.request(`${service.url}/auth/oidc/login?${query}`);
  expect(start.status).toBe(302);
  expect(start.headers.get('set-cookie')).toMatch(/sb_oidc=.*HttpOnly/i);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  return finishAtProvider(browser, authorize.href, callback, account);
}

const me = (token: string) => fetch(`${service.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
const localLogin = (username: string) => fetch(`${service.url}/api/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: `${username}-password-1` }),
});

test('hybrid: a federated sign-in issues our token and the local password keeps working', async () => {
  const res = await signIn('olga', 'bot=hybrid');
  expect(res.status).toBe(200);
  const token = (await res.json()) as { access_token: string; token_type: string };
  expect(token.token_type).toBe('Bearer');
  expect(((await (await me(token.access_token)).json()) as { username: string }).username).toBe('olga');
  expect((await localLogin('olga')).status).toBe(200);
});

test('gradual migration: with oidc-retire-local-password the first federated sign-in retires the local password', async () => {
  expect((await localLogin('pedro')).status).toBe(200);
  const res = await signIn('pedro', 'bot=retire&return_to=/console/');
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, service.url);
  expect(location.pathname).toBe('/console/');
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect((await me(fragment.get('access_token')!)).status).toBe(200);
  expect((await localLogin('pedro')).status).toBe(401);
});

test('an unverified email or one no account has is refused; a callback without the sign-in cookie too', async () => {
  expect((await signIn('quinn', 'bot=hybrid')).status).toBe(401);
  expect((await signIn('stranger', 'bot=hybrid')).status).toBe(401);
  const forged = await fetch(`${service.url}/auth/oidc/callback?code=abc&state=def`);
  expect(forged.status).toBe(401);
  expect(await forged.json()).toMatchObject({ error: 'unauthorized' });
  // Two bots federate: the bot must be named.
  expect((await fetch(`${service.url}/auth/oidc/login`, { redirect: 'manual' })).status).toBe(400);
  expect((await fetch(`${service.url}/auth/oidc/login?bot=nope`, { redirect: 'manual' })).status).toBe(404);
});

test('the federation routes are in the OpenAPI document', async () => {
  const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/oidc/login', '/auth/oidc/callback', '/api/auth/change-password']));
});

test('HEAR AS LOGIN: "Sign in with your organization" on the bot\'s sign-in page answers the bot with the federated user', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const link = new URL(/(http:\/\/\S+\/bot-login\/\S+)$/.exec(first.replies[0]!.text)![1]!);
  const page = await (await fetch(link)).text();
  const start = /<a href="([^"]+)">Sign in with your organization<\/a>/.exec(page)![1]!.replaceAll('&amp;', '&');
  const query = new URL(start, service.url).searchParams;
  expect([query.get('bot'), query.get('return_to')]).toEqual(['desk', `${link.pathname}/federated`]);

  // The provider's round, then our callback sends the browser to the finish page with the token in the fragment.
  const callback = await signIn('olga', new URL(start, service.url).search.slice(1));
  expect(callback.status).toBe(302);
  const back = new URL(callback.headers.get('location')!, service.url);
  expect(back.pathname).toBe(`${link.pathname}/federated`);
  const finish = await fetch(new URL(back.pathname, service.url));
  expect([finish.status, await finish.text()]).toEqual([200, expect.stringContaining('<script src="/bot-login/finish.js"></script>')]);
  // What its script does (test/browser/bot-sign-in.test.ts runs it in Chromium): post the fragment's token.
  const accessToken = new URLSearchParams(back.hash.slice(1)).get('access_token')!;
  const done = await fetch(new URL(back.pathname, service.url), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ access_token: accessToken }),
  });
  expect([done.status, await done.text()]).toEqual([200, expect.stringContaining('You are signed in as olga.')]);
  const history = async () => {
    const res = await fetch(`${service.url}/api/channels/web/desk/messages?session_token=${encodeURIComponent(first.session_token)}`);
    return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
  };
  await waitFor(async () => (await history()).includes('Welcome, olga (olga@corp.test)'), 'the bot\'s answer');

  // A token that is not ours signs nobody in.
  const forged = await fetch(new URL(back.pathname, service.url), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ access_token: `${accessToken}x` }),
  });
  expect(forged.status).toBe(401);
});
