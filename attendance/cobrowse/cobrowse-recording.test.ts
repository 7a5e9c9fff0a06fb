import { createLogger } from '../../infra/logger.js';
import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { createCobrowseRecorder, type CobrowseRecordingFile, type CobrowseRecordingKey, type CobrowseRecordingStore } from './cobrowse-recording.js';
import { deleteKeptCobrowse, readKeptCobrowse } from './kept-cobrowse.js';
import type { LiveDelivery } from '../live/live-events.js';
import { visitorCobrowsePort } from './visitor-cobrowse-port.js';

// Keeping a co-browse (docs/attendance/co-browse.md, "Storage"), on in-memory repositories and an in-memory store.

const ID = '11111111-2222-4333-8444-555555555555';
const party = { sessionId: 's-web', cobrowseId: ID, attendantId: 'ana' };
const logger = createLogger({ level: 'silent' });

/** A store keeping files in a map; `keeping` lists the bots with cobrowse-keep-recordings on. */
function memoryStore(keeping: string[]) {
  const files = new Map<string, CobrowseRecordingFile>();
  const notes: { key: CobrowseRecordingKey; text: string; url: string; name: string }[] = [];
  const at = (k: CobrowseRecordingKey) => `${k.botId}/${k.sessionId}/${k.cobrowseId}`;
  const store: CobrowseRecordingStore = {
    keeps: (botId) => keeping.includes(botId),
    write: async (key, file) => void files.set(at(key), file),
    read: async (key) => files.get(at(key)),
    remove: async (key) => files.delete(at(key)),
    note: async (key, message) => void notes.push({ key, ...message }),
  };
  return { store, files, notes };
}

function setup(keeping: string[], rows = [conversation('s-web', { status: 'active', assigned_to: 'ana', queue_id: 'front' })]) {
  const conversations = fakeConversations(rows);
  const repos = fakeRepositories({
    conversations,
    queues: { listMemberships: async (userId: string) => (userId === 'bob' ? [{ queue_id: 'front', is_active: true }] : []), openQueueIds: async () => [] } as never,
  });
  let clock = new Date('2026-01-01T12:00:00Z');
  const now = () => clock;
  const tick = (seconds: number) => void (clock = new Date(clock.getTime() + seconds * 1000));
  const memory = memoryStore(keeping);
  const recorder = createCobrowseRecorder({ repos, store: memory.store, now, logger });
  const published: unknown[] = [];
  const port = visitorCobrowsePort({ repos, bus: { publish: async (_t, m) => void published.push(m) }, now, recorder });
  const kept = () => published.filter((m) => (m as LiveDelivery).frame.type === 'cobrowse_kept');
  return { ...memory, repos, conversations, recorder, port, tick, kept };
}

const batch = (seq: number, events: unknown[]) => ({ seq, part: 0, parts: 1, data: JSON.stringify(events) });

describe('keep or skip', () => {
  test('a bot without cobrowse-keep-recordings keeps nothing: no file, no message', async () => {
    const { port, files, notes, recorder, kept } = setup([]);
    await port.accept(party);
    expect(recorder.size).toBe(0);
    await port.events(party, batch(0, [{ type: 4 }, { type: 2 }]));
    await port.end(party);
    expect(files.size).toBe(0);
    expect(notes).toEqual([]);
    expect(kept()).toEqual([]);
  });

  test('with it on, what was relayed is kept when the visitor stops: one file, one message with the link', async () => {
    const { port, files, notes, recorder, tick, kept } = setup(['bot-1']);
    await port.accept(party);
    await port.events(party, batch(0, [{ type: 4, data: { href: 'https://shop.example/cart' } }, { type: 2, data: {} }]));
    tick(75);
    await port.events(party, batch(1, [{ type: 3, data: { source: 2 } }]));
    await port.end(party);
    expect(recorder.size).toBe(0);
    expect([...files.keys()]).toEqual([`bot-1/s-web/${ID}`]);
    expect(files.get(`bot-1/s-web/${ID}`)).toEqual({
      session_id: 's-web', cobrowse_id: ID, attendant_id: 'ana', started_at: '2026-01-01T12:00:00.000Z', ended_at: '2026-01-01T12:01:15.000Z', truncated: false,
      events: [{ type: 4, data: { href: 'https://shop.example/cart' } }, { type: 2, data: {} }, { type: 3, data: { source: 2 } }],
    });
    expect(notes).toEqual([{
      key: { botId: 'bot-1', sessionId: 's-web', cobrowseId: ID }, text: 'Co-browse recording (1:15)',
      url: `/api/attendance/sessions/s-web/cobrowse/${ID}`, name: `cobrowse-${ID}.json`,
    }]);
    // The attendant's and the supervisors' consoles hear of it (their open transcript shows the message).
    expect(kept()).toEqual([{
      recipients: { user_ids: ['ana'], supervisors: true },
      frame: { type: 'cobrowse_kept', session_id: 's-web', cobrowse_id: ID, at: '2026-01-01T12:01:15.000Z' },
    }]);
  });

  test('declined, or allowed but no event relayed: nothing is kept', async () => {
    const { port, files, notes } = setup(['bot-1']);
    await port.decline(party);
    await port.accept(party);
    await port.end(party);
    expect(files.size).toBe(0);
    expect(notes).toEqual([]);
  });

  test('consent refused by the relay (the attendant no longer holds it): nothing is recorded', async () => {
    const { port, conversations, recorder } = setup(['bot-1']);
    conversations.rows.get('s-web')!.assigned_to = 'bob';
    await expect(port.accept(party)).resolves.toBe(false);
    expect(recorder.size).toBe(0);
  });

  test('the attendant stopped it (the socket says so): what was relayed is kept', async () => {
    const { port, files } = setup(['bot-1']);
    await port.accept(party);
    await port.events(party, batch(0, [{ type: 2 }]));
    await port.stopped(party);
    expect(files.get(`bot-1/s-web/${ID}`)?.events).toEqual([{ type: 2 }]);
  });

  test('the conversation resolved: the relay ends it, and what came before is kept, not the refused part', async () => {
    const { port, files, conversations } = setup(['bot-1']);
    await port.accept(party);
    await port.events(party, batch(0, [{ type: 2 }]));
    conversations.rows.get('s-web')!.status = 'resolved';
    await expect(port.events(party, batch(1, [{ type: 3, data: 'after' }]))).resolves.toBe(false);
    expect(files.get(`bot-1/s-web/${ID}`)?.events).toEqual([{ type: 2 }]);
  });
});

