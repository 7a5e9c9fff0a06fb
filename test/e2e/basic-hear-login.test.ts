import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// HEAR x AS LOGIN (docs/basic.md, "HEAR AS LOGIN"): the bot sends a signed link to the server's
// sign-in page; the person signs in there with their own account, and the waiting dialog goes on
// with the user as the answer, its replies reaching the customer's channel (here the web
// channel's transcript). Typing instead of signing in is asked again with a new link; only the
// newest link answers, once.

const SCRIPT = [
  'TALK "Click the link to authenticate:"',
  'HEAR user AS LOGIN',
  'IF user IS NULL THEN',
  '  TALK "Not signed in."',
  'ELSE',
  '  TALK "Welcome, " + user.name + "! You are " + user.username + " <" + user.email + ">, roles: " + JOIN(user.roles, ",")',
  'END IF',
].join('\n');

let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-login-');
  await bots.add('desk', {}, SCRIPT);
  service = await startTestService({ BOTS_DIR: bots.dir });
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const created = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'maria', email: 'maria@example.test', password: 'maria-password-1', roles: ['attendant'] }),
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

const linkIn = (text: string): string => /(http:\/\/\S+\/bot-login\/[\w.-]+)$/.exec(text)?.[1] ?? '';
const signIn = (link: string, identifier: string, password: string) =>
  fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ identifier, password }) });
async function transcript(token: string): Promise<string[]> {
  const res = await fetch(`${service.url}/api/channels/web/desk/messages?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: { direction: string; text: string }[] }).messages.filter((m) => m.direction === 'outbound').map((m) => m.text);
}

test('the bot sends a sign-in link; signing in there answers the HEAR with the user', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  expect(first.replies.map((r) => r.text)).toEqual(['Click the link to authenticate:', expect.stringMatching(/^Please sign in: http:\/\/127\.0\.0\.1:\d+\/bot-login\/\S+$/)]);
  const link = linkIn(first.replies[1]!.text);

  const page = await fetch(link);
  const html = await page.text();
  expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-store']);
  expect(html).toContain('The bot <strong>desk</strong> asks you to sign in');
  expect(html).toMatch(/<form method="post">[\s\S]*name="identifier"[\s\S]*name="password" type="password"/);

  // A wrong password says so and changes nothing; the right one signs in.
  const wrong = await signIn(link, 'maria', 'not-her-password');
  expect([wrong.status, await wrong.text()]).toEqual([401, expect.stringContaining('That username or password is not right.')]);
  const right = await signIn(link, 'Maria@Example.test', 'maria-password-1');
  expect([right.status, await right.text()]).toEqual([200, expect.stringContaining('You are signed in as maria.')]);
  await waitFor(async () => (await transcript(first.session_token)).length === 3, 'the bot\'s answer to the sign-in');
  expect((await transcript(first.session_token))[2]).toBe('Welcome, maria! You are maria <maria@example.test>, roles: attendant');

  // The link is spent: its page shows no form any more, and signing in again changes nothing.
  const used = await fetch(link);
  const usedHtml = await used.text();
  expect([used.status, used.headers.get('cache-control')]).toEqual([409, 'no-store']);
  expect(usedHtml).toContain('no longer waits for this link');
  expect(usedHtml).not.toContain('<form');
  const again = await signIn(link, 'maria', 'maria-password-1');
  expect([again.status, await again.text()]).toEqual([409, expect.stringContaining('no longer waits for this link')]);
});

test('typing instead of signing in asks again with a new link; only the newest link answers', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const oldLink = linkIn(first.replies[1]!.text);
  const typed = await sayOnWeb(service.url, 'desk', 'I am the admin', first.session_token);
  expect(typed.replies.map((r) => r.text)).toEqual(['Please sign in with the link to continue.', expect.stringMatching(/^Please sign in: /)]);
  const newLink = linkIn(typed.replies[1]!.text);
  expect(newLink).not.toBe(oldLink);

  expect((await fetch(oldLink)).status).toBe(409);
  expect((await fetch(newLink)).status).toBe(200);
  const stale = await signIn(oldLink, TEST_ADMIN.username, TEST_ADMIN.password);
  expect(stale.status).toBe(409);
  const signed = await signIn(newLink, TEST_ADMIN.email, TEST_ADMIN.password);
  expect(signed.status).toBe(200);
  await waitFor(async () => (await transcript(first.session_token)).length === 5, 'the bot\'s answer');
  expect((await transcript(first.session_token))[4]).toMatch(/^Welcome, admin! You are admin <admin@example\.test>, roles: /);
});

test('three typed answers give up: the variable is NULL and the script goes on', async () => {
  let answer = await sayOnWeb(service.url, 'desk', 'hi');
  for (let i = 0; i < 2; i++) answer = await sayOnWeb(service.url, 'desk', 'no', answer.session_token);
  const last = await sayOnWeb(service.url, 'desk', 'no', answer.session_token);
  expect(last.replies.map((r) => r.text)).toEqual(['Not signed in.']);
});

test('a forged or damaged link is refused, on the page and on sign-in', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const link = linkIn(first.replies[1]!.text);
  const forged = `${link.slice(0, -4)}AAAA`;
  for (const bad of [forged, `${service.url}/bot-login/not-a-token`]) {
    const page = await fetch(bad);
    expect([page.status, await page.text()]).toEqual([401, expect.stringContaining('This sign-in link is not valid.')]);
    expect((await signIn(bad, 'maria', 'maria-password-1')).status).toBe(401);
  }
});

test('the sign-in page shares the account\'s lockout with POST /api/auth/login, whichever name each used', async () => {
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const created = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'locked', email: 'locked@example.test', password: 'locked-password-1', roles: [] }),
  });
  expect(created.status).toBe(201);
  for (let i = 0; i < 10; i++) {
    const wrong = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'locked', password: `guess-${i}-xyz` }),
    });
    expect(wrong.status).toBe(401);
  }
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const refused = await signIn(linkIn(first.replies[1]!.text), 'locked@example.test', 'locked-password-1');
  expect([refused.status, await refused.text()]).toEqual([429, expect.stringContaining('Too many attempts.')]);
});
