import { openPgliteThread, PGLITE_THREAD_GONE, type PgliteThread } from './pglite-thread.js';

// The embedded database on its own thread behaves as PGlite in the process did: errors keep
// their fields, transactions are all or nothing, and other statements wait for them.
let db: PgliteThread;

beforeAll(async () => {
  db = await openPgliteThread(undefined);
  await db.exec('create table t (id int primary key, body jsonb, at timestamptz default now())');
});
afterAll(async () => {
  await db.close();
});

test('rows come back typed as PGlite parses them, and drizzle\'s raw-text types stay text', async () => {
  await db.query('insert into t (id, body) values ($1, $2)', [1, JSON.stringify({ a: [1, 2] })]);
  const { rows } = await db.query<{ id: number; body: unknown; at: Date }>('select id, body, at from t where id = 1');
  expect(rows).toMatchObject([{ id: 1, body: { a: [1, 2] } }]);
  // A Date, though from the realm of the thread's messages rather than jest's sandbox.
  expect(Object.prototype.toString.call(rows[0]!.at)).toBe('[object Date]');
  const raw = await db.query<unknown[]>('select at from t where id = 1', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
  expect(typeof raw.rows[0]![0]).toBe('string');
});

test('a database error keeps its code and constraint', async () => {
  await expect(db.query('insert into t (id) values (1)')).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
});

test('a transaction that throws leaves nothing; one that returns commits', async () => {
  await expect(db.transaction(async (tx) => {
    await tx.query('insert into t (id) values (2)');
    throw new Error('changed my mind');
  })).rejects.toThrow('changed my mind');
  const kept = await db.transaction(async (tx) => {
    await tx.query('insert into t (id) values (3)');
    return 'done';
  });
  expect(kept).toBe('done');
  expect((await db.query<{ id: number }>('select id from t where id in (2, 3)')).rows).toEqual([{ id: 3 }]);
});

test('a statement outside an open transaction waits until it ends', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const order: string[] = [];
  const transaction = db.transaction(async (tx) => {
    await tx.query('insert into t (id) values (4)');
    await held;
    order.push('commit');
  });
  await new Promise((resolve) => setImmediate(resolve));
  const outside = db.query('select count(*)::int as n from t where id = 4').then((r) => {
    order.push('outside');
    return r.rows;
  });
  release();
  await transaction;
  expect(await outside).toEqual([{ n: 1 }]);
  expect(order).toEqual(['commit', 'outside']);
});

test('a prepared statement runs again and again, keeps error fields, and types its rows', async () => {
  const insert = 'insert into t (id, body) values ($1, $2::jsonb) returning id, body, at';
  const first = await db.prepared<{ id: number; body: unknown; at: unknown }>('t_insert', insert, [10, { n: 1 }]);
  const second = await db.prepared<{ id: number; body: unknown }>('t_insert', insert, [11, null]);
  expect(first.rows).toMatchObject([{ id: 10, body: { n: 1 } }]);
  expect(Object.prototype.toString.call(first.rows[0]!.at)).toBe('[object Date]');
  expect(second.rows).toEqual([expect.objectContaining({ id: 11, body: null })]);
  await expect(db.prepared('t_insert', insert, [10, null])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
  expect((await db.prepared<{ n: number }>('t_count', 'select count(*)::int as n from t where id >= $1', [10])).rows).toEqual([{ n: 2 }]);
});

test('once the thread has gone, every call fails with PGLITE_THREAD_GONE (a dependency fault, not a bug)', async () => {
  const other = await openPgliteThread(undefined);
  await other.close();
  await expect(other.query('select 1')).rejects.toMatchObject({ code: PGLITE_THREAD_GONE });
});
