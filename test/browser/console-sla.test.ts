/**
 * The console's SLA timers (docs/attendance/sla.md, "In the console"), in Chromium: a conversation
 * whose first-response target runs out turns red in the queue as the `sla_breached` frame arrives,
 * without a reload; a ticket shows its resolution countdown; the insights count the breach against
 * the queue. axe-core checks each screen.
 */
import type { Browser, Page } from 'playwright-core';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { buildWeb, captureErrors, goToScreen, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir });
  await kit.user('sue', ['supervisor']);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  errors = captureErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kit?.service.dispose();
});

test('a breached conversation turns red in the queue; a ticket counts down its resolution target', async () => {
  const queue = (await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'front', channels: ['web'], auto_assign: false, priority_order: -100 })).body.id as string;
  // Two seconds to answer (on the wall clock), an hour to resolve.
  await kit.call('POST', '/api/attendance/sla/policies', kit.admin, {
    name: 'front', queue_id: queue, first_response_seconds: 2, resolution_seconds: 3600, business_hours: false,
  });

  await page.goto(`${kit.service.url}/console/`);
  await page.getByLabel('Username').fill('sue');
  await page.getByLabel('Password').fill('password-for-tests');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();

  const { sessionId } = await kit.handoff();
  const item = page.locator(`[data-item="${sessionId}"]`);
  // First the countdown, then (on the frame) the breach: red text and a red edge on the item.
  await item.locator('.sla').waitFor();
  await item.locator('[data-sla="breached"]', { hasText: 'First response SLA breached' }).waitFor();
  // The console's red (--red, #b00020) on the item's left edge.
  const edge = await item.evaluate((element) => {
    const view = element.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } };
    return view.getComputedStyle(element).borderLeftColor;
  });
  expect(edge).toBe('rgb(176, 0, 32)');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-sla-queue');

  const ticket = await kit.call('POST', '/api/attendance/tickets', kit.admin, { session_id: sessionId, subject: 'Refund' });
  expect(ticket.status).toBe(201);
  await goToScreen(page, 'Tickets');
  const row = page.locator('tr', { hasText: 'Refund' });
  await row.locator('[data-sla="ok"]', { hasText: /Resolution due in (59|1:00):\d\d/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-sla-tickets');

  // The insights count the breach against the queue.
  await goToScreen(page, 'Insights');
  const byQueue = page.getByRole('table', { name: 'Queue' });
  await byQueue.locator('tr', { hasText: 'front' }).filter({ hasText: 'First response' }).waitFor();
  expect((await byQueue.locator('tr', { hasText: 'front' }).filter({ hasText: 'First response' }).innerText()).replace(/\s+/g, ' ').trim())
    .toBe('front First response 0 1 0.0 %');
  expect(await seriousViolations(page)).toEqual([]);

  // Supervisors add policies on the queues screen.
  await goToScreen(page, 'Queues');
  const policies = page.getByRole('region', { name: 'SLA policies' });
  await policies.getByRole('row').filter({ hasText: 'front' }).waitFor();
  await policies.getByLabel('Policy').fill('gold customers');
  await policies.getByLabel('Customer tier').selectOption('gold');
  await policies.getByLabel('First response (minutes)').fill('5');
  await policies.getByRole('button', { name: 'Add policy' }).click();
  await policies.getByRole('status').filter({ hasText: 'Policy added.' }).waitFor();
  expect((await policies.getByRole('row').filter({ hasText: 'gold customers' }).innerText()).replace(/\s+/g, ' ').trim())
    .toBe('gold customers Every queue gold 5 min — Delete gold customers');
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
