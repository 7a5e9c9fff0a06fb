/**
 * The console on a phone (375 px) and on a desktop (1280 px), and the widget at 320 px: every
 * screen without sideways scroll and with 0 serious or critical axe-core violations (on a phone in
 * Portuguese and Spanish too), transcripts scrolled; the empty states; the status rule at sign-in; a ticket created from the Tickets
 * screen; and an attendant's keyboard-only journey through take, reply, transfer and resolve.
 * Screenshots go to test-results/screenshots.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { TEST_ADMIN } from '../support/service.js';
import { buildWeb, captureErrors, goToScreen, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { waitForValue } from '../support/wait-for.js';

let kit: Kit;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENS = ['Inbox', 'Board', 'Tickets', 'Canned responses', 'Insights', 'Reports', 'Queues', 'Skills'] as const;

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  kit = await startKit({ WEB_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await kit?.service.dispose();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(captureErrors(page));
  return page;
}
const consoleErrors = () => pageErrors.flat();

async function signIn(page: Page, username: string, password = 'password-for-tests'): Promise<void> {
  await page.goto(`${kit.service.url}/console/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

/** Whether the page scrolls sideways: its content wider than its viewport. */
function sidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
}

/** Opens a screen through the header; on a phone through the folded menu first. */
async function go(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  const menu = page.getByRole('button', { name: /^Menu/ });
  if (await menu.isVisible()) await menu.click();
  await goToScreen(page, screen);
  await page.locator(`nav a[aria-current=page]`, { hasText: screen }).waitFor({ state: 'attached' });
}

/** A conversation handed to a person, then enough customer lines that its transcript scrolls. */
async function longConversation(lines: number): Promise<{ sessionId: string; token: string }> {
  const handoff = await kit.handoff();
  for (let i = 1; i <= lines; i += 1) await kit.say(`Line ${i} of a long story`, handoff.token);
  return handoff;
}

/** Ends a conversation whoever holds it: the admin takes it if it waits, then resolves it. */
async function close(sessionId: string): Promise<void> {
  if ((await kit.item(sessionId))?.status === 'waiting') await kit.command(kit.admin, '/take', sessionId);
  expect((await kit.call('POST', `/api/attendance/resolve/${sessionId}`, kit.admin)).status).toBe(200);
}

/** Whether an element scrolls (its content taller than its box). */
function scrolls(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((e) => e.scrollHeight > e.clientHeight);
}

