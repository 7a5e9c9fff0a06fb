import { createInMemoryTableStore, loadScript, type CompiledScript } from '../basic-interpreter/index.js';
import type { EngineBot, EngineContext } from './engine-context.js';
import { MAX_TRIGGER_DEPTH, watchTableChanges, type TriggeredRun } from './table-triggers.js';

// Which changes of a bot table become dialog.triggered jobs, and for which scripts
// (docs/basic.md, "Event handlers").

const SCRIPTS: Record<string, string> = {
  on_order: 'ON INSERT OF "orders"\nON UPDATE OF "orders"\nTALK 1',
  on_delete: 'ON DELETE OF "Orders"\nTALK 1',
  plain: 'SAVE "orders", {id: 1}',
};

function setup() {
  const scripts = new Map<string, CompiledScript>();
  for (const [name, source] of Object.entries(SCRIPTS)) {
    const loaded = loadScript(source, `${name}.bas`);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    scripts.set(name, loaded.script);
  }
  const bot = { name: 'shop', dialogs: { get: (n: string) => scripts.get(n), names: () => [...scripts.keys()] } } as unknown as EngineBot;
  const jobs: { name: string; data: TriggeredRun }[] = [];
  const warnings: string[] = [];
  const ctx = {
    jobs: { add: async (name: string, data: TriggeredRun) => void jobs.push({ name, data }) },
    logger: { warn: (_: unknown, message: string) => void warnings.push(message), error: () => undefined },
  } as unknown as EngineContext;
  const store = createInMemoryTableStore();
  return { jobs, warnings, store, tables: (depth: number) => watchTableChanges(ctx, bot, store, depth) };
}

test('an insert, an update and a delete that changed rows each run the scripts declaring them, with the change', async () => {
  const { jobs, tables } = setup();
  const t = tables(0);
  await t.insert('Orders', { ID: 'A1', item: 'lamp' });
  await t.update('orders', [{ field: 'id', op: '=', value: 'A1' }], { status: 'paid' });
  await t.delete('orders', [{ field: 'id', op: '=', value: 'A1' }]);
  expect(jobs).toEqual([
    { name: 'dialog.triggered', data: { bot: 'shop', script: 'on_order', table: 'orders', event: 'insert', row: { id: 'A1', item: 'lamp' }, count: 1, depth: 1 } },
    { name: 'dialog.triggered', data: { bot: 'shop', script: 'on_order', table: 'orders', event: 'update', row: { status: 'paid' }, count: 1, depth: 1 } },
    { name: 'dialog.triggered', data: { bot: 'shop', script: 'on_delete', table: 'orders', event: 'delete', row: null, count: 1, depth: 1 } },
  ]);
});

test('an update or delete that matched nothing, and a change of another table, run nothing; reads pass through', async () => {
  const { jobs, tables } = setup();
  const t = tables(0);
  expect(await t.update('orders', [{ field: 'id', op: '=', value: 'none' }], { status: 'x' })).toBe(0);
  expect(await t.delete('orders', [{ field: 'id', op: '=', value: 'none' }])).toBe(0);
  await t.insert('stock', { id: 1 });
  expect(await t.find('stock', [])).toEqual([{ id: 1 }]);
  expect(await t.count('stock', [])).toBe(1);
  expect(jobs).toEqual([]);
});

test(`a change made ${MAX_TRIGGER_DEPTH} handler runs deep runs no further handler, and says so`, async () => {
  const { jobs, warnings, tables } = setup();
  await tables(MAX_TRIGGER_DEPTH - 1).insert('orders', { id: 1 });
  expect(jobs.map((j) => j.data.depth)).toEqual([MAX_TRIGGER_DEPTH]);
  await tables(MAX_TRIGGER_DEPTH).insert('orders', { id: 2 });
  expect(jobs).toHaveLength(1);
  expect(warnings).toEqual([`table trigger not run: the change was made by a handler ${MAX_TRIGGER_DEPTH} runs deep`]);
});
