/**
 * Co-browse (docs/attendance/co-browse.md) in one Chromium, two contexts: a visitor on the demo
 * page with the widget, an attendant in the console. The attendant asks; the visitor declines, then
 * allows; the page shows live in the console and follows a change; a password field's value, a
 * field the site marks private and a card number never reach the console (every frame of both
 * sockets is checked); the attendant's click shows a pointer on the visitor's page at the same
 * spot; the visitor stops it, then the attendant does; the recorder is loaded only on Allow, once.
 * axe-core checks the consent prompt and the console's co-browse panel. A bot with
 * `cobrowse-keep-recordings` keeps the co-browse, and the console replays it from the transcript.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/wait-for.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let bots: TestBots;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

beforeAll(async () => {
  bots = await createTestBots('sb-cobrowse-');
  await bots.add('default', {});
  await bots.add('keeper', { 'cobrowse-keep-recordings': 'true' });
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir, BOTS_DIR: bots.dir });
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await kit?.service.dispose();
  await bots?.remove();
});

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(captureErrors(page));
  return page;
}

/** Every text frame of the page's WebSockets, both ways. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push(String(f.payload)));
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  return frames;
}

const PASSWORD = 'hunter2-Pa55word';
const PRIVATE = 'private-4417-note';
const CARD = '4111111111111111';

/** What the shop's page has besides the demo text: a cart line, a sign-in form and a private field. */
async function addShopForm(page: Page): Promise<void> {
  // Strings evaluated in the page: the test's own TypeScript has no DOM types.
  await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', \`<form><p id="cart">Cart: 1 item</p>
<label>Email <input id="email" type="email"></label>
<label>Password <input id="password" type="password"></label>
<label>Card <input id="card" autocomplete="cc-number"></label>
<label>Account note <input id="note" data-switchboard-mask></label>
<label>Question <input id="question"></label></form>\`)`);
}

const mirror = (agent: Page) => agent.frameLocator('.cobrowse-stage iframe');
/** The mirrored document in the console, for page-side expressions. */
const MIRRORED = "document.querySelector('.cobrowse-stage iframe').contentDocument";