test('empty screens say what they mean and what to do next', async () => {
  const page = await newPage(DESKTOP);
  await page.goto(`${kit.service.url}/console/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await page.getByText('No open conversations. When a customer asks for a person').waitFor();
  await page.getByRole('tab', { name: /Mine/ }).click();
  await page.getByText('You hold no conversations. Take one from Unassigned').waitFor();
  await page.getByRole('tab', { name: /Unassigned/ }).click();
  await page.getByText('No customer is waiting.').waitFor();
  await go(page, 'Board');
  await page.getByText('No open conversations. Each one a customer hands to a person shows here as a card').waitFor();
  await go(page, 'Tickets');
  await page.getByText('No tickets. A ticket keeps a customer\'s problem after the conversation').waitFor();
  await page.getByRole('button', { name: 'New ticket' }).click();
  await page.getByText('A ticket belongs to a customer\'s conversation, and none is open now.').waitFor();
  await go(page, 'Canned responses');
  await page.getByText('None yet. Add one above; then type / and its shortcut').waitFor();
  await go(page, 'Insights');
  await page.getByText('Nothing happened in this period yet').waitFor();
  await go(page, 'Queues');
  // The demo bot declares its "support" queue (bots/default.gbai), which nobody staffs yet: its
  // members say what that means. (Without any queue the screen says "No queues. Conversations then
  // go to any online attendant…".)
  await page.getByRole('row', { name: /support/ }).getByRole('button', { name: 'Members' }).click();
  await page.getByText('No members: any online attendant may be given this queue\'s conversations').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors()).toEqual([]);
});

test('the status rule: an attendant signing in while offline is online; busy and away stay; a supervisor is left as is', async () => {
  const ana = await kit.user('ana', ['attendant']);
  const status = async (id: string) =>
    ((await kit.call('GET', '/api/attendance/attendants', kit.admin)).body as unknown as { id: string; status: string }[]).find((a) => a.id === id)?.status;
  // The picker shows a choice at once and stores it with a request after: what the server holds is
  // read until it is the expected status (or the wait times out saying what it was).
  const settles = (id: string, expected: string) => waitForValue(() => status(id), (s) => s === expected, `status ${expected}`);
  expect(await status(ana.id)).toBe('offline');

  const page = await newPage(DESKTOP);
  await signIn(page, 'ana');
  const picker = page.getByLabel('My status');
  await page.getByText('gets new conversations', { exact: true }).waitFor();
  await expect(picker.inputValue()).resolves.toBe('online');
  await settles(ana.id, 'online');

  // A reload is not a sign-in: what she chose stays.
  await picker.selectOption('offline');
  await page.getByText('gets no new conversations').waitFor();
  await settles(ana.id, 'offline');
  await page.reload();
  await page.getByText('gets no new conversations').waitFor();
  await expect(page.getByLabel('My status').inputValue()).resolves.toBe('offline');
  expect(await status(ana.id)).toBe('offline');

  // Busy (and away) are her choice: signing in again keeps them.
  await page.getByLabel('My status').selectOption('busy');
  await settles(ana.id, 'busy');
  // At 1280 px Sign out is in the account's group, behind the user's name.
  await page.getByRole('button', { name: 'ana (account)' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect(await status(ana.id)).toBe('busy');
  await signIn(page, 'ana');
  await page.getByText('gets no new conversations').waitFor();
  await expect(page.getByLabel('My status').inputValue()).resolves.toBe('busy');
  expect(await status(ana.id)).toBe('busy');
  await kit.command(ana.headers, '/status offline');

  // A supervisor without the attendant role signs in to watch, and gets no conversations for it.
  const sam = await kit.user('sam', ['supervisor']);
  const supervisor = await newPage(DESKTOP);
  await signIn(supervisor, 'sam');
  await supervisor.getByText('gets no new conversations').waitFor();
  expect(await status(sam.id)).toBe('offline');
  expect(await seriousViolations(supervisor)).toEqual([]);
  expect(consoleErrors()).toEqual([]);
});

test('a ticket created from the Tickets screen', async () => {
  const { sessionId } = await kit.handoff();
  const page = await newPage(DESKTOP);
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await go(page, 'Tickets');
  await page.getByRole('button', { name: 'New ticket' }).click();
  const form = page.getByRole('region', { name: 'New ticket' });
  const conversation = form.getByLabel('Conversation');
  await conversation.locator(`option[value="${sessionId}"]`).waitFor({ state: 'attached' });
  await conversation.selectOption(sessionId);
  await form.getByLabel('Subject').fill('Refund for order 1002');
  await form.getByLabel('Description').fill('Charged twice');
  await form.getByLabel('Priority').selectOption('high');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-new-ticket');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  // The new ticket is listed and opened.
  await page.getByRole('button', { name: 'Refund for order 1002' }).waitFor();
  await page.getByRole('heading', { name: /^Ticket \d+ · open$/ }).waitFor();
  const listed = await kit.call('GET', `/api/attendance/tickets?session_id=${sessionId}`, kit.admin);
  const tickets = (listed.body as unknown as { tickets: { subject: string; description: string; priority: string; status: string }[] }).tickets;
  expect(tickets).toEqual([expect.objectContaining({ subject: 'Refund for order 1002', description: 'Charged twice', priority: 'high', status: 'open' })]);
  await close(sessionId);
  expect(consoleErrors()).toEqual([]);
});

/** Every screen at this size: no sideways scroll, 0 serious or critical axe violations. */
async function everyScreen(page: Page, name: string): Promise<void> {
  for (const screen of SCREENS) {
    await go(page, screen);
    if (screen === 'Insights') await page.locator('figure.kpi').nth(10).waitFor();
    if (screen === 'Board') await page.locator('[data-column="new"]').waitFor();
    expect({ screen, sideways: await sidewaysScroll(page) }).toEqual({ screen, sideways: false });
    expect({ screen, violations: await seriousViolations(page) }).toEqual({ screen, violations: [] });
    await screenshot(page, `${name}-${screen.toLowerCase().replace(/ /g, '-')}`);
  }
  await go(page, 'Inbox');
}

test('the console on a phone (375 px): no sideways scroll, a folded menu, the conversation and its reply box on one screen', async () => {
  const { sessionId } = await longConversation(24);
  const page = await newPage(PHONE);
  await page.goto(`${kit.service.url}/console/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  expect(await sidewaysScroll(page)).toBe(false);

  // The navigation folds behind one button; the header stays one row.
  const nav = page.getByRole('navigation', { name: 'Screens' });
  expect(await nav.isVisible()).toBe(false);
  expect((await page.locator('header.top').boundingBox())!.height).toBeLessThan(60);
  await page.getByRole('button', { name: /^Menu/ }).click();
  await nav.getByRole('link', { name: 'Queues' }).waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-phone-menu');
  await page.getByRole('button', { name: /^Menu/ }).click();
  expect(await nav.isVisible()).toBe(false);

  // The queue fills the screen; a tap opens the conversation, whose transcript scrolls above the reply box.
  await page.locator('#queue-list .item', { hasText: 'Line 24 of a long story' }).click();
  await page.locator('.transcript').getByText('Line 24 of a long story').waitFor();
  // The focus follows to the conversation, since its item left the screen.
  await expect(page.evaluate<string>('document.activeElement.id')).resolves.toBe('conversation-title');
  const reply = page.getByLabel('Reply to the customer');
  const replyBox = (await reply.boundingBox())!;
  expect(replyBox.y + replyBox.height).toBeLessThanOrEqual(PHONE.height);
  expect(replyBox.width).toBeGreaterThan(150);
  expect(await page.getByRole('button', { name: 'Take' }).isVisible()).toBe(true);
  expect(await scrolls(page, '.transcript')).toBe(true);
  expect(await page.evaluate<boolean>('document.documentElement.scrollHeight <= document.documentElement.clientHeight')).toBe(true);
  expect(await sidewaysScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-phone-conversation');

  // Take it, then the transfer form fits too.
  await page.getByRole('button', { name: 'Take' }).click();
  await page.getByRole('button', { name: 'Take' }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByRole('form', { name: 'Transfer' }).waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-phone-transfer');
  await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();

  // The queue is one tap away.
  await page.getByRole('button', { name: '← Conversations' }).click();
  await page.locator('#queue-list .item').first().waitFor();
  expect(await page.locator('.transcript').count()).toBe(0);
  await expect(page.evaluate<string>('document.activeElement.dataset.item')).resolves.toBe(sessionId);

  await everyScreen(page, 'console-phone');
  // The shortcuts dialog fits as well.
  await page.getByRole('button', { name: /^Menu/ }).click();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-phone-shortcuts');
  await page.keyboard.press('Escape');
  await close(sessionId);
  expect(consoleErrors()).toEqual([]);
});

// The console's Portuguese and Spanish texts are longer than the English ones (locales/): on a
// phone they must fit as well. The language is picked in the header's menu, as an attendant would.
const SCREEN_IDS = ['inbox', 'board', 'tickets', 'canned', 'insights', 'reports', 'queues', 'skills'] as const;
test.each(['pt-BR', 'es'])('the console on a phone (375 px) in %s: the header one row, no sideways scroll on any screen', async (language) => {
  const { sessionId } = await longConversation(3);
  const page = await newPage(PHONE);
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await page.locator('.menu-toggle').click();
  await page.locator('.language-picker select').selectOption(language);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
  expect(await sidewaysScroll(page)).toBe(false);
  await screenshot(page, `console-phone-menu-${language}`);
  await page.locator('.menu-toggle').click();
  expect((await page.locator('header.top').boundingBox())!.height).toBeLessThan(60);

  // A conversation, its back button and its folded side panel.
  await page.locator('#queue-list .item').first().click();
  await page.locator('.transcript').getByText('Line 3 of a long story').waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  const replyBox = (await page.locator('#reply').boundingBox())!;
  expect(replyBox.y + replyBox.height).toBeLessThanOrEqual(PHONE.height);
  await screenshot(page, `console-phone-conversation-${language}`);
  await page.locator('.conversation-head .back').click();
  await close(sessionId);

  // Every screen, with its empty state where it has one (the longest texts).
  for (const screen of SCREEN_IDS) {
    await page.evaluate(`location.hash = '#/${screen}'`);
    await page.locator(`nav a[href="#/${screen}"][aria-current=page]`).waitFor({ state: 'attached' });
    if (screen === 'insights') await page.locator('figure.kpi').nth(10).waitFor();
    if (screen === 'tickets') await page.locator('main.tickets > button[aria-expanded]').click();
    expect({ screen, sideways: await sidewaysScroll(page) }).toEqual({ screen, sideways: false });
    expect({ screen, violations: await seriousViolations(page) }).toEqual({ screen, violations: [] });
    await screenshot(page, `console-phone-${screen}-${language}`);
  }
  expect(consoleErrors()).toEqual([]);
});

test('the console at 1280 px: every screen and a scrolled transcript pass axe', async () => {
  const { sessionId } = await longConversation(20);
  const page = await newPage(DESKTOP);
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await page.locator('#queue-list .item', { hasText: 'Line 20 of a long story' }).click();
  await page.locator('.transcript').getByText('Line 20 of a long story').waitFor();
  expect(await scrolls(page, '.transcript')).toBe(true);
  expect(await sidewaysScroll(page)).toBe(false);
  expect(await page.evaluate<boolean>('document.documentElement.scrollHeight <= document.documentElement.clientHeight')).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-desktop-long-transcript');
  await everyScreen(page, 'console-desktop');
  // The header keeps one row at 1280 px in every language, its groups open and closed (HeaderGroup.tsx).
  let shown = 'en';
  for (const language of ['pt-BR', 'es', 'en']) {
    const account = page.getByRole('button', { name: `${TEST_ADMIN.username} (${ACCOUNT[shown]})` });
    await account.click();
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('.language-picker select').selectOption(language);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
    shown = language;
    expect({ language, violations: await seriousViolations(page) }).toEqual({ language, violations: [] });
    await page.keyboard.press('Escape');
    // One row: the title, the screens, the status and the account share it (two rows were over 100 px high).
    const top = async (selector: string) => Math.round((await page.locator(selector).boundingBox())!.y);
    const rows = [await top('header.top h1'), await top('header.top nav'), await top('header.top .status-picker'), await top('header.top .account')];
    expect({ language, oneRow: Math.max(...rows) - Math.min(...rows) < 20, height: (await page.locator('header.top').boundingBox())!.height < 80 })
      .toEqual({ language, oneRow: true, height: true });
    const supervision = page.getByRole('navigation').locator('.supervision .group-toggle');
    await supervision.click();
    expect(await page.locator('#supervision-menu a').count()).toBe(4);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `console-desktop-header-${language}`);
    await page.keyboard.press('Escape');
    await expect(supervision.getAttribute('aria-expanded')).resolves.toBe('false');
  }
  await close(sessionId);
  expect(consoleErrors()).toEqual([]);
});

/** The account group's hidden word in each language (locales/<language>/console.json, app.account). */
const ACCOUNT: Record<string, string> = { en: 'account', es: 'cuenta', 'pt-BR': 'conta' };

/** Presses Tab until the focused element is the one named (its text or label); fails after 80 presses. */
async function tabTo(page: Page, name: string): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(`(() => {
      const e = document.activeElement;
      return e?.getAttribute('aria-label') ?? (e?.id ? document.querySelector('label[for="' + e.id + '"]')?.textContent : null) ?? e?.textContent?.trim() ?? '';
    })()`);
    if (focused === name) return;
    seen.push(focused.slice(0, 30));
  }
  throw new Error(`Tab never reached ${name}; it went through ${seen.join(' | ')}`);
}

