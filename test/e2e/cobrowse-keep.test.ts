import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WebSocket } from 'ws';
import { startKit, until, type Kit, type User } from '../support/attendance-kit.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { connectFrameSocket, type FrameSocket } from '../support/frame-socket.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testDriversLabel } from '../support/drivers.js';

/**
 * Keeping co-browses (docs/attendance/co-browse.md, "Storage") through the real service: a bot
 * with `cobrowse-keep-recordings` keeps what was relayed as a file in its drive and a message in
 * the conversation, readable by those who may see the conversation and deleted by supervisors; a
 * bot without it keeps nothing.
 */
let kit: Kit;
let bots: TestBots;
let dataDir: string;
let ana: User;
let bob: User;
let sue: User;
let front: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('default', {});
  await bots.add('keeper', { 'cobrowse-keep-recordings': 'true' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-cobrowse-keep-'));
  kit = await startKit({ BOTS_DIR: bots.dir, DATA_DIR: dataDir });
  ana = await kit.user('ana', ['attendant']);
  bob = await kit.user('bob', ['attendant']);
  sue = await kit.user('sue', ['supervisor']);
  front = (await kit.call('POST', '/api/attendance/queues', kit.admin, {
    name: 'front', channels: ['web'], auto_assign: false, priority_order: -100, user_ids: [ana.id],
  })).body.id as string;
  await kit.call('POST', '/api/attendance/queues', kit.admin, { name: 'back', channels: ['sms'], auto_assign: false, user_ids: [bob.id] });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await kit.service.dispose();
  await bots.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const wsBase = () => kit.service.url.replace(/^http/, 'ws');

/** The files under a bot's drive folder, relative to it ([] when there is no such folder). */
async function driveFiles(bot: string, folder: string): Promise<string[]> {
  const root = path.join(dataDir, 'drive', `${bot}.gbdrive`, folder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** A visitor of `bot` whose conversation Ana holds, with Ana's console and the visitor's socket open. */
async function heldByAna(bot: string): Promise<{ session: string; token: string; visitor: FrameSocket; console: FrameSocket }> {
  const first = await sayOnWeb(kit.service.url, bot, 'hi');
  const visitor = connectFrameSocket(`${wsBase()}/ws/web?session_token=${encodeURIComponent(first.session_token)}`, sockets);
  await visitor.opened;
  await sayOnWeb(kit.service.url, bot, 'I want a person', first.session_token);
  await kit.service.eventsHandled();
  expect((await until(() => kit.item(first.session_id), (i) => i !== undefined))?.queue_id).toBe(front);
  expect(await kit.command(ana.headers, `/take ${first.session_id}`)).toMatchObject({ ok: true });
  const token = ana.headers.authorization.slice('Bearer '.length);
  const console = connectFrameSocket(`${wsBase()}/ws/attendance?token=${encodeURIComponent(token)}`, sockets);
  await console.opened;
  return { session: first.session_id, token: first.session_token, visitor, console };
}

const SNAPSHOT = [{ type: 4, data: { href: 'https://shop.example/cart', width: 1024, height: 768 }, timestamp: 1 }, { type: 2, data: { node: { type: 0, childNodes: [] } }, timestamp: 2 }];
const SCROLL = [{ type: 3, data: { source: 3, id: 1, x: 0, y: 300 }, timestamp: 3 }];

/** One co-browse: asked, allowed, two batches of the page relayed, stopped by `by`. */
async function cobrowse(bot: string, by: 'attendant' | 'visitor') {
  const { session, token, visitor, console } = await heldByAna(bot);
  console.send({ type: 'cobrowse_request', session_id: session, request_id: 'ask' });
  const id = String((await console.next((f) => f.request_id === 'ask', 'cobrowse_requested')).cobrowse_id);
  await visitor.next((f) => f.type === 'cobrowse_request', 'the prompt');
  visitor.send({ type: 'cobrowse_accept', cobrowse_id: id });
  await console.next((f) => f.type === 'cobrowse_started', 'cobrowse_started');
  visitor.send({ type: 'cobrowse_events', cobrowse_id: id, seq: 0, part: 0, parts: 1, data: JSON.stringify(SNAPSHOT) });
  visitor.send({ type: 'cobrowse_events', cobrowse_id: id, seq: 1, part: 0, parts: 1, data: JSON.stringify(SCROLL) });
  await console.next((f) => f.type === 'cobrowse_events' && f.seq === 1, 'the second batch');
  if (by === 'attendant') {
    console.send({ type: 'cobrowse_end', session_id: session, cobrowse_id: id });
    await visitor.next((f) => f.type === 'cobrowse_ended', 'the end on the page');
  } else {
    visitor.send({ type: 'cobrowse_end', cobrowse_id: id });
    await console.next((f) => f.type === 'cobrowse_ended', 'the end in the console');
  }
  return { session, id, token, visitor };
}

type Transcript = { messages: { from: string; text: string; attachments?: { type: string; url: string; mime_type?: string; name?: string }[] }[] };
const transcript = async (session: string) => (await kit.call('GET', `/api/attendance/sessions/${session}/messages`, ana.headers)).body as unknown as Transcript;
const isNote = (m: Transcript['messages'][number]) => m.text.startsWith('Co-browse recording');

describe(`kept co-browses (${testDriversLabel()})`, () => {
  test('with cobrowse-keep-recordings: the file in the drive and the message in the conversation, for those who may see it', async () => {
    const { session, id } = await cobrowse('keeper', 'attendant');
    const note = (await until(() => transcript(session), (t) => t.messages.some(isNote))).messages.find(isNote)!;
    const link = `/api/attendance/sessions/${session}/cobrowse/${id}`;
    expect(note).toMatchObject({ from: 'system', attachments: [{ type: 'file', url: link, mime_type: 'application/json', name: `cobrowse-${id}.json` }] });
    expect(note.text).toMatch(/^Co-browse recording \(\d+:\d\d\)$/);

    expect(await driveFiles('keeper', 'cobrowse')).toEqual([path.join(session, `${id}.json`)]);
    const stored = JSON.parse(await readFile(path.join(dataDir, 'drive', 'keeper.gbdrive', 'cobrowse', session, `${id}.json`), 'utf8'));
    expect(stored).toMatchObject({ session_id: session, cobrowse_id: id, attendant_id: ana.id, truncated: false, events: [...SNAPSHOT, ...SCROLL] });

    // Read: the holder, a supervisor, an admin; not an attendant of another queue, nor anyone signed out.
    for (const who of [ana.headers, sue.headers, kit.admin]) {
      const res = await kit.call('GET', link, who);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(stored);
    }
    expect((await kit.call('GET', link, bob.headers)).status).toBe(403);
    expect((await kit.call('GET', link)).status).toBe(401);
    // Delete: supervisors and admins only.
    expect((await kit.call('DELETE', link, ana.headers)).status).toBe(403);
    expect((await kit.call('DELETE', link, sue.headers))).toEqual({ status: 200, body: { ok: true } });
    expect(await driveFiles('keeper', 'cobrowse')).toEqual([]);
    expect(await kit.call('GET', link, sue.headers)).toMatchObject({ status: 404, body: { error: 'recording_not_found' } });
  });

  test('the visitor stopping it keeps it too; the message is for the attendants: not in the visitor\'s widget history', async () => {
    const { session, id, token } = await cobrowse('keeper', 'visitor');
    await until(() => transcript(session), (t) => t.messages.some(isNote));
    const history = (await kit.call('GET', `/api/channels/web/keeper/messages?session_token=${encodeURIComponent(token)}`)).body as unknown as Transcript;
    expect(history.messages.map((m) => m.text)).toContain('I want a person');
    expect(history.messages.filter(isNote)).toEqual([]);
    expect((await kit.call('GET', `/api/attendance/sessions/${session}/cobrowse/${id}`, ana.headers)).body).toMatchObject({ events: [...SNAPSHOT, ...SCROLL] });
  });

  test('without it nothing is kept: no file in the drive, no message, nothing to read', async () => {
    const { session, id, visitor } = await cobrowse('default', 'attendant');
    // The page's socket closing is the last thing that could keep something: after it, still nothing.
    visitor.ws.close();
    await new Promise((resolve) => visitor.ws.once('close', resolve));
    await kit.service.eventsHandled();
    expect(await driveFiles('default', 'cobrowse')).toEqual([]);
    expect((await transcript(session)).messages.filter(isNote)).toEqual([]);
    expect(await kit.call('GET', `/api/attendance/sessions/${session}/cobrowse/${id}`, sue.headers)).toMatchObject({ status: 404, body: { error: 'recording_not_found' } });
  });
});