test('an attendant sees the visitor\'s page with consent, never its secrets, and points at it; either side stops', async () => {
  await kit.user('ana', ['attendant']);
  const agent = await newPage();
  const agentFrames = recordFrames(agent);
  await agent.goto(`${kit.service.url}/console/`);
  await agent.getByLabel('Username').fill('ana');
  await agent.getByLabel('Password').fill('password-for-tests');
  await agent.getByRole('button', { name: 'Sign in' }).click();
  await agent.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  await agent.getByText('gets new conversations', { exact: true }).waitFor();

  const visitor = await newPage({ width: 1000, height: 700 });
  const visitorFrames = recordFrames(visitor);
  // The recorder (rrweb) is not in the widget: the page loads it only on the visitor's Allow.
  const recorderLoads: string[] = [];
  visitor.on('request', (r) => void (new URL(r.url()).pathname === '/cobrowse.js' && recorderLoads.push(r.url())));
  await visitor.goto(`${kit.service.url}/demo/default`);
  await addShopForm(visitor);
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with us' });
  await panel.getByLabel('Your message').fill('hi');
  await panel.getByLabel('Your message').press('Enter');
  await panel.getByRole('button', { name: 'Talk to a person' }).click();
  await agent.locator('#queue-list .item').first().click();
  await agent.locator('.transcript').getByText('Talk to a person').waitFor();
  // The visitor writes something in the private fields before anyone asks.
  await visitor.locator('#password').fill(PASSWORD);

  // Asked, and declined: nothing is shared.
  const ask = agent.getByRole('button', { name: 'See the visitor\'s page' });
  await ask.click();
  await agent.getByRole('status').filter({ hasText: 'Asking the visitor to share their page' }).waitFor();
  const prompt = visitor.getByRole('alertdialog', { name: /asks to see this page/ });
  await prompt.waitFor();
  expect(await seriousViolations(visitor)).toEqual([]);
  await screenshot(visitor, 'widget-cobrowse-consent');
  await prompt.getByRole('button', { name: 'Don\'t allow' }).click();
  await agent.getByRole('status').filter({ hasText: 'The visitor did not allow it.' }).waitFor();
  expect(await prompt.count()).toBe(0);
  expect(recorderLoads).toEqual([]);

  // Asked again, and allowed: the page shows in the console.
  await ask.click();
  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await visitor.getByRole('region', { name: 'Page sharing' }).getByText('can see this page').waitFor();
  await agent.getByRole('status').filter({ hasText: 'You see the visitor\'s page live.' }).waitFor();
  await mirror(agent).getByRole('heading', { name: 'Switchboard demo: default' }).waitFor();
  await mirror(agent).getByText('Cart: 1 item').waitFor();
  expect(recorderLoads).toHaveLength(1);
  expect(await seriousViolations(agent)).toEqual([]);

  // A change on the page reaches the mirror.
  await visitor.evaluate("document.querySelector('#cart').textContent = 'Cart: 2 items'");
  await mirror(agent).getByText('Cart: 2 items').waitFor();

  // The visitor types: the private fields never leave the page, an ordinary field does.
  await visitor.locator('#password').fill(`${PASSWORD}!`);
  await visitor.locator('#note').fill(PRIVATE);
  await visitor.locator('#card').fill(CARD);
  await visitor.locator('#email').fill('maria@example.test');
  await visitor.locator('#question').fill('Which size fits me?');
  const question = mirror(agent).locator('#question');
  await waitFor(async () => (await question.inputValue()) === 'Which size fits me?', 'the typed question to reach the mirror');
  await screenshot(agent, 'console-cobrowse');
  const everything = [...agentFrames, ...visitorFrames].join('\n');
  expect(everything).toContain('Which size fits me?');
  for (const secret of [PASSWORD, PRIVATE, CARD]) expect(everything).not.toContain(secret);
  // The mirror has the fields as blank boxes: no value, not even their length.
  const blanks = await agent.evaluate<string[]>(`[...${MIRRORED}.querySelectorAll('input:not([id])')].map((i) => i.value)`);
  expect(blanks).toEqual(['', '', '']); // blocked: recorded without their id, value or content

  // The attendant clicks on the cart line in the mirror: the visitor sees the pointer there.
  const target = (await mirror(agent).locator('#cart').boundingBox())!;
  await agent.mouse.click(target.x + 10, target.y + target.height / 2);
  const ring = visitor.locator('switchboard-pointer .ring');
  await ring.waitFor();
  const [ringBox, cartBox] = [(await ring.boundingBox())!, (await visitor.locator('#cart').boundingBox())!];
  const scale = target.width / cartBox.width;
  const centre = { x: ringBox.x + ringBox.width / 2, y: ringBox.y + ringBox.height / 2 };
  expect(Math.abs(centre.x - (cartBox.x + 10 / scale))).toBeLessThan(4);
  expect(Math.abs(centre.y - (cartBox.y + cartBox.height / 2))).toBeLessThan(4);
  await screenshot(visitor, 'widget-cobrowse-pointer');

  // The visitor stops it.
  await visitor.getByRole('button', { name: 'Stop sharing' }).click();
  await agent.getByRole('status').filter({ hasText: 'The visitor stopped sharing their page.' }).waitFor();
  expect(await agent.locator('.cobrowse-stage').count()).toBe(0);
  await panel.getByText('Page sharing has ended.').waitFor();
  expect(await ring.count()).toBe(0);

  // Again, and the attendant stops it: the visitor's bar goes.
  await ask.click();
  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await mirror(agent).getByText('Cart: 2 items').waitFor();
  await agent.getByRole('button', { name: 'Stop co-browse' }).click();
  await agent.getByRole('status').filter({ hasText: 'Co-browse has ended.' }).waitFor();
  await visitor.getByRole('region', { name: 'Page sharing' }).waitFor({ state: 'detached' });
  await panel.getByText('Page sharing has ended.').nth(1).waitFor();
  expect(recorderLoads).toHaveLength(1); // loaded once per page

  expect(pageErrors.flat()).toEqual([]);
}, 120_000);

