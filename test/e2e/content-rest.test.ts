import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

/**
 * The content REST mapping (docs/content.md) on a started service: files with folders,
 * metadata and versions in the default local store; email through a real SMTP server; calendar
 * events in a range; tasks; and the ownership and sharing rules (owner, user share, group share, admin).
 */
type Headers = { authorization: string };
interface FileEntry { id: string; path: string; version: number; metadata: Record<string, string>; download_url: string; owner_id: string }

let smtp: TestSmtpServer;
let service: TestService;
let admin: Headers;
const people: Record<'alice' | 'bob' | 'carol', { id: string; headers: Headers }> = {} as never;

/** A JSON answer read loosely: each test states the fields it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const call = async (method: string, path: string, headers: Headers, body?: unknown) => {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, headers: res.headers, body: type.includes('json') ? await res.json() : await res.text() } as { status: number; headers: globalThis.Headers; body: Loose };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  service = await startTestService({ SMTP_URL: smtp.url, MAIL_FROM: 'Files <files@example.test>' });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  for (const name of ['alice', 'bob', 'carol'] as const) {
    const created = await call('POST', '/api/users', admin, { username: name, email: `${name}@example.test`, password: `${name}-password-1` });
    expect(created.status).toBe(201);
    people[name] = { id: created.body.id, headers: await bearerFor(service.url, name, `${name}-password-1`) };
  }
});
afterAll(async () => {
  await service?.dispose();
  await smtp?.close();
});

test('files keep folders, metadata and versions; the owner writes, others read only what is shared', async () => {
  const { alice, bob, carol } = people;
  const first = await call('POST', '/api/files/write', alice.headers, { path: '/reports/2026/q1.txt', content: 'first', content_type: 'text/plain', metadata: { author: 'alice' } });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ path: 'reports/2026/q1.txt', folder: 'reports/2026', version: 1, written: true, owner_id: alice.id });
  const second = await call('POST', '/api/files/write', alice.headers, { path: 'reports/2026/q1.txt', content: Buffer.from('second').toString('base64'), encoding: 'base64', content_type: 'text/plain', metadata: { author: 'alice', rev: '2' } });
  expect(second.body).toMatchObject({ version: 2, written: true });
  const same = await call('POST', '/api/files/write', alice.headers, { path: 'reports/2026/q1.txt', content: 'second', content_type: 'text/plain', metadata: { author: 'alice', rev: '2' } });
  expect(same.body).toMatchObject({ version: 2, written: false });
  await call('POST', '/api/files/write', alice.headers, { path: 'readme.md', content: '# hi', content_type: 'text/markdown' });

  const root = await call('GET', '/api/files/list', alice.headers);
  expect(root.body.folders).toEqual(['reports']);
  expect(root.body.files.map((f: FileEntry) => f.path)).toEqual(['readme.md']);
  const deep = await call('GET', '/api/files/list?folder=reports&recursive=true', alice.headers);
  expect(deep.body.files.map((f: FileEntry) => f.path)).toEqual(['reports/2026/q1.txt']);

  const latest = await fetch(deep.body.files[0].download_url, { headers: alice.headers });
  expect(await latest.text()).toBe('second');
  expect(latest.headers.get('x-file-version')).toBe('2');
  expect(latest.headers.get('x-meta-rev')).toBe('2');
  const v1 = await call('GET', '/api/files/reports/2026/q1.txt?version=1', alice.headers);
  expect(v1.body).toBe('first');
  const history = await call('GET', '/api/files/history?path=reports/2026/q1.txt', alice.headers);
  expect(history.body.versions.map((v: { version: number; metadata: object }) => [v.version, v.metadata])).toEqual([[1, { author: 'alice' }], [2, { author: 'alice', rev: '2' }]]);

  // Bob sees nothing of Alice's, cannot overwrite it, and his own path is his.
  expect((await call('GET', '/api/files/list?recursive=true', bob.headers)).body.files).toEqual([]);
  expect((await call('GET', '/api/files/readme.md', bob.headers)).status).toBe(404);
  expect((await call('POST', '/api/files/write', bob.headers, { path: 'readme.md', content: 'mine now' })).status).toBe(403);
  expect((await call('POST', '/api/files/write', alice.headers, { path: '../etc/passwd', content: 'x' })).status).toBe(400);

  // A user share lets Bob read but not write or re-share; a group share reaches Carol through her group.
  const readme = root.body.files[0] as FileEntry;
  expect((await call('PUT', `/api/sharing/files/${readme.id}`, bob.headers, { users: [bob.id] })).status).toBe(404);
  const shared = await call('PUT', `/api/sharing/files/${readme.id}`, alice.headers, { users: [bob.id] });
  expect(shared.body.shared_with).toEqual({ users: [bob.id], groups: [] });
  expect((await call('GET', '/api/files/readme.md', bob.headers)).body).toBe('# hi');
  expect((await call('PUT', `/api/sharing/files/${readme.id}`, bob.headers, { users: [bob.id, carol.id] })).status).toBe(403);
  expect((await call('POST', '/api/files/write', bob.headers, { path: 'readme.md', content: 'still not mine' })).status).toBe(403);

  const group = await call('POST', '/api/groups/create', admin, { name: 'Finance' });
  expect((await call('POST', `/api/groups/${group.body.id}/members/add`, admin, { user_id: carol.id })).status).toBeLessThan(300);
  expect((await call('GET', '/api/files/reports/2026/q1.txt', carol.headers)).status).toBe(404);
  await call('PUT', `/api/sharing/files/${first.body.id}`, alice.headers, { groups: [group.body.id] });
  expect((await call('GET', '/api/files/reports/2026/q1.txt', carol.headers)).body).toBe('second');
  expect((await call('GET', '/api/files/list', carol.headers)).body.folders).toEqual(['reports']);

  // Admins see and may replace everything.
  expect((await call('GET', '/api/files/list?recursive=true', admin)).body.files).toHaveLength(2);
  expect((await call('POST', '/api/files/write', admin, { path: 'readme.md', content: '# by admin' })).body).toMatchObject({ version: 2, owner_id: alice.id });
});

test('POST /api/email/send goes through the mailer and lands in the sender\'s archive', async () => {
  const { alice, bob } = people;
  const sent = await call('POST', '/api/email/send', alice.headers, { to: 'client@example.test', cc: ['boss@example.test'], subject: 'Quarterly report', text: 'Attached soon.' });
  expect(sent).toMatchObject({ status: 200, body: { status: 'sent' } });
  const mail = await smtp.waitFor((m) => m.subject === 'Quarterly report');
  expect(mail.envelope.to.sort()).toEqual(['boss@example.test', 'client@example.test']);
  const archive = await call('GET', '/api/mail/messages?folder=Sent', alice.headers);
  expect(archive.body.messages).toHaveLength(1);
  expect(archive.body.messages[0]).toMatchObject({ subject: 'Quarterly report', to: ['client@example.test', 'boss@example.test'], source: 'switchboard' });
  const one = await call('GET', `/api/mail/messages/${archive.body.messages[0].id}`, alice.headers);
  expect(one.body.body_text).toBe('Attached soon.');
  expect((await call('GET', `/api/mail/messages/${archive.body.messages[0].id}`, bob.headers)).status).toBe(404);
  expect((await call('POST', '/api/email/send', alice.headers, { to: 'not-an-address', subject: 's', text: 't' })).status).toBe(400);
});

test('calendar events are listed by range; tasks are private until shared', async () => {
  const { alice, bob } = people;
  const event = await call('POST', '/api/calendar/events', alice.headers, { summary: 'Board meeting', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z', location: 'Room 1' });
  expect(event.status).toBe(201);
  const march = await call('GET', '/api/calendar/events?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z', alice.headers);
  expect(march.body.events.map((e: { summary: string; start: string }) => [e.summary, e.start])).toEqual([['Board meeting', '2026-03-02T10:00:00.000Z']]);
  expect((await call('GET', '/api/calendar/events?from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z', alice.headers)).body.events).toEqual([]);
  expect((await call('GET', '/api/calendar/events?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z', bob.headers)).body.events).toEqual([]);
  expect((await call('GET', '/api/calendar/events?from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z', alice.headers)).status).toBe(400);

  const task = await call('POST', '/api/tasks', alice.headers, { title: 'Call the bank', due_at: '2026-03-05T09:00:00Z' });
  expect(task.body).toMatchObject({ title: 'Call the bank', status: 'open', due_at: '2026-03-05T09:00:00.000Z', owner_id: alice.id });
  expect((await call('GET', '/api/tasks', alice.headers)).body.tasks.map((t: { title: string }) => t.title)).toEqual(['Call the bank']);
  expect((await call('GET', '/api/tasks', bob.headers)).body.tasks).toEqual([]);
  await call('PUT', `/api/sharing/tasks/${task.body.id}`, alice.headers, { users: [bob.id] });
  expect((await call('GET', '/api/tasks', bob.headers)).body.tasks.map((t: { id: string }) => t.id)).toEqual([task.body.id]);
  expect((await call('GET', '/api/contacts', bob.headers)).body.contacts).toEqual([]);
});

test('the REST mapping is in the OpenAPI document', async () => {
  const doc = (await call('GET', '/api/openapi.json', admin)).body as { paths: Record<string, Record<string, unknown>> };
  for (const [path, method] of [['/api/files/list', 'get'], ['/api/files/write', 'post'], ['/api/files/{path}', 'get'], ['/api/email/send', 'post'],
    ['/api/calendar/events', 'get'], ['/api/tasks', 'post'], ['/api/tasks', 'get'], ['/api/contacts', 'get'], ['/api/mail/messages', 'get']] as const) {
    expect(doc.paths[path]?.[method]).toBeDefined();
  }
});
