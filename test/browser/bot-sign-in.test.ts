/**
 * The sign-in page of HEAR x AS LOGIN in Chromium (docs/basic.md, "HEAR AS LOGIN"): the link the
 * bot sent opens a form with no accessibility problems of impact serious or critical, no console
 * errors under the security headers' content policy, a wrong password is announced on the page,
 * and signing in answers the bot's HEAR. The finish page of a federated sign-in posts the token of
 * its address's fragment and drops the fragment from the address bar.
 */
import type { Browser } from 'playwright-core';
import { captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

let bots: TestBots;
let service: TestService;
let browser: Browser;

beforeAll(async () => {
  bots = await createTestBots('sb-sign-in-page-');
  await bots.add('desk', {}, ['HEAR user AS LOGIN', 'TALK "Hello " + user.username'].join('\n'));
  [service, browser] = await Promise.all([startTestService({ BOTS_DIR: bots.dir }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.dispose();
  await bots?.remove();
});

test('a person signs in on the page the bot linked to, and the bot goes on', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const link = /(http:\/\/\S+\/bot-login\/\S+)$/.exec(first.replies[0]!.text)![1]!;
  const page = await browser.newPage();
  const errors = captureErrors(page);
  await page.goto(link);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Username or email').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'That username or password is not right.' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Username or email').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  await screenshot(page, 'bot-sign-in');
  const history = async () => {
    const res = await fetch(`${service.url}/api/channels/web/desk/messages?session_token=${encodeURIComponent(first.session_token)}`);
    return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
  };
  await waitFor(async () => (await history()).includes('Hello admin'), 'the bot\'s answer');
  // Chromium logs the 401 of the wrong password as a failed resource load; nothing else.
  expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
});

test('the federated finish page posts the token the OIDC callback put in its fragment, and drops the fragment', async () => {
  const first = await sayOnWeb(service.url, 'desk', 'hi');
  const link = /(http:\/\/\S+\/bot-login\/\S+)$/.exec(first.replies[0]!.text)![1]!;
  // Our callback redirects to return_to#access_token=… (docs/migration/identity.md); any token of ours names the person.
  const { authorization } = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const page = await browser.newPage();
  const errors = captureErrors(page);
  await page.goto(`${link}/federated#access_token=${authorization.slice('Bearer '.length)}&token_type=Bearer`);
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);

  // The link is used now: its finish page is the 409 page, with nothing to post.
  const used = await browser.newPage();
  const usedAnswer = await used.goto(`${link}/federated#access_token=x`);
  expect(usedAnswer?.status()).toBe(409);

  // On a link still waiting, a fragment without a token: the page says so, posts nothing, and the fragment is gone from the address.
  const second = await sayOnWeb(service.url, 'desk', 'hi');
  const waiting = /(http:\/\/\S+\/bot-login\/\S+)$/.exec(second.replies[0]!.text)![1]!;
  const stale = await browser.newPage();
  await stale.goto(`${waiting}/federated#token_type=Bearer`);
  await stale.getByText('The sign-in did not finish. Use the link the bot sent again.').waitFor();
  expect(stale.url()).toBe(`${waiting}/federated`);
});
