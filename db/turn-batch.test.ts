import { openTestDatabase } from '../test/support/drivers.js';
import type { DatabaseHandle } from './connection.js';
import type { SqlExecutor } from './sql-executor.js';
import { commitBatch, type BatchableTurn } from './turn-batch.js';
import { createTurnStore, newRowId, type SessionWrite, type TurnStore } from './turn-store.js';

// Group commit (docs/performance.md): turns that commit at the same time share one statement,
// and each of them still writes all of its rows or none; a turn that cannot be written fails
// alone. On the embedded database by default, on PostgreSQL when DATABASE_URL is set.

let database: DatabaseHandle;
let botId: string;
/** The statements the store sent, by name: the real executor, observed. */
const sent: string[] = [];
let store: TurnStore;

beforeAll(async () => {
  database = await openTestDatabase();
  botId = newRowId();
  await database.sql.query({ name: 'test_bot', text: 'insert into bots (id, name) values ($1, $2)' }, [botId, 'batch-bot']);
  const observed: SqlExecutor = {
    query: (statement, params) => {
      sent.push(statement.name);
      return database.sql.query(statement, params);
    },
  };
  store = createTurnStore(observed);
});
afterAll(() => database.close());

/** A web turn: the customer's message and one reply (or the given ones), on a new or a known session. */
function turn(session: SessionWrite, text: string, options: { replies?: string[]; providerId?: string } = {}): BatchableTurn {
  const sessionId = session.kind === 'create' ? session.row.id : session.id;
  const inbound = {
    id: newRowId(), session_id: sessionId, bot_id: botId, channel: 'web', text, payload: { at: text }, provider_message_id: options.providerId ?? null,
  };
  const outbound = (options.replies ?? [`echo: ${text}`]).map((reply) => ({
    id: newRowId(), session_id: sessionId, bot_id: botId, channel: 'web', sender: 'bot' as const, text: reply, payload: {},
    reply_to: inbound.id, delivery: { kind: 'inline' as const },
  }));
  return { session, inbound, outbound, events: [{ id: newRowId(), session_id: sessionId, name: 'customer.messaged', payload: { text } }] };
}

const create = (customer: string, changes: SessionWrite['changes'] = {}): SessionWrite => ({
  kind: 'create', row: { id: newRowId(), user_id: newRowId(), bot_id: botId, channel: 'web', external_user_id: customer, call_type: null }, changes,
});

async function rows<T>(text: string, params: unknown[]): Promise<T[]> {
  return database.sql.query<T>({ name: `test_${text.length}_${text.slice(0, 12).replace(/\W/g, '_')}`, text }, params);
}

const transcript = (sessionId: string) => rows<{ direction: string; text: string }>(
  'select direction, text from messages where session_id = $1 order by seq', [sessionId],
);
const session = async (id: string) => (await rows<{ version: number; needs_human: boolean; context_data: unknown; dialog_state: unknown }>(
  'select version, needs_human, context_data, dialog_state from sessions where id = $1', [id],
))[0];

test('a batch creates and updates sessions, each with its message before its replies, its outbox rows and events', async () => {
  const [first, second] = [create('batch-a', { context_patch: { lang: 'en' }, dialog_state: { step: 1 } }), create('batch-b', { needs_human: true })];
  const opened = await commitBatch(database.sql, [turn(first, 'hi a', { replies: ['one', 'two'] }), turn(second, 'hi b')]);
  expect(opened.map((r) => r.kind)).toEqual(['committed', 'committed']);
  const firstId = (first as Extract<SessionWrite, { kind: 'create' }>).row.id;
  const secondId = (second as Extract<SessionWrite, { kind: 'create' }>).row.id;

  const update = (id: string, changes: SessionWrite['changes']): SessionWrite => ({ kind: 'update', id, version: 1, changes });
  const outboxed = turn(update(secondId, { dialog_state: null }), 'again b');
  const outboxId = newRowId();
  const withOutbox: BatchableTurn = {
    ...outboxed, outbound: outboxed.outbound.map((m) => ({ ...m, channel: 'web', delivery: { kind: 'outbox' as const, outbox_id: outboxId, payload: { to: 'b' } } })),
  };
  const [continued, continuedB] = await commitBatch(database.sql, [turn(update(firstId, { context_patch: { name: 'Ana' } }), 'again a'), withOutbox]);
  expect(continued).toMatchObject({ kind: 'committed' });
  // The reply's time, for its delivery (a Date, from the embedded database's thread on PGlite).
  const at = continuedB!.kind === 'committed' ? continuedB!.created_at.get(withOutbox.outbound[0]!.id) : undefined;
  expect(Object.prototype.toString.call(at)).toBe('[object Date]');

  expect(await transcript(firstId)).toEqual([
    { direction: 'inbound', text: 'hi a' }, { direction: 'outbound', text: 'one' }, { direction: 'outbound', text: 'two' },
    { direction: 'inbound', text: 'again a' }, { direction: 'outbound', text: 'echo: again a' },
  ]);
  expect(await session(firstId)).toEqual({ version: 2, needs_human: false, context_data: { lang: 'en', name: 'Ana' }, dialog_state: { step: 1 } });
  expect(await session(secondId)).toEqual({ version: 2, needs_human: true, context_data: {}, dialog_state: null });
  expect(await rows('select id from outbox where session_id = $1', [secondId])).toEqual([{ id: outboxId }]);
  expect(await rows('select name from engine_events where session_id = $1', [firstId])).toHaveLength(2);
});

