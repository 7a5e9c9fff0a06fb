import { eq, sql } from 'drizzle-orm';
import { createEngineEventsRepo, type EngineEventsRepo } from '../../db/engine-events-repo.js';
import { bots, engineEvents, sessions } from '../../db/schema/index.js';
import type { LockPort } from '../../infra/locks/index.js';
import { createLogger } from '../../infra/logger.js';
import { openTestDatabase, openTestLocks, testDriversLabel, type TestDatabase } from '../support/drivers.js';
import { waitFor } from '../support/wait-for.js';

// The events job's round trip (docs/performance.md, "Handoff round trips"): the session's events
// lock, its pending events and the subscribers' statements in one call. What must hold on either
// driver: the read and the statements come after the lock, so they see what the previous holder
// committed, and the lock is the same one `withLock` takes on that key.

const logger = createLogger({ pretty: false });
let database: TestDatabase;
/** Two handles that exclude each other: two instances on PostgreSQL, one process's mutex on the embedded database. */
let first: LockPort;
let second: LockPort;
let repo: EngineEventsRepo;

beforeAll(async () => {
  database = await openTestDatabase();
  first = openTestLocks(database, logger, 2);
  // Two drivers exclude each other as two instances would; in-process mutexes only within one.
  second = database.url ? openTestLocks(database, logger, 2) : first;
  repo = createEngineEventsRepo(database.db);
});
afterAll(async () => {
  await first.close();
  if (second !== first) await second.close();
  await database.close();
});

let counter = 0;
async function sessionWithEvents(names: string[]): Promise<{ sessionId: string; ids: string[] }> {
  counter += 1;
  const [bot] = await database.db.insert(bots).values({ name: `under-lock-${counter}` }).returning();
  const [session] = await database.db.insert(sessions).values({ bot_id: bot!.id, channel: 'web', external_user_id: `visitor-${counter}` }).returning();
  const ids: string[] = [];
  for (const name of names) {
    const [row] = await database.db.insert(engineEvents).values({ session_id: session!.id, name, payload: { n: name } }).returning();
    ids.push(row!.id);
  }
  return { sessionId: session!.id, ids };
}

/** `first` holds `key` until `release()`, then runs `write` before letting go; resolves once the lock is held. */
async function holding(key: string, write: () => Promise<unknown>): Promise<{ release: () => void; holder: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const holder = first.withLock(key, async () => {
    held = true;
    await released;
    await write();
  });
  await waitFor(() => held, 'the first holder');
  return { release, holder };
}

describe(`events read under the lock (${testDriversLabel()})`, () => {
  test('hands the pending events, oldest first, with their payloads', async () => {
    const { sessionId, ids } = await sessionWithEvents(['session.handed_off', 'customer.messaged']);
    const read = await first.withLockReading(`events:${sessionId}`, repo.pendingUnderLock(sessionId), async ({ events }) => events);
    expect(read).toEqual([
      { id: ids[0], session_id: sessionId, name: 'session.handed_off', payload: { n: 'session.handed_off' }, attempts: 0 },
      { id: ids[1], session_id: sessionId, name: 'customer.messaged', payload: { n: 'customer.messaged' }, attempts: 0 },
    ]);
  });

  test('a caller waiting for the lock reads what the holder committed before letting go', async () => {
    const { sessionId, ids } = await sessionWithEvents(['session.handed_off', 'customer.messaged']);
    const key = `events:${sessionId}`;
    const { release, holder } = await holding(key, () => repo.markDone(ids[0]!));
    const waiting = second.withLockReading(key, repo.pendingUnderLock(sessionId), async ({ events }) => events.map((e) => e.id));
    if (database.url) {
      // The call is on the server, waiting inside the function for the advisory lock, before the holder writes.
      await waitFor(async () => {
        const rows = await database.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
        return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n) > 0;
      }, 'the second caller waiting on the server');
    }
    release();
    await holder;
    expect(await waiting).toEqual([ids[1]]);
  });

  test('the subscribers\' statements run in the same call, after the read: they see the holder\'s commit, and their writes stay', async () => {
    const { sessionId, ids } = await sessionWithEvents(['session.handed_off']);
    const key = `events:${sessionId}`;
    // A statement that counts the session's handled events, then marks its pending one handled.
    const counting = {
      text: `with done as (select count(*)::int as n from engine_events where session_id = ($1->>'session_id')::uuid and state = 'done'),
        marked as (update engine_events set state = 'done' where session_id = ($1->>'session_id')::uuid and state = 'pending' returning id)
        select jsonb_build_object('done_before', (select n from done), 'marked', (select count(*) from marked))`,
      param: { session_id: sessionId },
    };
    const { release, holder } = await holding(key, async () => {
      await database.db.insert(engineEvents).values({ session_id: sessionId, name: 'customer.messaged', payload: {}, state: 'done' });
    });
    const waiting = second.withLockReading(key, repo.pendingUnderLock(sessionId, [counting, counting]), async (value) => value);
    release();
    await holder;
    const { events, prepared } = await waiting;
    expect(events.map((e) => e.id)).toEqual(ids);
    // The first statement saw the holder's commit and marked the pending event; the second saw the first's write.
    expect(prepared).toEqual([{ done_before: 1, marked: 1 }, { done_before: 2, marked: 0 }]);
    expect((await repo.listPending(sessionId))).toEqual([]);
  });

  test('takes the same lock as withLock: neither runs while the other holds the key', async () => {
    const { sessionId } = await sessionWithEvents(['customer.messaged']);
    const key = `events:${sessionId}`;
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => setImmediate(resolve));
      await database.db.select().from(engineEvents).where(eq(engineEvents.session_id, sessionId));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2
      ? first.withLock(key, work)
      : second.withLockReading(key, repo.pendingUnderLock(sessionId), work))));
    expect(most).toBe(1);
  });
});
