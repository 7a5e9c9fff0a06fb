import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound, TestAdapter } from '../test/support/test-channel.js';
import { sessionOutboundTopic } from './engine-api.js';
import { JOB_NAMES } from './engine-deps.js';
import { receiveMessage } from './receive-message.js';
import { SessionCache } from './session-cache.js';
import { WAIT_MESSAGE } from './transfer-to-human.js';

// The one path of a message (docs/architecture.md) on the in-memory stores: a session opened or
// continued, a provider message id answered once, the routing rule deciding between the bot and
// attendance. test/integration/engine-pipeline.test.ts runs the path on the real drivers.

const ECHO = 'TALK "echo: " & first_message';
const ASKER = 'TALK "Hi, what is your name?"\nHEAR name\nTALK "Nice to meet you, " & name';
const VARS = 'TALK user_name & "|" & phone & "|" & channel & "|" & bot & "|" & (session_id <> "") & "|" & first_message & "|" & greeting';
const keywordTransfer = { 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['human agent'] };

/** The web channel answers with the turn itself: its replies are stored as delivered, with no outbox row. */
class InlineAdapter extends TestAdapter {
  readonly delivery = 'inline';
}

let engine: MemoryEngine;
beforeEach(() => {
  engine = memoryEngine({
    bots: [
      { name: 'echo', scripts: { start: ECHO } },
      { name: 'asker', scripts: { start: ASKER } },
      { name: 'vars', scripts: { start: VARS }, params: { greeting: 'hola' } },
      { name: 'desk', scripts: { start: ECHO }, config: keywordTransfer },
      { name: 'bypass', scripts: { start: ECHO }, config: { 'attendance-bypass-mode': true } },
      { name: 'no-humans', scripts: { start: ECHO }, config: { ...keywordTransfer, 'attendance-enabled': false } },
    ],
    adapters: [new InlineAdapter('web'), new TestAdapter('sms')],
  });
});

const receive = (...args: Parameters<typeof inbound>) => receiveMessage(engine.deps.turn, inbound(...args));
const transcript = (sessionId: string) => engine.tables.messages.filter((m) => m.session_id === sessionId)
  .map((m) => `${m.direction === 'inbound' ? '>' : '<'} ${m.sender}: ${m.text}`);
const jobsNamed = (name: string) => engine.jobs.filter((j) => j.name === name).map((j) => j.data);
const texts = (outcome: { replies: { text: string }[] }) => outcome.replies.map((r) => r.text);

describe('a new session', () => {
  test('the first message opens the session and runs `start`; web replies are stored delivered and published', async () => {
    const outcome = await receive('echo', 'hello', { customer: 'v-1' });
    expect(outcome).toMatchObject({ status: 'processed', needs_human: false });
    expect(texts(outcome)).toEqual(['echo: hello']);
    const sessionId = outcome.session_id!;
    expect(engine.tables.sessions.get(sessionId)).toMatchObject({ bot_id: engine.bots.get('echo')!.id, channel: 'web', external_user_id: 'v-1', version: 1 });
    expect(transcript(sessionId)).toEqual(['> customer: hello', '< bot: echo: hello']);
    expect(engine.tables.messages.map((m) => m.delivery_state)).toEqual(['received', 'delivered']);
    expect(engine.tables.outbox.size).toBe(0);
    expect(jobsNamed(JOB_NAMES.deliver)).toEqual([]);
    expect(engine.published).toEqual([{ topic: sessionOutboundTopic(sessionId), message: { type: 'message', from: 'bot', text: 'echo: hello', at: expect.any(String) } }]);
  });

  test('`start` sees the built-in variables and the bot\'s params; a reply names its session, channel and customer', async () => {
    const message = inbound('vars', 'hello there', { customer: 'v-2', name: 'Ana' });
    message.customer.phone = '+351910000000';
    const outcome = await receiveMessage(engine.deps.turn, message);
    expect(texts(outcome)).toEqual(['Ana|+351910000000|web|vars|true|hello there|hola']);
    expect(outcome.replies[0]).toMatchObject({ session_id: outcome.session_id, channel: 'web', to: 'v-2', from: 'bot' });
  });

  test('on a provider channel each reply gets an outbox row and a delivery job', async () => {
    const outcome = await receive('echo', 'hello', { customer: '+1555', channel: 'sms' });
    const [row] = [...engine.tables.outbox.values()];
    expect(row).toMatchObject({ session_id: outcome.session_id, channel: 'sms', state: 'pending', payload: { text: 'echo: hello', to: '+1555' } });
    expect(engine.jobs).toEqual([{
      name: JOB_NAMES.deliver, data: { id: row!.id, session_id: outcome.session_id },
      options: expect.objectContaining({ jobId: `outbox-${row!.id}`, attempts: 6 }),
    }]);
  });

  test('SMS text over 160 characters becomes numbered parts, one outbox row each, never cut mid-word', async () => {
    const text = Array.from({ length: 90 }, (_, i) => `w${i}`).join(' ');
    const outcome = await receive('echo', text, { customer: '+1556', channel: 'sms' });
    const parts = texts(outcome);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(160);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    });
    expect(parts.map((p) => p.replace(/^\(\d+\/\d+\) /, '')).join(' ')).toBe(`echo: ${text}`);
    expect([...engine.tables.outbox.values()].map((r) => r.payload.text)).toEqual(parts);
    expect(jobsNamed(JOB_NAMES.deliver)).toHaveLength(parts.length);
  });

  test('different customers, and one customer on another channel, get sessions of their own', async () => {
    const [a, b] = await Promise.all([receive('echo', 'hi', { customer: 'p-1' }), receive('echo', 'hi', { customer: 'p-2' })]);
    const sms = await receive('echo', 'hi', { customer: 'p-1', channel: 'sms' });
    expect(new Set([a.session_id, b.session_id, sms.session_id]).size).toBe(3);
  });

  test('an unknown bot is a NotFoundError with code bot_not_found', async () => {
    await expect(receive('nobody', 'hi')).rejects.toMatchObject({ code: 'bot_not_found' });
  });
});

