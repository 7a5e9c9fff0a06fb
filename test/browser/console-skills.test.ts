/**
 * The console's Skills screen (docs/attendance/skills-routing.md, "In the console"), in
 * Chromium: a supervisor gives an attendant skills with levels and a queue the skills it needs;
 * both are stored as the API reads them, attendants do not see the screen, and axe-core checks it.
 */
import type { Browser, Page } from 'playwright-core';
import { startKit, type Kit, type User } from '../support/attendance-kit.js';
import { buildWeb, captureErrors, goToScreen, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let browser: Browser;
let ana: User;
let queueId: string;

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir });
  ana = await kit.user('ana', ['attendant']);
  await kit.user('sue', ['supervisor']);
  queueId = (await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'Billing', channels: ['web'], priority_order: -100, user_ids: [ana.id] })).body.id as string;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kit?.service.dispose();
});

async function signIn(username: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(page);
  await page.goto(`${kit.service.url}/console/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password-for-tests');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  return { page, errors };
}

test('a supervisor sets an attendant\'s skills and a queue\'s required skills', async () => {
  const { page, errors } = await signIn('sue');
  await goToScreen(page, 'Skills');
  await page.getByRole('heading', { level: 2, name: 'Skills' }).waitFor();
  const attendants = page.getByRole('region', { name: "Attendants' skills" });
  await attendants.getByRole('row', { name: /ana/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // Ana: spanish at 4 and billing at 2.
  await attendants.getByRole('button', { name: 'Edit skills of ana' }).click();
  const editor = page.getByRole('region', { name: 'Skills of ana' });
  await editor.getByRole('button', { name: 'Add a skill' }).click();
  await editor.getByLabel('Skill 1').fill('Spanish');
  await editor.getByLabel('Level').first().selectOption('4');
  await editor.getByRole('button', { name: 'Add a skill' }).click();
  await editor.getByLabel('Skill 2').fill('billing');
  await editor.getByLabel('Level').nth(1).selectOption('2');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-skills-attendant');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved the skills of ana.' }).waitFor();
  await attendants.getByRole('row', { name: /ana/ }).getByText('billing 2, spanish 4').waitFor();

  // The Billing queue needs billing at 2 or above.
  const queues = page.getByRole('region', { name: 'What queues need' });
  await queues.getByRole('button', { name: 'Edit skills of Billing' }).click();
  const needs = page.getByRole('region', { name: 'Skills queue Billing needs' });
  await needs.getByRole('button', { name: 'Add a skill' }).click();
  // The names in use are offered.
  expect(await needs.locator('datalist option').evaluateAll((options) => options.map((o) => o.getAttribute('value')))).toEqual(['billing', 'spanish']);
  await needs.getByLabel('Skill 1').fill('billing');
  await needs.getByLabel('Minimum level').selectOption('2');
  await needs.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved the skills of Billing.' }).waitFor();
  await queues.getByRole('row', { name: /Billing/ }).getByText('billing 2').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-skills');

  // A customer's conversation in Billing shows in the live queue what it needs.
  const { sessionId } = await kit.handoff();
  await goToScreen(page, 'Inbox');
  const item = page.locator(`[data-item="${sessionId}"]`);
  await item.getByText('Needs: billing (level 2+)', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: /Needs: billing \(level 2\+\)/ }).count()).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-queue-skills');
  await goToScreen(page, 'Skills');

  const overview = await kit.call('GET', '/api/attendance/skills', kit.admin);
  expect(overview.body).toMatchObject({
    attendants: expect.arrayContaining([expect.objectContaining({ user_id: ana.id, skills: [{ name: 'billing', level: 2 }, { name: 'spanish', level: 4 }] })]),
    queues: expect.arrayContaining([{ id: queueId, name: 'Billing', required_skills: [{ name: 'billing', min_level: 2 }] }]),
  });

  // Removing the last skill leaves none.
  await attendants.getByRole('button', { name: 'Edit skills of ana' }).click();
  await page.getByRole('region', { name: 'Skills of ana' }).getByRole('button', { name: 'Remove billing' }).click();
  await page.getByRole('region', { name: 'Skills of ana' }).getByRole('button', { name: 'Save' }).click();
  await attendants.getByRole('row', { name: /ana/ }).getByText('spanish 4', { exact: true }).waitFor();
  expect(errors).toEqual([]);
});

test('attendants have no Skills screen', async () => {
  const { page, errors } = await signIn('ana');
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByRole('link', { name: 'Inbox' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Skills' }).count()).toBe(0);
  expect(errors).toEqual([]);
});
