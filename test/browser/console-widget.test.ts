/**
 * A customer in the widget on the demo page and an attendant in the console, in one Chromium:
 * handoff, live queue, take, messages both ways, typing, unread badge, reload, resolve and the
 * survey; then a supervisor's screens: kanban drag, ticket edit, insights, queues, canned responses
 * and the shortcuts dialog; the widget of a bot whose language is pt-BR (its notices, the survey,
 * its thanks and what comes next), and in a Spanish browser, and the console in a Portuguese
 * browser and switched to Spanish.
 * axe-core checks each screen; screenshots go to test-results/screenshots.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { TEST_ADMIN } from '../support/service.js';
import { buildWeb, captureErrors, goToScreen, launchChromium, screenshot, seriousViolations } from '../support/browser.js';

let kit: Kit;
let bots: TestBots;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

beforeAll(async () => {
  bots = await createTestBots('sb-console-widget-');
  // The demo bot as it ships, and a copy of it whose language is Portuguese (Brazil) (docs/configuration.md, "Languages").
  await Promise.all([bots.add('default', {}), bots.add('brasil', { language: 'pt-BR' })]);
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

async function newPage(viewport = { width: 1280, height: 800 }, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport, locale });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(captureErrors(page));
  return page;
}
const consoleErrors = () => pageErrors.flat();

/** Drags by pointer in small steps, as a hand does (the board's drag starts after a few pixels). */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${kit.service.url}/console/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

test('a customer in the widget and an attendant in the console: handoff to survey', async () => {
  await kit.user('ana', ['attendant']);
  const agent = await newPage();
  await signIn(agent, 'ana', 'password-for-tests');
  // Signing in made her online (the status rule, docs/attendance/console.md): new conversations are given to her.
  await agent.getByText('gets new conversations', { exact: true }).waitFor();
  expect(await seriousViolations(agent)).toEqual([]);
  await screenshot(agent, 'console-inbox-empty');

  const customer = await newPage({ width: 320, height: 640 });
  // Keeps the page's sockets reachable, so the test can cut them as a network loss would.
  await customer.addInitScript(() => {
    const Native = WebSocket;
    const sockets: WebSocket[] = [];
    (globalThis as unknown as { sockets: WebSocket[] }).sockets = sockets;
    globalThis.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof Native>) {
        super(...args);
        sockets.push(this);
      }
    };
  });
  await customer.goto(`${kit.service.url}/demo/default`);
  await customer.getByRole('button', { name: 'Open chat' }).click();
  const panel = customer.getByRole('dialog', { name: 'Chat with us' });
  await panel.getByLabel('Your message').fill('hi');
  await panel.getByLabel('Your message').press('Enter');
  await panel.getByText('How can I help you?').waitFor();
  // The HEAR menu comes as buttons; readable at 320 px: the panel fits the viewport.
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-menu-320px');
  await panel.getByRole('button', { name: 'Talk to a person' }).click();

  // The live queue: the conversation shows up in the console without a reload, already hers.
  const item = agent.locator('#queue-list .item').first();
  await item.waitFor();
  await agent.getByRole('tab', { name: 'Mine 1' }).waitFor();
  await item.click();
  await agent.locator('.transcript').getByText('Talk to a person').waitFor();
  expect(await agent.getByRole('button', { name: 'Take' }).count()).toBe(0);
  expect(await seriousViolations(agent)).toEqual([]);

  // Typing, then a message: the widget shows both, the attendant's styled apart.
  await agent.getByLabel('Reply to the customer').fill('Hello, this is Ana');
  await panel.getByText('The attendant is typing…').waitFor();
  await agent.getByLabel('Reply to the customer').press('Enter');
  await panel.locator('.from-attendant', { hasText: 'Hello, this is Ana' }).waitFor();
  await screenshot(customer, 'widget-attendant-reply');

  // And back: the customer typing shows in the console, then the answer reaches the open conversation.
  await panel.getByLabel('Your message').pressSequentially('My order is late');
  await agent.getByText('The customer is typing…').waitFor();
  await panel.getByLabel('Your message').press('Enter');
  await agent.locator('.transcript .from-customer', { hasText: 'My order is late' }).waitFor();
  await screenshot(agent, 'console-conversation');

  // A reload keeps the conversation (the token is in localStorage); closed, new messages count as unread.
  await customer.reload();
  await agent.getByLabel('Reply to the customer').fill('Let me check that for you');
  await agent.getByLabel('Reply to the customer').press('Enter');
  await customer.locator('.badge', { hasText: '1' }).waitFor();
  await customer.getByRole('button', { name: 'Open chat' }).click();
  await panel.getByText('Hello, this is Ana').waitFor();
  await panel.getByText('Let me check that for you').waitFor();
  expect(await customer.locator('.badge').isHidden()).toBe(true);

  // Network loss: the widget's socket drops, it reconnects by itself and what was said meanwhile arrives.
  await customer.evaluate(() => (globalThis as unknown as { sockets: WebSocket[] }).sockets.forEach((s) => s.close()));
  await panel.getByText('Reconnecting…').waitFor();
  await agent.getByLabel('Reply to the customer').fill('Found it: it ships today');
  await agent.getByLabel('Reply to the customer').press('Enter');
  await panel.getByText('Found it: it ships today').waitFor();
  await panel.getByText('Online').waitFor();

  // Resolve (Alt+R): the widget asks the survey with score buttons, and thanks for the answer.
  await agent.keyboard.press('Alt+r');
  await panel.getByRole('group', { name: 'Your score from 0 to 10' }).waitFor();
  await screenshot(customer, 'widget-survey');
  await panel.getByRole('button', { name: '9', exact: true }).click();
  await panel.getByText('Thank you for your feedback!').waitFor();
  await agent.locator('#queue-list .empty').waitFor();

  // After the thanks the widget offers what comes next: a new conversation starts the bot again.
  await panel.getByRole('group', { name: 'What next' }).getByRole('button', { name: 'Close the chat' }).waitFor();
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-after-survey');
  await panel.getByRole('button', { name: 'Start a new conversation' }).click();
  await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Talk to a person' }).waitFor();

  // She goes offline through her status control, so the next tests' conversations wait for someone.
  await Promise.all([
    agent.waitForResponse((r) => r.url().endsWith('/api/attendance/commands') && r.ok()),
    agent.getByLabel('My status').selectOption('offline'),
  ]);
  await agent.getByText('gets no new conversations').waitFor();

  expect(consoleErrors()).toEqual([]);
});

