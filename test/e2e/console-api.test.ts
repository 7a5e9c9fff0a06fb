/**
 * What the console and widget need from the server besides the existing attendance API
 * (docs/attendance/console.md, "Endpoints added for the console"): the transcript endpoint, canned responses (per bot or for every bot; the team's or one
 * attendant's own) and the pages it serves (/console/, /widget.js, /demo/{bot}).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WebSocket } from 'ws';
import { startKit, type Kit, type User } from '../support/attendance-kit.js';
import { connectFrameSocket } from '../support/frame-socket.js';

let kit: Kit;
let webDir: string;
let ana: User;
let bia: User;
let carla: User;

beforeAll(async () => {
  // A stand-in for the vite build: the server only serves files (test/browser/ uses the real build).
  webDir = await mkdtemp(path.join(os.tmpdir(), 'sb-web-'));
  await mkdir(path.join(webDir, 'console'));
  await writeFile(path.join(webDir, 'console', 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(webDir, 'widget.js'), 'void 0;');
  await writeFile(path.join(webDir, 'cobrowse.js'), 'void 0;');
  kit = await startKit({ WEB_DIR: webDir });
  [ana, bia, carla] = await Promise.all([kit.user('ana', ['attendant']), kit.user('bia', ['attendant']), kit.user('carla', ['supervisor'])]);
}, 120_000);

const sockets: WebSocket[] = [];

afterAll(async () => {
  sockets.forEach((ws) => ws.terminate());
  await kit?.service.dispose();
  await rm(webDir, { recursive: true, force: true });
});

describe('GET /api/attendance/sessions/{id}/messages', () => {
  test('the whole transcript, bot and human turns, with delivery state; 404 outside attendance, 403 outside the queues', async () => {
    const { sessionId } = await kit.handoff();
    expect((await kit.command(ana.headers, '/take', sessionId)).ok).toBe(true);
    await kit.call('POST', `/api/attendance/sessions/${sessionId}/messages`, ana.headers, { text: 'Hello, Ana here' });

    const res = await kit.call('GET', `/api/attendance/sessions/${sessionId}/messages`, ana.headers);
    expect(res.status).toBe(200);
    const messages = res.body.messages as { from: string; text: string; direction: string; delivery_state: string }[];
    expect(messages.map((m) => m.from)).toEqual(expect.arrayContaining(['customer', 'bot', 'system', 'attendant']));
    expect(messages.at(-1)).toMatchObject({ from: 'attendant', text: 'Hello, Ana here', direction: 'outbound', delivery_state: 'delivered' });
    expect(messages[0]).toMatchObject({ from: 'customer', text: 'hi', direction: 'inbound', delivery_state: 'received' });

    const first = await kit.say('hello');
    expect((await kit.call('GET', `/api/attendance/sessions/${first.session_id}/messages`, ana.headers)).body.error).toBe('session_not_found');
    const queue = await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'Elsewhere', channels: ['web'] });
    await kit.call('POST', '/api/attendance/queues/' + (queue.body.id as string) + '/members', kit.admin, { user_id: bia.id });
    expect((await kit.call('GET', `/api/attendance/sessions/${sessionId}/messages`, bia.headers)).status).toBe(403);
    await kit.call('DELETE', `/api/attendance/queues/${queue.body.id as string}`, kit.admin);
  });
});

describe('/api/attendance/canned-responses', () => {
  const create = (user: { headers: { authorization: string } }, body: Record<string, unknown>) =>
    kit.call('POST', '/api/attendance/canned-responses', user.headers, body);
  const list = async (user: { headers: { authorization: string } }, query = '') =>
    ((await kit.call('GET', `/api/attendance/canned-responses${query}`, user.headers)).body.canned_responses as { shortcut: string; scope: string; id: string }[]);

  test('personal ones are the owner\'s; the team\'s are for everyone and kept by supervisors', async () => {
    const mine = await create(ana, { shortcut: 'hello', title: 'Greeting', content: 'Hi! How can I help?' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ shortcut: 'hello', scope: 'personal', owner_id: ana.id, bot_id: null });
    expect((await create(ana, { shortcut: 'bye', title: 'Bye', content: 'Bye!', scope: 'team' })).status).toBe(403);
    const team = await create(carla, { shortcut: 'bye', title: 'Goodbye', content: 'Have a nice day!', scope: 'team', bot: 'default' });
    expect(team.status).toBe(201);
    expect(team.body).toMatchObject({ scope: 'team', owner_id: null, bot_id: kit.defaultBotId() });

    expect((await list(ana)).map((c) => c.shortcut)).toEqual(['bye', 'hello']);
    expect((await list(bia)).map((c) => c.shortcut)).toEqual(['bye']);
    expect((await list(bia, '?bot=default')).map((c) => c.shortcut)).toEqual(['bye']);
    expect((await kit.call('GET', '/api/attendance/canned-responses?bot=nope', bia.headers)).body.error).toBe('bot_not_found');

    // Bia may neither see nor change Ana's; attendants may not change the team's.
    const id = mine.body.id as string;
    expect((await kit.call('PUT', `/api/attendance/canned-responses/${id}`, bia.headers, { title: 'x' })).status).toBe(404);
    expect((await kit.call('PUT', `/api/attendance/canned-responses/${team.body.id as string}`, ana.headers, { title: 'x' })).status).toBe(403);
    const changed = await kit.call('PUT', `/api/attendance/canned-responses/${id}`, ana.headers, { content: 'Hello! What can I do for you?' });
    expect(changed.body).toMatchObject({ shortcut: 'hello', content: 'Hello! What can I do for you?' });
    expect((await kit.call('DELETE', `/api/attendance/canned-responses/${id}`, ana.headers)).body).toEqual({ ok: true });
    expect((await kit.call('DELETE', `/api/attendance/canned-responses/${id}`, ana.headers)).status).toBe(404);
  });

  test('a shortcut is unique within its bot and owner (409), also for every bot', async () => {
    expect((await create(bia, { shortcut: 'wait', title: 'Wait', content: 'One moment.' })).status).toBe(201);
    const again = await create(bia, { shortcut: 'wait', title: 'Wait', content: 'One moment, please.' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('shortcut_taken');
    expect((await create(ana, { shortcut: 'wait', title: 'Wait', content: 'One moment.' })).status).toBe(201);
    expect((await create(bia, { shortcut: 'wait', title: 'Wait', content: 'One moment.', bot: 'default' })).status).toBe(201);
  });

  test('bad input is 400; authors get 403', async () => {
    expect((await create(ana, { shortcut: 'has space', title: 'x', content: 'y' })).status).toBe(400);
    expect((await create(ana, { shortcut: 'ok', title: 'x', content: '   ' })).status).toBe(400);
    const author = await kit.user('dora', ['author']);
    expect((await kit.call('GET', '/api/attendance/canned-responses', author.headers)).status).toBe(403);
  });
});

describe('customer_typing', () => {
  test('the widget\'s typing notice on /ws/web reaches the attendant who holds the conversation', async () => {
    const { sessionId, token } = await kit.handoff();
    expect((await kit.command(carla.headers, '/take', sessionId)).ok).toBe(true);
    const ws = kit.service.url.replace(/^http/, 'ws');
    const consoleSocket = connectFrameSocket(`${ws}/ws/attendance?token=${carla.headers.authorization.slice('Bearer '.length)}`, sockets);
    const visitor = connectFrameSocket(`${ws}/ws/web?session_token=${encodeURIComponent(token)}`, sockets);
    await Promise.all([consoleSocket.opened, visitor.opened]);
    visitor.send({ type: 'typing' });
    const frame = await consoleSocket.next((f) => f.type === 'customer_typing', 'customer_typing');
    expect(frame).toMatchObject({ type: 'customer_typing', session_id: sessionId });
  });
});

describe('the pages', () => {
  test('/console/ serves the built console, /widget.js the widget (and /cobrowse.js its recorder), /demo/{bot} a page embedding it', async () => {
    const consolePage = await fetch(`${kit.service.url}/console/`);
    expect(consolePage.status).toBe(200);
    expect(consolePage.headers.get('cache-control')).toBe('no-cache');
    expect(await consolePage.text()).toContain('<title>console</title>');
    const redirect = await fetch(`${kit.service.url}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/console/');

    const widget = await fetch(`${kit.service.url}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toMatch(/javascript/);
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin'); // loaded by customers' sites
    const recorder = await fetch(`${kit.service.url}/cobrowse.js`); // loaded by the widget when a visitor allows co-browse
    expect(recorder.status).toBe(200);
    expect(recorder.headers.get('content-type')).toMatch(/javascript/);
    expect(recorder.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const demo = await fetch(`${kit.service.url}/demo/default`);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toContain('<script src="/widget.js" data-bot="default" async></script>');
    expect(await (await fetch(`${kit.service.url}/demo/${encodeURIComponent('<x>')}`)).text()).toContain('<strong>&lt;x&gt;</strong>');
  });
});
