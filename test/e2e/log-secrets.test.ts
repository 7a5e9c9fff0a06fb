import { Writable } from 'node:stream';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * The links that are credentials leave no credential in the request log (README, "What is
 * logged"; infra/log-redaction.ts): each is followed on a started server as its holder would,
 * and the captured log is searched for the secret. test/e2e/security.test.ts does the same for
 * passwords, bearer tokens, cookies and the console socket.
 */

let bots: TestBots;
let smtp: TestSmtpServer;
let service: TestService;
let admin: { authorization: string };
const log: string[] = [];

beforeAll(async () => {
  bots = await createTestBots('sb-log-secrets-');
  await bots.add('default', {});
  await bots.add('desk', {}, 'TALK "Sign in, please:"\nHEAR user AS LOGIN\nTALK "ok"\n');
  await bots.add('shop', {}, 'DO\n  HEAR anything\n  TALK "Thanks"\nLOOP\n');
  smtp = await startSmtpServer();
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { log.push(chunk.toString()); done(); } });
  service = await startTestService(
    { BOTS_DIR: bots.dir, SMTP_URL: smtp.url, MAIL_FROM: 'Logs <logs@example.test>' },
    { logger: createLogger({ level: 'debug', destination }) },
  );
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await smtp?.close();
  await bots?.remove();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${service.url}${path}`, {
  method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
});

/** What was logged from now on, once `act` has run. */
async function loggedDuring(act: () => Promise<void>): Promise<string> {
  const from = log.length;
  await act();
  return log.slice(from).join('');
}

test('a HEAR AS LOGIN sign-in link: its token is not logged, on the page, its POST or /federated', async () => {
  const { replies } = await sayOnWeb(service.url, 'desk', 'hi');
  const link = /(http:\/\/\S+\/bot-login\/[\w.-]+)/.exec(replies.map((r) => r.text).join(' '))![1]!;
  const token = link.slice(link.lastIndexOf('/') + 1);
  const text = await loggedDuring(async () => {
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(`${link}/federated`)).status).toBe(200);
    const wrong = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'identifier=nobody&password=wrong-1' });
    expect(wrong.status).toBe(401);
  });
  expect(text).toContain('/bot-login/[redacted]/federated');
  expect(text).not.toContain(token);
});

test('a meeting\'s join link: the room name is not logged, on the join page or the join API', async () => {
  const created = await post('/api/meet/create', { title: 'Log check' }, admin);
  expect(created.status).toBe(201);
  const room = (await created.json()) as { name: string; join_url: string };
  let access = '';
  const text = await loggedDuring(async () => {
    expect((await fetch(`${service.url}/meet/${room.name}`)).status).toBe(200);
    const join = await post(`/api/meet/rooms/${room.name}/join`, { name: 'Guest' });
    expect(join.status).toBe(200);
    access = ((await join.json()) as { token: string }).token;
  });
  expect(text).toContain('/meet/[redacted]');
  expect(text).toContain('/api/meet/rooms/[redacted]/join');
  expect(text).not.toContain(room.name);
  expect(text).not.toContain(access);
});

test('a notification\'s click link: its signature is not logged', async () => {
  const me = (await (await fetch(`${service.url}/api/users/me`, { headers: admin })).json()) as { id: string };
  const sent = await post('/api/v1/notifications/send', {
    recipients: [me.id], title: 'Log click', message: 'open it', channels: ['email'], data: { url: 'https://shop.example.test/orders/7' },
  }, admin);
  expect(sent.status).toBeLessThan(300);
  const mail = await smtp.waitFor((m) => m.subject === 'Log click');
  const link = /(http:\/\/\S+\/click\?\S+)/.exec(mail.text)![1]!;
  const signature = new URL(link).searchParams.get('s')!;
  const text = await loggedDuring(async () => {
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
  });
  expect(text).toContain('&s=[redacted]');
  expect(text).not.toContain(signature);
});

test('a visitor\'s session token and a drive link\'s signature are not logged', async () => {
  const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
  let url = '';
  const text = await loggedDuring(async () => {
    expect((await fetch(`${service.url}/api/channels/web/shop/messages?session_token=${encodeURIComponent(session_token)}`)).status).toBe(200);
    const upload = await fetch(`${service.url}/api/channels/web/shop/uploads?name=note.txt`, {
      method: 'POST', headers: { authorization: `Bearer ${session_token}`, 'content-type': 'text/plain' }, body: 'hello',
    });
    url = ((await upload.json()) as { url: string }).url;
    expect((await fetch(url)).status).toBe(200);
  });
  const signature = new URL(url).searchParams.get('signature')!;
  expect(text).toContain('session_token=[redacted]');
  expect(text).toContain('signature=[redacted]');
  expect(text).not.toContain(session_token);
  expect(text).not.toContain(signature);
});