test('keyboard only: an attendant signs in, sets her status, takes, replies, transfers and resolves', async () => {
  const kim = await kit.user('kim', ['attendant']);
  const billing = await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'Billing', channels: ['web'] });
  expect(billing.status).toBe(201);
  await kit.call('POST', `/api/attendance/queues/${billing.body.id as string}/members`, kit.admin, { user_id: kim.id });

  const page = await newPage(DESKTOP);
  await page.goto(`${kit.service.url}/console/`);
  // Keys typed before the console has rendered are lost: wait for the form's first field to hold the focus.
  await page.waitForFunction("document.activeElement !== null && document.activeElement.id === 'username'");
  await page.keyboard.type('kim');
  await page.keyboard.press('Tab');
  await page.keyboard.type('password-for-tests');
  await page.keyboard.press('Enter');
  await page.getByText('gets new conversations', { exact: true }).waitFor();

  // Busy, typed into the status control: the conversation will wait for her to take it.
  await tabTo(page, 'My status');
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/attendance/commands') && r.ok()), page.keyboard.type('busy')]);
  await page.getByText('gets no new conversations').waitFor();
  const { sessionId, token } = await kit.handoff();
  await page.getByRole('tab', { name: 'Unassigned 1' }).waitFor();

  // Alt+↓ opens the first conversation; Take is reached by Tab.
  await page.keyboard.press('Alt+ArrowDown');
  await page.locator('.transcript').getByText('I want a person').waitFor();
  await tabTo(page, 'Take');
  await page.keyboard.press('Enter');
  await page.getByText('held by kim').waitFor();

  // Alt+M to the reply box, Enter sends.
  await page.keyboard.press('Alt+m');
  await page.keyboard.type('Hello, kim here');
  await page.keyboard.press('Enter');
  await page.locator('.transcript .from-attendant', { hasText: 'Hello, kim here' }).waitFor();
  expect((await kit.history(token)).map((m) => m.text)).toContain('Hello, kim here');

  // Transfer to the Billing queue: the form's first field has the focus; typing picks the queue.
  await tabTo(page, 'Transfer');
  await page.keyboard.press('Enter');
  await page.locator('#transfer-to option', { hasText: 'Billing' }).waitFor({ state: 'attached' });
  await page.keyboard.type('Billing');
  await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(`q:${billing.body.id as string}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('a billing question');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await page.getByText('web · waiting · unassigned').waitFor();
  expect((await kit.item(sessionId))?.queue_id).toBe(billing.body.id);

  // Take it back and resolve with Alt+R.
  await tabTo(page, 'Take');
  await page.keyboard.press('Enter');
  await page.getByText('held by kim').waitFor();
  await page.keyboard.press('Alt+r');
  await page.locator('#queue-list .empty').waitFor();
  expect(await kit.item(sessionId)).toBeUndefined();
  await kit.command(kim.headers, '/status offline');
  expect(consoleErrors()).toEqual([]);
});

test('the widget at 320 px: the placeholder fits its box, a scrolled log passes axe (and at 1280 px)', async () => {
  const customer = await newPage({ width: 320, height: 640 });
  await customer.goto(`${kit.service.url}/demo/default`);
  await customer.getByRole('button', { name: 'Open chat' }).click();
  const panel = customer.getByRole('dialog', { name: 'Chat with us' });
  const input = panel.getByLabel('Your message');
  // The placeholder, in the box's font, is no wider than the box's text area: it stays on one line.
  const fit = await input.evaluate((box) => {
    const style = box.ownerDocument.defaultView!.getComputedStyle(box);
    const context = box.ownerDocument.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(box.getAttribute('placeholder') ?? '').width, room };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  await input.fill('hi');
  await input.press('Enter');
  await panel.getByText('How can I help you?').waitFor();
  for (let i = 1; i <= 12; i += 1) {
    await input.fill(`Opening hours, question ${i}`);
    await input.press('Enter');
  }
  await panel.getByText('Opening hours, question 12').waitFor();
  expect(await panel.locator('.log').evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  expect(await sidewaysScroll(customer)).toBe(false);
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-320-long-log');
  // And on a desktop, the log still long enough to scroll.
  await customer.setViewportSize(DESKTOP);
  expect(await panel.locator('.log').evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-1280-long-log');
  expect(consoleErrors()).toEqual([]);
});
