/**
 * The console's reports screen (docs/attendance/reports.md, "In the console"), in Chromium: a
 * supervisor picks measures and a group-by, runs the report and sees the attended conversation in
 * the table and the chart's text alternative, downloads it as CSV, saves it shared with attendants
 * and opens it again from the saved list. axe-core checks the screen.
 */
import type { Browser, Page } from 'playwright-core';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir });
  const ana = await kit.user('ana', ['attendant']);
  await kit.user('sup', ['supervisor']);
  const { sessionId } = await kit.handoff();
  expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);
  expect((await kit.call('POST', `/api/attendance/resolve/${sessionId}`, ana.headers)).status).toBe(200);
  await kit.service.eventsHandled();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', acceptDownloads: true })).newPage();
  errors = captureErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kit?.service.dispose();
});

test('build, run, chart, download, save and reopen a report', async () => {
  await page.goto(`${kit.service.url}/console/#/reports`);
  await page.getByLabel('Username').fill('sup');
  await page.getByLabel('Password').fill('password-for-tests');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 2, name: 'Reports' }).waitFor();

  const form = page.getByRole('form', { name: 'Report builder' });
  await form.getByLabel('Resolved', { exact: true }).check();
  await form.getByLabel('Average wait (s)').uncheck();
  await form.getByLabel('Group by').selectOption('attendant');
  await form.getByLabel('Then by').selectOption('channel');
  await form.getByLabel('Period').selectOption('today');
  await form.getByRole('button', { name: 'Run' }).click();

  const result = page.getByRole('region', { name: 'Report result' });
  const table = result.getByRole('table');
  await table.getByRole('cell', { name: 'ana' }).waitFor();
  expect(await table.locator('thead th').allInnerTexts()).toEqual(['Attendant', 'Channel', 'Conversations', 'Resolved']);
  expect(await table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['ana', 'web', '1', '1']);
  expect(await result.locator('.report-chart').getAttribute('aria-label')).toBe('Conversations: ana · web: 1');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-reports');

  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString().split('\r\n').slice(0, 2)).toEqual(['attendant,attendant_id,channel,conversations,resolved', expect.stringMatching(/^ana,[0-9a-f-]{36},web,1,1$/)]);

  await form.getByLabel('Name').fill('Today by attendant');
  await form.getByLabel('Share with attendants').check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved "Today by attendant".' }).waitFor();
  const saved = page.getByRole('region', { name: 'Saved reports' });
  await saved.getByRole('button', { name: 'Today by attendant', exact: true }).waitFor();

  await page.reload();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: 'Today by attendant', exact: true }).click();
  await page.getByRole('region', { name: 'Report result' }).getByRole('cell', { name: 'ana' }).waitFor();
  expect(await page.getByLabel('Share with attendants').isChecked()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
