/**
 * The newcomer's path of the README ("Try it"), in Chromium: the real server started as
 * `switchboard start` is (a child process on a fresh data folder, no ADMIN_PASSWORD), its first
 * start's banner read for the admin's password and the addresses, the demo page's widget asking
 * for a person, the console signed in with that password, and the conversation taken, answered and
 * resolved until the widget thanks for the survey's score. Clone and install are the run itself;
 * the web is built as `npm start`'s build does (vite), into a folder given as WEB_DIR.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createChildServer, type ChildServer } from '../support/child-server.js';
import { waitFor } from '../support/wait-for.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let server: ChildServer;
let browser: Browser;

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  server = await createChildServer({ botsDir: path.resolve('bots'), env: { ADMIN_PASSWORD: '', LOG_LEVEL: 'info', WEB_DIR: webDir } });
  await server.start();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** One line of the first start's box: `| Label:  value`. */
function bannerValue(banner: string, label: string): string {
  const value = new RegExp(`\\| ${label}: +(\\S+)`).exec(banner)?.[1];
  if (!value) throw new Error(`no "${label}" line in the first start's output:\n${banner}`);
  return value;
}

test('a newcomer: start, the demo page\'s widget, the console with the banner\'s password, take, reply, resolve', async () => {
  // The box and the readiness answer come on different pipes: wait for the box itself.
  await waitFor(() => server.output().includes('| API docs:'), 'the first start banner');
  const banner = server.output();
  const password = bannerValue(banner, 'Password');
  const consoleUrl = bannerValue(banner, 'Console');
  const demoUrl = bannerValue(banner, 'Demo page');
  expect(bannerValue(banner, 'Admin user')).toBe('admin');
  expect(consoleUrl).toBe(`${server.url}/console/`);

  const visitor = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const attendant = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const customer = await visitor.newPage();
    const agent = await attendant.newPage();
    const errors = [captureErrors(customer), captureErrors(agent)];

    // The demo page: open the chat, say hello, pick "Talk to a person" from the bot's menu.
    await customer.goto(demoUrl);
    await customer.getByRole('button', { name: 'Open chat' }).click();
    const panel = customer.getByRole('dialog', { name: 'Chat with us' });
    await panel.getByLabel('Your message').fill('hello');
    await panel.getByLabel('Your message').press('Enter');
    await panel.getByRole('button', { name: 'Talk to a person' }).click();

    // The console, signed in as the banner's admin: the conversation waits in the live queue.
    await agent.goto(consoleUrl);
    await agent.getByLabel('Username').fill('admin');
    await agent.getByLabel('Password').fill(password);
    await agent.getByRole('button', { name: 'Sign in' }).click();
    await agent.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    const item = agent.locator('#queue-list .item', { hasText: 'Talk to a person' });
    await item.click();
    await agent.getByRole('button', { name: 'Take' }).click();
    await agent.getByText('held by admin').waitFor();
    await agent.getByLabel('Reply to the customer').fill('Hello, how can I help?');
    await agent.getByLabel('Reply to the customer').press('Enter');
    await panel.locator('.from-attendant', { hasText: 'Hello, how can I help?' }).waitFor();
    expect(await seriousViolations(agent)).toEqual([]);
    await screenshot(agent, 'newcomer-console');

    // Resolve: the widget asks for a score and thanks for it.
    await agent.getByRole('button', { name: 'Resolve', exact: true }).click();
    await agent.locator('#queue-list .empty').waitFor();
    await panel.getByRole('group', { name: 'Your score from 0 to 10' }).getByRole('button', { name: '10', exact: true }).click();
    await panel.getByText('Thank you for your feedback!').waitFor();
    expect(await seriousViolations(customer)).toEqual([]);
    await screenshot(customer, 'newcomer-widget');
    expect(errors.flat()).toEqual([]);
  } finally {
    await Promise.all([visitor.close(), attendant.close()]);
  }
});