describe('a continuing session', () => {
  test('HEAR resumes from the stored dialog, and the session moves one version per turn', async () => {
    const first = await receive('asker', 'hi', { customer: 'a-1' });
    expect(engine.tables.sessions.get(first.session_id!)?.dialog_state).toMatchObject({ status: 'waiting' });
    const second = await receive('asker', 'Bob', { customer: 'a-1' });
    expect(second).toMatchObject({ status: 'processed', session_id: first.session_id });
    expect(texts(second)).toEqual(['Nice to meet you, Bob']);
    expect(engine.tables.sessions.get(first.session_id!)).toMatchObject({ version: 2, dialog_state: null });
    expect(transcript(first.session_id!)).toEqual(['> customer: hi', '< bot: Hi, what is your name?', '> customer: Bob', '< bot: Nice to meet you, Bob']);
  });

  test('an instance that did not see the last write reads the session anew and resumes the dialog', async () => {
    const first = await receive('asker', 'hi', { customer: 'a-2' });
    const other = { ...engine.deps.turn, sessionCache: new SessionCache() };
    expect(texts(await receiveMessage(other, inbound('asker', 'Ana', { customer: 'a-2' })))).toEqual(['Nice to meet you, Ana']);
    expect(engine.tables.sessions.get(first.session_id!)?.version).toBe(2);
  });

  test('a session changed under the turn (another writer): the turn runs again on the new state and keeps that writer\'s change', async () => {
    const first = await receive('echo', 'one', { customer: 'stale-1' });
    const row = engine.tables.sessions.get(first.session_id!)!;
    engine.tables.sessions.set(row.id, { ...row, version: row.version + 1, context_data: { ...row.context_data, note: 'from elsewhere' } });
    const second = await receive('echo', 'two', { customer: 'stale-1' });
    expect(texts(second)).toEqual(['echo: two']);
    expect(engine.tables.sessions.get(row.id)).toMatchObject({ version: 3, context_data: { note: 'from elsewhere' } });
    expect(transcript(row.id)).toEqual(['> customer: one', '< bot: echo: one', '> customer: two', '< bot: echo: two']);
  });

  test('messages of one customer arriving together are handled one at a time, in arrival order', async () => {
    const sent = Array.from({ length: 10 }, (_, i) => `msg ${i}`);
    const outcomes = await Promise.all(sent.map((text) => receive('echo', text, { customer: 'busy' })));
    expect(new Set(outcomes.map((o) => o.session_id)).size).toBe(1);
    expect(transcript(outcomes[0]!.session_id!)).toEqual(sent.flatMap((text) => [`> customer: ${text}`, `< bot: echo: ${text}`]));
  });
});

