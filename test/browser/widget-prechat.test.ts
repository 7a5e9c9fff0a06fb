/**
 * The widget's pre-chat form (docs/channels/web.md, "The visitor's name"): on a bot with
 * `web-prechat-form`, a new visitor gives their name and e-mail before the chat, the bot greets
 * them by name, the session keeps both, and a reload does not ask again; on a bot without it the
 * chat opens at once. axe-core checks the form.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { sessions } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { startTestService, type TestService } from '../support/service.js';

let service: TestService;
let bots: TestBots;
let browser: Browser;
const contexts: BrowserContext[] = [];
const GREETER = 'TALK "Hello, " & user_name & "!"\nHEAR more\nTALK "Noted."';

beforeAll(async () => {
  bots = await createTestBots('sb-widget-prechat-');
  await Promise.all([bots.add('asking', { 'web-prechat-form': 'true' }, GREETER), bots.add('plain', {}, GREETER)]);
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  service = await startTestService({ WEB_DIR: webDir, BOTS_DIR: bots.dir });
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await service?.dispose();
  await bots?.remove();
});

async function openWidget(bot: string) {
  const context = await browser.newContext({ viewport: { width: 400, height: 720 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors = captureErrors(page);
  await page.goto(`${service.url}/demo/${bot}`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  return { page, errors, panel: page.getByRole('dialog', { name: 'Chat with us' }) };
}

test('a new visitor gives name and e-mail first; the bot greets them by name and the session keeps both', async () => {
  const { page, errors, panel } = await openWidget('asking');
  const form = panel.getByRole('form', { name: 'Before we start' });
  await form.waitFor();
  expect(await panel.getByLabel('Your message').isVisible()).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'widget-prechat-form');

  // The name is required: an empty form stays.
  await form.getByRole('button', { name: 'Start chat' }).click();
  expect(await form.isVisible()).toBe(true);

  await form.getByLabel('Your name').fill('Maria Silva');
  await form.getByLabel('Your e-mail (optional)').fill('maria@example.test');
  await form.getByRole('button', { name: 'Start chat' }).click();
  const input = panel.getByLabel('Your message');
  await input.waitFor();
  await input.fill('hi');
  await input.press('Enter');
  await panel.getByText('Hello, Maria Silva!').waitFor();

  const [session] = await service.database.db.select().from(sessions).where(eq(sessions.channel, 'web'));
  expect(session!.context_data).toMatchObject({ customer_name: 'Maria Silva', customer_email: 'maria@example.test' });

  // A reload continues the conversation without asking again.
  await page.reload();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await panel.getByText('Hello, Maria Silva!').waitFor();
  expect(await panel.getByRole('form', { name: 'Before we start' }).isVisible()).toBe(false);
  expect(errors).toEqual([]);
});

test('without web-prechat-form the chat opens at once', async () => {
  const { panel, errors } = await openWidget('plain');
  const input = panel.getByLabel('Your message');
  await input.waitFor();
  expect(await panel.getByRole('form', { name: 'Before we start' }).isVisible()).toBe(false);
  await input.fill('hi');
  await input.press('Enter');
  await panel.getByText('Hello, !').waitFor();
  expect(errors).toEqual([]);
});