test('a supervisor: kanban drag (and a refused move), ticket edit, insights, queues, canned responses, transfer, shortcuts', async () => {
  const { sessionId } = await kit.handoff();
  const ticket = await kit.call('POST', '/api/attendance/tickets', kit.admin, { session_id: sessionId, subject: 'Printer broken' });
  expect(ticket.status).toBe(201);

  const page = await newPage();
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);

  // Kanban: drag the waiting card to Active (the supervisor takes it), then a move the rules refuse.
  await page.getByRole('link', { name: 'Board' }).click();
  const card = page.locator(`[data-session="${sessionId}"]`);
  await page.locator('[data-column="new"]').locator(card).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await drag(page, card, page.locator('[data-column="active"]'));
  await page.locator('[data-column="active"]').locator(card).waitFor();
  await drag(page, card, page.locator('[data-column="pending"]'));
  await page.getByText(/^Refused: /).waitFor();
  await screenshot(page, 'console-kanban');
  expect((await kit.item(sessionId))?.status).toBe('active');

  // Tickets: open one, edit its subject.
  await page.getByRole('link', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: 'Printer broken' }).click();
  await page.getByLabel('Subject').fill('Printer on fire');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Printer on fire' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-tickets');
  const edited = await kit.call('GET', `/api/attendance/tickets/${ticket.body.id as string}`, kit.admin);
  expect(edited.body.subject).toBe('Printer on fire');
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await page.getByRole('heading', { name: /resolved/ }).waitFor();
  expect((await kit.call('GET', `/api/attendance/tickets/${ticket.body.id as string}`, kit.admin)).body.status).toBe('resolved');

  // Insights: every KPI against its target, as charts; the video KPIs (docs/meetings.md) below them.
  expect((await kit.call('POST', '/api/meet/create', kit.admin, { title: 'Video for insights' })).status).toBe(201);
  await goToScreen(page, 'Insights');
  await page.locator('figure.kpi').nth(10).waitFor();
  // Drawn by recharts, each chart an image with its text alternative: 11 KPIs, a bar and a trend each.
  expect(await page.locator('figure.kpi [role=img] svg.recharts-surface').count()).toBe(22);
  await expect(page.locator('figure.kpi [role=img]').first().getAttribute('aria-label')).resolves.toMatch(/^Average wait: .*, target \d+/);
  await page.getByRole('heading', { name: 'Video calls' }).waitFor();
  await expect(page.locator('figure.kpi figcaption').nth(6).textContent()).resolves.toMatch(/^Video call requests: 1\s*$/);
  await expect(page.locator('figure.kpi figcaption').nth(7).textContent()).resolves.toMatch(/^Video calls completed: 0\.0 % target above 80 percent ✗ missed/);
  await expect(page.locator('figure.kpi [role=img]').nth(12).getAttribute('aria-label')).resolves.toMatch(/^Video call requests: 1\s*$/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-insights');

  // Queues: create one.
  await goToScreen(page, 'Queues');
  await page.getByLabel('New queue').fill('Sales');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('cell', { name: 'Sales' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // Canned responses: one for the team, made on their screen…
  await page.getByRole('link', { name: 'Canned responses' }).click();
  await page.getByLabel('Shortcut (typed after /)').fill('thanks');
  await page.getByLabel('Title').fill('Thank the customer');
  await page.getByLabel('Text').fill('Thank you for waiting!');
  await page.getByLabel('For').selectOption('team');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('cell', { name: '/thanks', exact: true }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // …then `/` and the shortcut in the reply box insert the text.
  await page.getByRole('link', { name: 'Inbox' }).click();
  await page.locator('#queue-list .item').first().click();
  const reply = page.getByLabel('Reply to the customer');
  await reply.fill('/tha');
  await page.getByRole('option', { name: /thanks/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await reply.press('Enter');
  await expect(reply.inputValue()).resolves.toBe('Thank you for waiting!');

  // Transfer back to a queue, with a reason: the conversation waits in it, unassigned.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByLabel('To', { exact: true }).selectOption({ label: 'Sales' });
  await page.getByLabel('Reason', { exact: true }).fill('a sales question');
  await page.getByRole('form', { name: 'Transfer' }).getByRole('button', { name: 'Transfer' }).click();
  await page.getByText('web · waiting · unassigned').waitFor();
  expect((await kit.item(sessionId))?.status).toBe('waiting');

  // The shortcuts dialog.
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-shortcuts');
  await page.keyboard.press('Escape');

  expect(consoleErrors()).toEqual([]);
});

test('a new conversation rings: a desktop notification (permission granted) and the chime', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['notifications'] });
  contexts.push(context);
  // Records what the console asks of the browser: each Notification made, each sound started. The
  // attendant is in another window (document.hasFocus() false): that is when a desktop notice is shown.
  await context.addInitScript({
    content: `
      const seen = { notifications: [], sounds: 0 };
      globalThis.seen = seen;
      const Native = Notification;
      globalThis.Notification = class extends Native {
        constructor(title, options) {
          super(title, options);
          seen.notifications.push({ title, body: options && options.body });
        }
      };
      const start = AudioScheduledSourceNode.prototype.start;
      AudioScheduledSourceNode.prototype.start = function (...args) {
        seen.sounds += 1;
        return start.apply(this, args);
      };
      document.hasFocus = () => false;
    `,
  });
  const page = await context.newPage();
  pageErrors.push(captureErrors(page));
  await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await expect(page.evaluate('Notification.permission')).resolves.toBe('granted');
  const seen = () => page.evaluate(() => (globalThis as unknown as { seen: { notifications: { title: string; body: string | undefined }[]; sounds: number } }).seen);
  expect(await seen()).toEqual({ notifications: [], sounds: 0 });

  await kit.handoff();
  await page.waitForFunction(() => (globalThis as unknown as { seen: { notifications: unknown[] } }).seen.notifications.length > 0);
  const after = await seen();
  expect(after.notifications).toEqual([{ title: expect.stringMatching(/^New conversation: .+/), body: expect.any(String) }]);
  expect(after.sounds).toBe(1);
  await page.getByText(/^New conversation from /).waitFor();
  expect(consoleErrors()).toEqual([]);
});

test('the widget speaks the bot\'s language (pt-BR), else the browser\'s (es), and the system\'s notices too; the console the attendant\'s', async () => {
  // A bot whose language is pt-BR, in an English browser: the bot's setting wins.
  const customer = await newPage({ width: 360, height: 640 }, 'en-US');
  await customer.goto(`${kit.service.url}/demo/brasil`);
  await customer.getByRole('button', { name: 'Abrir o chat' }).click();
  const panel = customer.getByRole('dialog', { name: 'Fale conosco' });
  expect(await panel.getAttribute('lang')).toBe('pt-BR');
  await panel.getByLabel('Sua mensagem').fill('oi');
  await panel.getByRole('button', { name: 'Enviar' }).click();
  // The script's own words are the script's; the system's are the bot's language.
  await panel.getByText('How can I help you?').waitFor();
  await panel.getByRole('button', { name: 'Talk to a person' }).click();
  await panel.getByText('Você está sendo transferido para um atendente humano. Por favor, aguarde: logo alguém vai falar com você.').waitFor();
  const position = panel.locator('.from-system', { hasText: /Você é o número \d+ na fila\. Espera estimada: cerca de \d+ minutos?\./ });
  await position.waitFor();
  await expect(position.locator('.who').textContent()).resolves.toBe('Aviso');
  await expect(customer.getByRole('status').textContent()).resolves.toBe('Online');
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-pt-BR');

  // Resolved, the survey and its thanks come in the bot's language, and the widget still offers what comes next.
  const brasil = kit.service.bots.find((b) => b.name === 'brasil')!.id;
  const queued = await kit.call('GET', '/api/attendance/queue', kit.admin);
  const { session_id: brasilSession } = (queued.body as unknown as { session_id: string; bot_id: string }[]).find((i) => i.bot_id === brasil)!;
  if ((await kit.item(brasilSession))?.status === 'waiting') await kit.command(kit.admin, '/take', brasilSession);
  expect((await kit.call('POST', `/api/attendance/resolve/${brasilSession}`, kit.admin)).status).toBe(200);
  await panel.getByRole('group', { name: 'Sua nota de 0 a 10' }).getByRole('button', { name: '8', exact: true }).click();
  await panel.getByText('Obrigado pela sua avaliação!').waitFor();
  await panel.getByRole('group', { name: 'E agora' }).getByRole('button', { name: 'Fechar o chat' }).waitFor();
  await panel.getByRole('button', { name: 'Começar uma nova conversa' }).waitFor();
  expect(await seriousViolations(customer)).toEqual([]);
  await screenshot(customer, 'widget-after-survey-pt-BR');

  // A bot that sets no language, in a Spanish browser: the browser's language.
  const visitor = await newPage({ width: 360, height: 640 }, 'es-ES');
  await visitor.goto(`${kit.service.url}/demo/default`);
  await visitor.getByRole('button', { name: 'Abrir el chat' }).click();
  const spanish = visitor.getByRole('dialog', { name: 'Chatea con nosotros' });
  await expect(spanish.getByLabel('Tu mensaje').getAttribute('placeholder')).resolves.toBe('Escribe aquí…');
  expect(await seriousViolations(visitor)).toEqual([]);
  await screenshot(visitor, 'widget-es');

  // The console follows the attendant's browser (pt-BR); the header's picker switches it, for this browser.
  const attendant = await newPage(undefined, 'pt-BR');
  await attendant.goto(`${kit.service.url}/console/`);
  await attendant.getByLabel('Usuário').fill(TEST_ADMIN.username);
  await attendant.getByLabel('Senha').fill(TEST_ADMIN.password);
  await attendant.getByRole('button', { name: 'Entrar' }).click();
  await attendant.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
  await attendant.getByRole('tab', { name: /Sem atendente/ }).waitFor();
  await expect(attendant.locator('html').getAttribute('lang')).resolves.toBe('pt-BR');
  expect(await seriousViolations(attendant)).toEqual([]);
  await screenshot(attendant, 'console-pt-BR');
  // At 1280 px the picker is in the account's group, behind the user's name.
  await attendant.getByRole('button', { name: `${TEST_ADMIN.username} (conta)` }).click();
  await attendant.getByLabel('Idioma').selectOption('es');
  await attendant.getByRole('tab', { name: /Sin asignar/ }).waitFor();
  await attendant.reload();
  await attendant.getByRole('button', { name: `${TEST_ADMIN.username} (cuenta)` }).click();
  await attendant.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
  expect(consoleErrors()).toEqual([]);
});