describe('dedupe of provider message ids', () => {
  test('a message already taken is not run again and answers with its first replies', async () => {
    const message = inbound('echo', 'once', { customer: 'd-1', id: 'dup-1' });
    const first = await receiveMessage(engine.deps.turn, message);
    const again = await receiveMessage(engine.deps.turn, { ...message, received_at: new Date() });
    expect(again).toEqual({ status: 'duplicate', session_id: first.session_id, replies: first.replies });
    // Also where this instance's session cache does not know it: the store answers.
    const elsewhere = await receiveMessage({ ...engine.deps.turn, sessionCache: new SessionCache() }, { ...message });
    expect(elsewhere).toMatchObject({ status: 'duplicate', session_id: first.session_id });
    expect(texts(elsewhere)).toEqual(['echo: once']);
    expect(transcript(first.session_id!)).toEqual(['> customer: once', '< bot: echo: once']);
  });

  test('two copies at the same moment: exactly one is processed', async () => {
    const message = inbound('echo', 'twin', { customer: 'd-2', id: 'dup-2' });
    const outcomes = await Promise.all([receiveMessage(engine.deps.turn, message), receiveMessage(engine.deps.turn, { ...message })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['duplicate', 'processed']);
    expect(transcript(outcomes[0]!.session_id!)).toEqual(['> customer: twin', '< bot: echo: twin']);
  });

  test('messages without a provider id are never deduplicated', async () => {
    const a = await receive('echo', 'same', { customer: 'd-3', id: null });
    const b = await receive('echo', 'same', { customer: 'd-3', id: null });
    expect([a.status, b.status]).toEqual(['processed', 'processed']);
  });
});

describe('routing: the bot or attendance', () => {
  const events = (sessionId: string) => engine.tables.events.filter((e) => e.session_id === sessionId)
    .map((e) => ({ name: e.name, text: (e.payload as { message: { text: string } }).message.text }));

  test('a plain message goes to the bot, and attendance hears nothing', async () => {
    const outcome = await receive('desk', 'hello', { customer: 'r-1' });
    expect(outcome).toMatchObject({ needs_human: false });
    expect(texts(outcome)).toEqual(['echo: hello']);
    expect(engine.tables.events).toEqual([]);
    expect(jobsNamed(JOB_NAMES.events)).toEqual([]);
  });

  test('a transfer keyword hands the session over: the wait message, session.handed_off, and from then on customer.messaged', async () => {
    const first = await receive('desk', 'hello', { customer: 'r-2' });
    const transfer = await receive('desk', 'a HUMAN AGENT please', { customer: 'r-2' });
    expect(transfer).toMatchObject({ status: 'processed', needs_human: true });
    expect(texts(transfer)).toEqual([WAIT_MESSAGE]);
    const sessionId = first.session_id!;
    expect(engine.tables.sessions.get(sessionId)).toMatchObject({
      needs_human: true, context_data: { transfer_reason: 'keyword: human agent', transfer_time: expect.any(String), priority: 'normal' },
    });

    const later = await receive('desk', 'are you there?', { customer: 'r-2' });
    expect(later).toMatchObject({ needs_human: true, replies: [] });
    expect(events(sessionId)).toEqual([
      { name: 'session.handed_off', text: 'a HUMAN AGENT please' },
      { name: 'customer.messaged', text: 'are you there?' },
    ]);
    // Each event is handed out by a job after the commit.
    expect(jobsNamed(JOB_NAMES.events)).toEqual(engine.tables.events.map((e) => ({ session_id: sessionId, event_id: e.id, event: { name: e.name, payload: e.payload } })));
    expect(transcript(sessionId)).toEqual([
      '> customer: hello', '< bot: echo: hello', '> customer: a HUMAN AGENT please', `< system: ${WAIT_MESSAGE}`, '> customer: are you there?',
    ]);
  });

  test('bypass mode: every message goes to attendance, the bot never runs', async () => {
    const outcome = await receive('bypass', 'hi', { customer: 'r-3' });
    expect(outcome).toMatchObject({ status: 'processed', needs_human: true, replies: [] });
    expect(events(outcome.session_id!)).toEqual([{ name: 'customer.messaged', text: 'hi' }]);
    expect(engine.tables.sessions.get(outcome.session_id!)?.dialog_state).toBeNull();
  });

  test('a session that needs a human only in context_data goes to attendance too', async () => {
    const first = await receive('desk', 'hi', { customer: 'r-4' });
    const row = engine.tables.sessions.get(first.session_id!)!;
    engine.tables.sessions.set(row.id, { ...row, version: row.version + 1, context_data: { needs_human: 'true' } });
    expect(await receive('desk', 'x', { customer: 'r-4' })).toMatchObject({ needs_human: true, replies: [] });
    expect(events(row.id)).toEqual([{ name: 'customer.messaged', text: 'x' }]);
  });

  test('without a human side a keyword is just text to the bot', async () => {
    const outcome = await receive('no-humans', 'a human agent please', { customer: 'r-5' });
    expect(outcome).toMatchObject({ needs_human: false });
    expect(texts(outcome)).toEqual(['echo: a human agent please']);
    expect(engine.tables.events).toEqual([]);
  });
});