test('a bot that keeps co-browses: the transcript offers the replay, which shows the page as it was shared, without its secrets', async () => {
  // Only the new conversation in the queue: the earlier ones are resolved.
  const open = (await kit.call('GET', '/api/attendance/queue', kit.admin)).body as unknown as { session_id: string; status: string }[];
  for (const item of open) {
    if (item.status === 'waiting') await kit.command(kit.admin, `/take ${item.session_id}`);
    await kit.call('POST', `/api/attendance/resolve/${item.session_id}`, kit.admin);
  }
  // Ana, still online from the test before, gets the new conversation.
  const agent = await newPage();
  await agent.goto(`${kit.service.url}/console/`);
  await agent.getByLabel('Username').fill('ana');
  await agent.getByLabel('Password').fill('password-for-tests');
  await agent.getByRole('button', { name: 'Sign in' }).click();
  await agent.getByRole('status').filter({ hasText: 'Live' }).waitFor();

  const visitor = await newPage({ width: 1000, height: 700 });
  await visitor.goto(`${kit.service.url}/demo/keeper`);
  await addShopForm(visitor);
  await visitor.locator('#password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with us' });
  await panel.getByLabel('Your message').fill('hi');
  await panel.getByLabel('Your message').press('Enter');
  await panel.getByRole('button', { name: 'Talk to a person' }).click();
  await agent.locator('#queue-list .item').first().click();
  await agent.locator('.transcript').getByText('Talk to a person').waitFor();

  await agent.getByRole('button', { name: 'See the visitor\'s page' }).click();
  await visitor.getByRole('alertdialog', { name: /asks to see this page/ }).getByRole('button', { name: 'Allow', exact: true }).click();
  await mirror(agent).getByText('Cart: 1 item').waitFor();
  await visitor.locator('#card').fill(CARD);
  await visitor.evaluate("document.querySelector('#cart').textContent = 'Cart: 3 items'");
  await mirror(agent).getByText('Cart: 3 items').waitFor();
  await visitor.getByRole('button', { name: 'Stop sharing' }).click();
  await agent.getByRole('status').filter({ hasText: 'The visitor stopped sharing their page.' }).waitFor();

  // The message lands in the open transcript (the cobrowse_kept frame).
  await agent.locator('.transcript').getByRole('button', { name: /^Replay: Co-browse recording/ }).click();
  const replayed = agent.frameLocator('.cobrowse-replay .cobrowse-stage iframe');
  await replayed.getByRole('heading', { name: 'Switchboard demo: keeper' }).waitFor();
  await replayed.getByText('Cart: 3 items').waitFor();
  expect(await seriousViolations(agent)).toEqual([]);
  await screenshot(agent, 'console-cobrowse-replay');
  await agent.getByRole('button', { name: 'Close the replay' }).click();
  expect(await agent.locator('.cobrowse-replay iframe').count()).toBe(0);

  // What was kept has none of the private fields.
  const transcript = (await kit.call('GET', `/api/attendance/queue`, kit.admin)).body as unknown as { session_id: string }[];
  const kept = await Promise.all(transcript.map(async (i) => JSON.stringify((await kit.call('GET', `/api/attendance/sessions/${i.session_id}/messages`, kit.admin)).body)));
  const link = /\/api\/attendance\/sessions\/[0-9a-f-]{36}\/cobrowse\/[0-9a-f-]{36}/.exec(kept.join('\n'))![0];
  const file = JSON.stringify((await kit.call('GET', link, kit.admin)).body);
  expect(file).toContain('Cart: 3 items');
  for (const secret of [PASSWORD, CARD]) expect(file).not.toContain(secret);

  expect(pageErrors.flat()).toEqual([]);
}, 120_000);
