/**
 * The console's customer panel (docs/crm.md, "What attendants see"), in Chromium: a nameless web
 * customer shows as channel and short id in the list, a named one by name in the list, the
 * conversation header and the panel; the panel lists the bot's attendance-customer-fields and
 * saves tags and a note on the customer's CRM contact. axe-core checks the screen.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { createSessionsRepo } from '../../db/index.js';
import { crmContacts } from '../../db/schema/index.js';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let bots: TestBots;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  bots = await createTestBots('sb-console-customer-');
  await bots.add('default', { 'attendance-customer-fields': 'name, email, tier, ltv, campaign_name', 'attendance-auto-assign': 'false' });
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir, BOTS_DIR: bots.dir });
  await kit.user('ana', ['attendant']);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  errors = captureErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kit?.service.dispose();
  await bots?.remove();
});

test('the list, the header and the customer panel name the customer; tags and a note are saved on the contact', async () => {
  const nameless = await kit.handoff();
  const named = await kit.handoff();
  await createSessionsRepo(kit.service.database.db).update(named.sessionId, {
    context_patch: { customer_name: 'Maria Souza', customer_email: 'maria@example.com', customer_tier: 'gold', customer_lifetime_value: 250, campaign_name: 'Black Friday' },
  });

  await page.goto(`${kit.service.url}/console/`);
  await page.getByLabel('Username').fill('ana');
  await page.getByLabel('Password').fill('password-for-tests');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();

  const list = page.locator('#queue-list');
  await list.getByText(`web · ${nameless.sessionId.slice(0, 6)}`, { exact: true }).waitFor();
  await list.getByText('Maria Souza', { exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Maria Souza' }).waitFor();

  const panel = page.getByRole('region', { name: 'Customer' });
  await panel.locator('.customer-fields dd', { hasText: 'gold' }).waitFor();
  const rows = await panel.locator('.customer-fields div').allInnerTexts();
  expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
    'Name Maria Souza', 'Email maria@example.com', 'Tier gold', 'Lifetime value 250', 'Campaign Black Friday',
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByLabel('Tags').fill('vip, late order, VIP');
  await panel.getByLabel('Note').fill('Called twice about the refund');
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  expect(await panel.getByLabel('Tags').inputValue()).toBe('vip, late order');
  await screenshot(page, 'console-customer-panel');

  const [contact] = await kit.service.database.db.select().from(crmContacts).where(eq(crmContacts.email, 'maria@example.com'));
  expect(contact).toMatchObject({ first_name: 'Maria Souza', tags: ['vip', 'late order'], note: 'Called twice about the refund' });

  // Opened again, the panel reads them back from the contact.
  await page.reload();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  await page.locator('#queue-list').getByText('Maria Souza', { exact: true }).click();
  const note = page.getByRole('region', { name: 'Customer' }).getByLabel('Note');
  await page.getByRole('region', { name: 'Customer' }).locator('.customer-fields').waitFor();
  expect(await note.inputValue()).toBe('Called twice about the refund');
  expect(errors).toEqual([]);
});
