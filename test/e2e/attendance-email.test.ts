import { createSessionsRepo } from '../../db/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp.js';
import { sayOnWeb } from '../support/web-customer.js';

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }
interface QueueItem { session_id: string; status: string; assigned_to: string | null }
type Headers = { authorization: string };

const BCC = 'audit@example.test';
const MANAGER = 'manager@example.test';

let smtp: TestSmtpServer;
let service: TestService;
let admin: Headers;
let bots: TestBots;

beforeAll(async () => {
  smtp = await startSmtpServer();
  bots = await createTestBots('sb-email-bots-');
  const common = { 'attendance-email-notify': 'true', 'attendance-email-bcc': BCC, 'attendance-email-recipient': MANAGER };
  await bots.add('notify', {
    ...common, 'attendance-customer-waiting-seconds': '1', 'attendance-queue-alert-threshold': '1',
    'attendance-email-resolved': 'true', 'attendance-max-wait-seconds': '2',
  });
  await bots.add('patient', { ...common, 'attendance-customer-waiting-seconds': '3', 'attendance-queue-alert-threshold': '50' });
  await bots.add('mailer', {}, 'SEND MAIL "ops@example.test", "Hello from BASIC", "Sent by SEND MAIL"\nTALK "mail sent"\n');
  service = await startTestService({ SMTP_URL: smtp.url, MAIL_FROM: 'Desk <desk@example.test>', BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await smtp?.close();
  await bots.remove();
});

const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });
const api = (p: string, headers: Partial<Headers>, body?: unknown) =>
  fetch(`${service.url}${p}`, body === undefined ? { headers } : { method: 'POST', headers: json(headers), body: JSON.stringify(body) });

const say = (bot: string, text: string, token?: string): Promise<Answer> => sayOnWeb(service.url, bot, text, token);

/** A new web customer of `bot` who asks for a human; resolves to their session id. */
async function customerAsksForHuman(bot: string): Promise<string> {
  const first = await say(bot, 'hi');
  await say(bot, 'I want a human please', first.session_token);
  await service.eventsHandled();
  return first.session_id;
}

async function createUser(username: string, roles: string[]): Promise<{ id: string; email: string; headers: Headers }> {
  const password = 'password-for-tests';
  const email = `${username}@example.test`;
  const res = await api('/api/users', admin, { username, email, password, roles });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, email, headers: await bearerFor(service.url, username, password) };
}

async function command(headers: Headers, text: string, sessionId?: string): Promise<{ ok: boolean; reply: string }> {
  const res = await api('/api/attendance/commands', headers, { text, ...(sessionId ? { session_id: sessionId } : {}) });
  expect(res.status).toBe(200);
  return (await res.json()) as { ok: boolean; reply: string };
}

async function itemOf(sessionId: string): Promise<QueueItem | undefined> {
  const res = await api('/api/attendance/queue', admin);
  return ((await res.json()) as QueueItem[]).find((i) => i.session_id === sessionId);
}

const about = (subject: string | RegExp, sessionId: string) => (m: ReceivedMail) =>
  (typeof subject === 'string' ? m.subject.startsWith(subject) : subject.test(m.subject)) && m.text.includes(sessionId);

describe('attendance email notifications over a real SMTP server', () => {
  let ana: Awaited<ReturnType<typeof createUser>>;
  let sue: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    ana = await createUser('ana', ['attendant']);
    sue = await createUser('sue', ['supervisor']);
  });

  test('queue_alert, sla_breach, new_assignment, customer_waiting and resolved arrive with the right recipients and bcc', async () => {
    // Nobody online: both customers wait, and the second takes the queue above the threshold of 1.
    const first = await customerAsksForHuman('notify');
    const second = await customerAsksForHuman('notify');
    const alert = await smtp.waitFor(about('Queue alert', second));
    expect(alert.subject).toBe('Queue alert: 2 customers waiting');
    expect(alert.to).toEqual([sue.email, MANAGER]);
    expect(alert.envelope.to).toContain(BCC);
    expect(alert.envelope.from).toBe('desk@example.test');
    expect(alert.html).toContain('Last message');
    // Only the crossing alerts: the first customer (below the threshold) caused none.
    expect(smtp.received.filter((m) => m.subject.startsWith('Queue alert'))).toHaveLength(1);

    const breach = await smtp.waitFor(about('SLA breached', first));
    expect(breach.to).toEqual([MANAGER]);
    expect(breach.envelope.to).toContain(BCC);
    expect(breach.text).toMatch(/Channel: web[\s\S]*Last message: I want a human please[\s\S]*Assigned to: nobody/);

    // Coming online backfills both waiting customers to ana.
    await command(ana.headers, '/status online');
    const assignment = await smtp.waitFor(about('New conversation assigned', first));
    expect(assignment.to).toEqual([ana.email]);
    expect(assignment.envelope.to).toEqual(expect.arrayContaining([ana.email, BCC]));
    expect(assignment.text).toContain('ana, a conversation was assigned to you');

    // Assigned but not accepted: after attendance-customer-waiting-seconds ana is reminded.
    const third = await customerAsksForHuman('notify');
    expect(await itemOf(third)).toMatchObject({ status: 'assigned', assigned_to: ana.id });
    const reminder = await smtp.waitFor(about('Customer waiting', third));
    expect(reminder.to).toEqual([ana.email]);
    expect(reminder.envelope.to).toContain(BCC);
    expect(reminder.text).toContain('ana has not accepted the conversation yet');

    // The customer of the third conversation left an address; resolving mails them.
    expect((await command(ana.headers, `/take ${third}`)).ok).toBe(true);
    await createSessionsRepo(service.database.db).update(third, { context_patch: { email: 'carla@example.test' } });
    expect((await api(`/api/attendance/resolve/${third}`, ana.headers, {})).status).toBe(200);
    const resolved = await smtp.waitFor((m) => m.subject === 'Your conversation has been resolved' && m.text.includes(third));
    expect(resolved.to).toEqual(['carla@example.test']);
    expect(resolved.envelope.to).toEqual(['carla@example.test', BCC]);
    expect(resolved.parsed.headers.has('bcc')).toBe(false);
    expect(resolved.text).toContain(`Reference: ${third}`);
  });

  test('customer_waiting is not sent when the conversation was accepted before the delay', async () => {
    await command(ana.headers, '/status online');
    const taken = await customerAsksForHuman('patient');
    expect(await itemOf(taken)).toMatchObject({ status: 'assigned', assigned_to: ana.id });
    expect((await command(ana.headers, `/take ${taken}`)).ok).toBe(true);
    // A later customer nobody accepts: their reminder is due after the first one's check, so once
    // it has arrived the first check has run (the checks run one at a time, in due order).
    const untouched = await customerAsksForHuman('patient');
    const reminder = await smtp.waitFor(about('Customer waiting', untouched));
    expect(reminder.to).toEqual([ana.email]);
    expect(smtp.received.filter(about('Customer waiting', taken))).toEqual([]);
    // The assignment itself was announced.
    await smtp.waitFor(about('New conversation assigned', taken));
  });

  test('SEND MAIL in a BASIC dialog goes out through the same SMTP server', async () => {
    const answer = await say('mailer', 'hello');
    expect(answer.replies.map((r) => r.text)).toContain('mail sent');
    const mail = await smtp.waitFor((m) => m.subject === 'Hello from BASIC');
    expect(mail.to).toEqual(['ops@example.test']);
    expect(mail.text.trim()).toBe('Sent by SEND MAIL');
  });

  test('/readyz checks the SMTP server', async () => {
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('smtp');
  });
});
