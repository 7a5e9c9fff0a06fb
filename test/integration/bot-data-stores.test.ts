import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createInMemoryBotData, matchesConditions, parseTableFilter,
  type Condition,
  type BotDataStores, type TableStore,
} from '../../basic-interpreter/host/index.js';
import type { ObjectValue, Value } from '../../basic-interpreter/values.js';
import { createBotDataRepo } from '../../db/bot-data-repo.js';
import { createBotsRepo } from '../../db/bots-repo.js';
import { seedTablesFromCsv } from '../../script-host/index.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { openTestDatabase, testDrivers } from '../support/drivers.js';

// One contract for every driver of the storage ports : in memory, and the
// database repository on PGlite (or a scratch PostgreSQL database when DATABASE_URL is set).
// Each driver has its own copy of the rules (db/ imports nothing above it), so errors are
// compared by name and message, not by class.
const badTableName = { name: 'TableNameError', message: expect.stringMatching(/^Invalid table name "/) };
const badCondition = { name: 'TableFilterError', message: expect.stringMatching(/^Invalid condition on column "/) };
interface Opened { stores: BotDataStores; bots: [string, string]; close(): Promise<void> }

const drivers: [string, () => Promise<Opened>][] = [
  ['in-memory', async () => ({ stores: createInMemoryBotData(), bots: [randomUUID(), randomUUID()], close: async () => undefined })],
  [testDrivers.databaseUrl ? 'postgres' : 'pglite', async () => {
    const handle: DatabaseHandle = await openTestDatabase();
    const botsRepo = createBotsRepo(handle.db);
    const [a, b] = await Promise.all([botsRepo.ensure('contract-a'), botsRepo.ensure('contract-b')]);
    return { stores: createBotDataRepo(handle.db), bots: [a.id, b.id], close: () => handle.close() };
  }],
];

/** Rows exercising the comparison rule; `name` labels each one. */
const PEOPLE: ObjectValue[] = [
  { name: 'ana', age: 18, city: 'Lisbon', score: '7.5', active: true },
  { name: 'Bruno', age: '25', city: 'lisbon', score: 10, tags: ['a'] },
  { name: 'carla', age: 9, city: 'Porto', nick: null },
  { name: 'Dário', age: 'abc', city: 'São Paulo', meta: { x: 1 } },
  { name: 'eve', age: -3.5, city: 'New York', score: '1e2' },
  { name: 'fay', age: ' 30', city: '' },
  { Name: 'Gil', AGE: 40, City: 'Porto', big: 1e21 },
];

const FILTERS: [string, string[]][] = [
  ['', ['ana', 'Bruno', 'carla', 'Dário', 'eve', 'fay', 'Gil']],
  ['age>=18', ['ana', 'Bruno', 'Dário', 'Gil']], // 'abc' >= '18' as text
  ['age=18.0', ['ana']],
  ['AGE>1e1', ['ana', 'Bruno', 'Dário', 'Gil']],
  ['age<0', ['eve', 'fay']], // ' 30' is text, and ' ' sorts before '0'
  ['city=lisbon', ['ana', 'Bruno']],
  ['city<>Lisbon', ['carla', 'Dário', 'eve', 'fay', 'Gil']],
  ['city=SÃO PAULO', ['Dário']],
  ["city='New York'", ['eve']],
  ['city=', ['fay']],
  ['nick=', ['ana', 'Bruno', 'carla', 'Dário', 'eve', 'fay', 'Gil']],
  ['nick<>', []],
  ['score>5', ['ana', 'Bruno', 'eve']],
  ['active=TRUE', ['ana']],
  ['tags=a', []],
  ['tags<>a', ['ana', 'carla', 'Dário', 'eve', 'fay', 'Gil']], // Bruno's tags is an array: no match
  ['meta<>x', ['ana', 'Bruno', 'carla', 'eve', 'fay', 'Gil']],
  ['name>c', ['carla', 'Dário', 'eve', 'fay', 'Gil']],
  ['name<=bruno', ['ana', 'Bruno']],
  ['age<10 AND city=porto', ['carla']],
  ['big>999999999999999999999', []], // doubles: both are 1e21
  ['big>=999999999999999999999', ['Gil']],
  ['big=abc', []],
  ['constructor=', ['ana', 'Bruno', 'carla', 'Dário', 'eve', 'fay', 'Gil']],
];

const names = (rows: ObjectValue[]) => rows.map((r) => r.name);

describe.each(drivers)('bot data stores contract: %s', (_name, open) => {
  let opened: Opened;
  let stores: BotDataStores;
  let tables: TableStore;
  beforeAll(async () => {
    opened = await open();
    stores = opened.stores;
  });
  afterAll(async () => { await opened.close(); });
  let table: string;
  beforeEach(() => {
    tables = stores.tables(opened.bots[0]);
    table = `t_${randomUUID().replaceAll('-', '')}`;
  });

  test('find returns what was inserted, oldest first, with lower-case columns and nothing added', async () => {
    await tables.insert(table, { Name: 'first', n: 1 });
    await tables.insert(table, { name: 'second', nested: { A: [1, 'x', null] }, s: '123', t: 'true', z: 'null' });
    expect(await tables.find(table, [])).toEqual([
      { name: 'first', n: 1 },
      { name: 'second', nested: { A: [1, 'x', null] }, s: '123', t: 'true', z: 'null' },
    ]);
  });

  test('rows come back as copies', async () => {
    const row: ObjectValue = { name: 'a', list: [1] };
    await tables.insert(table, row);
    (row.list as Value[]).push(2);
    const [found] = await tables.find(table, []);
    (found!.list as Value[]).push(3);
    expect(await tables.find(table, [])).toEqual([{ name: 'a', list: [1] }]);
  });

  test('table names are case-insensitive; invalid names are refused', async () => {
    await tables.insert(table.toUpperCase(), { name: 'x' });
    expect(await tables.count(table, [])).toBe(1);
    for (const bad of ['', '1abc', 'a-b', 'a b', 'x'.repeat(64), "t'; drop table bots;--"]) {
      await expect(tables.insert(bad, { name: 'x' })).rejects.toMatchObject(badTableName);
      await expect(tables.find(bad, [])).rejects.toMatchObject(badTableName);
    }
  });

  test('tables are separate per name and per bot', async () => {
    await tables.insert(table, { name: 'mine' });
    await tables.insert(`${table}_2`, { name: 'other table' });
    await stores.tables(opened.bots[1]).insert(table, { name: 'other bot' });
    expect(names(await tables.find(table, []))).toEqual(['mine']);
    expect(names(await stores.tables(opened.bots[1]).find(table, []))).toEqual(['other bot']);
  });

  test('filters follow the comparison rule', async () => {
    await tables.insertMany(table, PEOPLE);
    const stored = await tables.find(table, []);
    for (const [filter, expected] of FILTERS) {
      const conditions = parseTableFilter(filter);
      expect({ filter, rows: names(await tables.find(table, conditions)) }).toEqual({ filter, rows: expected });
      // The in-memory matcher is the reference every store must agree with.
      expect({ filter, rows: names(stored.filter((r) => matchesConditions(r, conditions))) }).toEqual({ filter, rows: expected });
      expect(await tables.count(table, conditions)).toBe(expected.length);
    }
  });

  test('hand-built conditions with a bad column or operator are refused, not run', async () => {
    await tables.insert(table, { name: 'a' });
    const bad: Condition[][] = [
      [{ field: "name' or '1'='1", op: '=', value: 'a' }],
      [{ field: 'name', op: '= 1 or 1 =' as Condition['op'], value: 'a' }],
    ];
    for (const conditions of bad) {
      await expect(tables.find(table, conditions)).rejects.toMatchObject(badCondition);
      await expect(tables.delete(table, conditions)).rejects.toMatchObject(badCondition);
    }
    expect(await tables.count(table, [])).toBe(1);
  });

  test('update sets columns on matching rows and counts them', async () => {
    await tables.insertMany(table, [{ name: 'a', age: 10 }, { name: 'b', age: 20 }, { name: 'c', age: 30 }]);
    expect(await tables.update(table, parseTableFilter('age>=20'), { Status: 'adult', age: '21', extra: { k: [1] } })).toBe(2);
    expect(await tables.update(table, parseTableFilter('name=zzz'), { status: 'x' })).toBe(0);
    expect(await tables.find(table, [])).toEqual([
      { name: 'a', age: 10 },
      { name: 'b', age: '21', status: 'adult', extra: { k: [1] } },
      { name: 'c', age: '21', status: 'adult', extra: { k: [1] } },
    ]);
  });

  test('delete removes matching rows and counts them', async () => {
    await tables.insertMany(table, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(await tables.delete(table, parseTableFilter('name<>b'))).toBe(2);
    expect(await tables.delete(table, parseTableFilter('name=zzz'))).toBe(0);
    expect(await tables.find(table, [])).toEqual([{ name: 'b' }]);
    expect(await tables.delete(table, [])).toBe(1);
    expect(await tables.count(table, [])).toBe(0);
  });

  test('insertMany keeps order and, with onlyIfEmpty, fills a table once', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ i }));
    expect(await tables.insertMany(table, rows, { onlyIfEmpty: true })).toBe(1200);
    expect(await tables.insertMany(table, [{ i: -1 }], { onlyIfEmpty: true })).toBe(0);
    expect((await tables.find(table, [])).map((r) => r.i)).toEqual(rows.map((r) => r.i));
    expect(await tables.insertMany(table, [{ i: 1200 }])).toBe(1);
    expect(await tables.count(table, [])).toBe(1201);
  });

  test('concurrent seeding with onlyIfEmpty adds the rows once', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => tables.insertMany(table, [{ n }, { n }], { onlyIfEmpty: true })));
    expect(results.filter((r) => r === 2)).toHaveLength(1);
    expect(await tables.count(table, [])).toBe(2);
  });

  test('seedTablesFromCsv is idempotent on this store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-seed-'));
    try {
      await mkdir(join(dir, 'shop.gbdata'));
      await writeFile(join(dir, 'shop.gbdata', `${table}.csv`), 'Sku,Price\nA1,10\n"B 2","7.50"\n');
      expect((await seedTablesFromCsv(dir, tables, { onlyIfEmpty: true }))[0]).toMatchObject({ table, inserted: 2, rows: 2 });
      expect((await seedTablesFromCsv(dir, tables, { onlyIfEmpty: true }))[0]).toMatchObject({ table, inserted: 0, rows: 2 });
      expect(await tables.find(table, parseTableFilter('price<9'))).toEqual([{ sku: 'B 2', price: '7.50' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('memory', () => {
    const key = () => `k_${randomUUID()}`;

    test('an unknown key is null', async () => {
      expect(await stores.botMemory(opened.bots[0]).get(key())).toBeNull();
    });

    test.each<[string, Value]>([
      ['a string', 'hello'], ['a numeric string', '123'], ['"true"', 'true'], ['"null"', 'null'], ['a number', 4.5],
      ['zero', 0], ['false', false], ['an empty string', ''], ['an array', [1, 'two', null, { three: 3 }]],
      ['an object', { Nested: { list: [true] } }], ['text with unicode', 'São Paulo ✓ 🎉'],
    ])('keeps %s exactly', async (_what, value) => {
      const memory = stores.botMemory(opened.bots[0]);
      const k = key();
      await memory.set(k, value);
      expect(await memory.get(k)).toEqual(value);
    });

    test('set overwrites; setting null removes', async () => {
      const memory = stores.userMemory(opened.bots[0], randomUUID());
      const k = key();
      await memory.set(k, 1);
      await memory.set(k, { v: 2 });
      expect(await memory.get(k)).toEqual({ v: 2 });
      await memory.set(k, null);
      expect(await memory.get(k)).toBeNull();
      await memory.set(k, null);
    });

    test('scopes are separate: bot, each user, each bot; keys are case-sensitive', async () => {
      const [botA, botB] = opened.bots;
      const [u1, u2] = [randomUUID(), randomUUID()];
      const k = key();
      await stores.botMemory(botA).set(k, 'bot A');
      await stores.userMemory(botA, u1).set(k, 'user 1');
      await stores.userMemory(botA, u2).set(k, 'user 2');
      await stores.botMemory(botB).set(k, 'bot B');
      await stores.userMemory(botB, u1).set(k, 'user 1 of B');
      expect(await stores.botMemory(botA).get(k)).toBe('bot A');
      expect(await stores.userMemory(botA, u1).get(k)).toBe('user 1');
      expect(await stores.userMemory(botA, u2).get(k)).toBe('user 2');
      expect(await stores.botMemory(botB).get(k)).toBe('bot B');
      expect(await stores.userMemory(botB, u1).get(k)).toBe('user 1 of B');
      expect(await stores.botMemory(botA).get(k.toUpperCase())).toBeNull();
    });
  });
});