test('a stale turn in a batch writes nothing while the others commit', async () => {
  const fresh = create('stale-a');
  const [opened] = await commitBatch(database.sql, [turn(fresh, 'first')]);
  expect(opened!.kind).toBe('committed');
  const id = (fresh as Extract<SessionWrite, { kind: 'create' }>).row.id;
  const stale = turn({ kind: 'update', id, version: 0, changes: { needs_human: true } }, 'too late');
  const other = create('stale-b');
  const results = await commitBatch(database.sql, [stale, turn(other, 'meanwhile')]);
  expect(results.map((r) => r.kind)).toEqual(['stale', 'committed']);
  expect(await transcript(id)).toEqual([{ direction: 'inbound', text: 'first' }, { direction: 'outbound', text: 'echo: first' }]);
  expect(await session(id)).toMatchObject({ version: 1, needs_human: false });
  expect(await rows('select id from engine_events where session_id = $1', [id])).toHaveLength(1);
});

test('turns committed at the same time share one statement; a failing one fails alone and its neighbours commit', async () => {
  const taken = turn(create('dup-first'), 'original', { providerId: 'provider-1' });
  expect(await store.commit(taken)).toMatchObject({ kind: 'committed' });

  sent.length = 0;
  const together = [turn(create('group-a'), 'a'), turn(create('group-b'), 'b'), turn(create('group-c'), 'c')];
  const results = await Promise.all(together.map((t) => store.commit(t)));
  expect(results.map((r) => r.kind)).toEqual(['committed', 'committed', 'committed']);
  expect(sent).toEqual(['turn_batch']);

  // A copy of a stored message fails the batch's statement: each turn is then committed on its
  // own, the copy is answered as a duplicate, and a message with no session to go to fails alone.
  sent.length = 0;
  const copy = turn({ kind: 'update', id: taken.inbound.session_id, version: 1, changes: {} }, 'copy', { providerId: 'provider-1' });
  const orphan = turn({ kind: 'update', id: newRowId(), version: 1, changes: {} }, 'lost');
  const neighbour = turn(create('group-d'), 'd');
  const broken: BatchableTurn = { ...neighbour, outbound: [{ ...neighbour.outbound[0]!, session_id: newRowId() }] };
  const fine = turn(create('group-e'), 'e');
  const settled = await Promise.allSettled([copy, orphan, broken, fine].map((t) => store.commit(t)));
  expect(sent[0]).toBe('turn_batch');
  expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.kind : 'failed'))).toEqual(['duplicate', 'stale', 'failed', 'committed']);
  expect((settled[0] as PromiseFulfilledResult<{ duplicate_of?: string }>).value.duplicate_of).toBe(taken.inbound.id);
  const fineId = fine.inbound.session_id;
  expect(await transcript(fineId)).toEqual([{ direction: 'inbound', text: 'e' }, { direction: 'outbound', text: 'echo: e' }]);
  expect(await rows('select id from sessions where id = $1', [broken.inbound.session_id])).toEqual([]);
});

test('two turns of one session never share a statement: the second is stale, as if they had not been batched', async () => {
  const fresh = create('same-session');
  expect((await commitBatch(database.sql, [turn(fresh, 'open')]))[0]!.kind).toBe('committed');
  const id = (fresh as Extract<SessionWrite, { kind: 'create' }>).row.id;
  const update: SessionWrite = { kind: 'update', id, version: 1, changes: {} };
  const results = await Promise.all([turn(update, 'one'), turn(update, 'two'), turn(create('other-session'), 'x')].map((t) => store.commit(t)));
  expect(results.map((r) => r.kind).sort()).toEqual(['committed', 'committed', 'stale']);
  expect(await session(id)).toMatchObject({ version: 2 });
  expect((await transcript(id)).filter((m) => m.direction === 'inbound')).toHaveLength(2);
});