describe('the file', () => {
  test('a batch cut into parts is joined in part order; a batch missing a part is left out', async () => {
    const { port, files } = setup(['bot-1']);
    await port.accept(party);
    const text = JSON.stringify([{ type: 2, data: 'snapshot' }]);
    await port.events(party, { seq: 0, part: 1, parts: 2, data: text.slice(10) });
    await port.events(party, { seq: 0, part: 0, parts: 2, data: text.slice(0, 10) });
    await port.events(party, { seq: 1, part: 0, parts: 3, data: '[{"type":3,' });
    await port.events(party, { seq: 1, part: 2, parts: 3, data: '"x":1}]' });
    await port.events(party, batch(2, [{ type: 3, data: 'last' }]));
    await port.end(party);
    expect(files.get(`bot-1/s-web/${ID}`)?.events).toEqual([{ type: 2, data: 'snapshot' }, { type: 3, data: 'last' }]);
  });

  test('past the size limit the rest is left out and the file says it is truncated', async () => {
    const { repos, store, files } = { ...setup(['bot-1']) };
    const recorder = createCobrowseRecorder({ repos, store, now: () => new Date('2026-01-01T12:00:00Z'), logger, maxChars: 40 });
    await recorder.start(party);
    recorder.add(party, batch(0, [{ type: 2, data: 'first' }]));
    recorder.add(party, batch(1, [{ type: 3, data: 'too much' }]));
    recorder.add(party, batch(2, [{ type: 3 }]));
    const file = await recorder.finish(party);
    expect(file).toMatchObject({ truncated: true, events: [{ type: 2, data: 'first' }] });
    expect(files.size).toBe(1);
  });

  test('parts under another attendant\'s name are not added to the recording', async () => {
    const { recorder } = setup(['bot-1']);
    await recorder.start(party);
    recorder.add({ ...party, attendantId: 'bob' }, batch(0, [{ type: 2 }]));
    await expect(recorder.finish({ ...party, attendantId: 'bob' })).resolves.toBeUndefined();
    await expect(recorder.finish(party)).resolves.toBeUndefined(); // no event: nothing kept
  });
});

describe('who reads and deletes it', () => {
  const ANA = { user_id: 'ana', roles: ['attendant'] };
  const BOB = { user_id: 'bob', roles: ['attendant'] }; // in the conversation's queue
  const EVE = { user_id: 'eve', roles: ['attendant'] }; // in no queue
  const SUE = { user_id: 'sue', roles: ['supervisor'] };

  test('those who may see the conversation read it; others are refused; a missing one is recording_not_found', async () => {
    const { port, store, repos } = setup(['bot-1']);
    await port.accept(party);
    await port.events(party, batch(0, [{ type: 2 }]));
    await port.end(party);
    const deps = { repos, store };
    for (const actor of [ANA, BOB, SUE]) {
      await expect(readKeptCobrowse(deps, { actor, sessionId: 's-web', cobrowseId: ID })).resolves.toMatchObject({ events: [{ type: 2 }] });
    }
    await expect(readKeptCobrowse(deps, { actor: EVE, sessionId: 's-web', cobrowseId: ID })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(readKeptCobrowse(deps, { actor: SUE, sessionId: 's-web', cobrowseId: '99999999-2222-4333-8444-555555555555' }))
      .rejects.toMatchObject({ code: 'recording_not_found' });
    await deleteKeptCobrowse(deps, { actor: SUE, sessionId: 's-web', cobrowseId: ID });
    await expect(readKeptCobrowse(deps, { actor: SUE, sessionId: 's-web', cobrowseId: ID })).rejects.toMatchObject({ code: 'recording_not_found' });
    await expect(deleteKeptCobrowse(deps, { actor: SUE, sessionId: 's-web', cobrowseId: ID })).rejects.toMatchObject({ code: 'recording_not_found' });
  });
});
