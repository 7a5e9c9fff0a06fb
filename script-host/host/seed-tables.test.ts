import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInMemoryTableStore, parseTableFilter } from '../../basic-interpreter/index.js';
import { SeedDataError, seedTablesFromCsv } from './seed-tables.js';

describe('seedTablesFromCsv', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-seed-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (relative: string, text: string) => {
    const path = join(dir, relative);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, text);
  };

  test('loads every table of the .gbdata folders, cells as written', async () => {
    await write('shop.gbdata/Products.csv', '\uFEFFSKU, Name ,Price\r\n007,"Tea, green",1.10\r\n\r\nA2,"Say ""hi""",\r\n');
    await write('shop.gbdata/contacts.CSV', 'name,phone\nAna,+351 912 345 678\n');
    await write('shop.gbdata/readme.txt', 'not a table');
    await write('shop.gbdialog/start.bas', 'TALK "hi"');
    const store = createInMemoryTableStore();
    const result = await seedTablesFromCsv(dir, store, { onlyIfEmpty: true });
    expect(result.map(({ table, inserted, rows }) => ({ table, inserted, rows }))).toEqual([
      { table: 'contacts', inserted: 1, rows: 1 },
      { table: 'products', inserted: 2, rows: 2 },
    ]);
    expect(await store.find('products', [])).toEqual([
      { sku: '007', name: 'Tea, green', price: '1.10' },
      { sku: 'A2', name: 'Say "hi"', price: '' },
    ]);
    expect(await store.find('contacts', [])).toEqual([{ name: 'Ana', phone: '+351 912 345 678' }]);
    // Numeric strings still compare as numbers in filters.
    expect(await store.count('products', parseTableFilter('price>1.05'))).toBe(1);
  });

  test('with onlyIfEmpty a second run adds nothing, and rows written by scripts stay', async () => {
    await write('bot.gbdata/faq.csv', 'q,a\nhours,9-18\n');
    const store = createInMemoryTableStore();
    await seedTablesFromCsv(dir, store, { onlyIfEmpty: true });
    await store.update('faq', parseTableFilter('q=hours'), { a: '8-20' });
    const again = await seedTablesFromCsv(dir, store, { onlyIfEmpty: true });
    expect(again).toEqual([expect.objectContaining({ table: 'faq', inserted: 0, rows: 1 })]);
    expect(await store.find('faq', [])).toEqual([{ q: 'hours', a: '8-20' }]);
    // Without it, rows are appended.
    await seedTablesFromCsv(dir, store, { onlyIfEmpty: false });
    expect(await store.count('faq', [])).toBe(2);
  });

  test('dataDir may be the .gbdata folder itself; a missing folder seeds nothing', async () => {
    await write('x.gbdata/t.csv', 'a\n1\n');
    const store = createInMemoryTableStore();
    expect(await seedTablesFromCsv(join(dir, 'x.gbdata'), store, { onlyIfEmpty: true })).toHaveLength(1);
    expect(await seedTablesFromCsv(join(dir, 'nope'), store, { onlyIfEmpty: true })).toEqual([]);
  });

  test.each([
    ['bad-name.csv', 'a\n1\n', /bad-name\.csv: Invalid table name "bad-name"/],
    ['dup.csv', 'a,A\n1,2\n', /dup\.csv: the header names column "a" twice/],
    ['empty.csv', 'a,\n1,2\n', /empty\.csv: the header has an empty column name/],
    ['ragged.csv', 'a,b\n1,2,3\n', /ragged\.csv: .*/],
  ])('refuses %s with a message naming the file', async (file, text, message) => {
    await write(`b.gbdata/${file}`, text);
    const seeding = seedTablesFromCsv(dir, createInMemoryTableStore(), { onlyIfEmpty: true });
    await expect(seeding).rejects.toThrow(SeedDataError);
    await expect(seedTablesFromCsv(dir, createInMemoryTableStore(), { onlyIfEmpty: true })).rejects.toThrow(message);
  });
});
