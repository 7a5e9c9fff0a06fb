import { createInMemoryBotData, loadScript, normalizeRow, type CompiledScript, type ObjectValue, type TableEvent } from '../basic-interpreter/index.js';
import { defaultBotConfig } from '../config/index.js';
import type { PendingTriggerRun, TableChangeRecorder } from '../db/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { filesNotConfigured } from './ports.js';
import { MAX_TRIGGER_RUN_STARTS, runTriggeredScript } from './run-triggered-script.js';
import { MAX_TRIGGER_DEPTH, requeueTriggeredRuns, watchTableChanges } from './table-triggers.js';

// Which changes of a bot table record pending handler runs, how each becomes a dialog.triggered
// job once its change is stored, and how the job runs it and settles it (docs/basic.md, "Event
// handlers"). The database is an in-memory stand-in here: a write and the runs it records are
// kept together, or (when the write fails) neither; test/integration/engine-table-triggers.test.ts
// runs the same on the real ones.

const SCRIPTS: Record<string, string> = {
  on_order: [
    'ON INSERT OF "orders"',
    'ON UPDATE OF "orders"',
    'SAVE "audit", {operation: TRIGGER_OPERATION, tbl: TRIGGER_TABLE, order_id: TRIGGER_ROW_ID, item: TRIGGER_ROW.item, count: TRIGGER_COUNT}',
  ].join('\n'),
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
  const bot: ScriptBot = {
    id: 'bot-1', name: 'shop', config: defaultBotConfig(), params: {},
    dialogs: { get: (n: string) => scripts.get(n), names: () => [...scripts.keys()] },
  };
  const data = createInMemoryBotData();
  const runs = new Map<string, PendingTriggerRun>();
  const database = { failWrites: false };
  const jobs: { name: string; data: unknown; jobId: string | undefined }[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];

  /** The bot's tables as the repository keeps them: the recorder hears of each change that touched rows (its row as stored), and its runs are kept only if the write "commits". */
  const tables = (botId: string, recorder?: TableChangeRecorder) => {
    const store = data.tables(botId);
    const change = async (table: string, event: TableEvent, row: ObjectValue | null, write: () => Promise<number>): Promise<number> => {
      const count = await write();
      const name = table.toLowerCase();
      const planned = count > 0 && recorder?.watches(name, event) ? recorder.runsFor({ table: name, event, row: row && (normalizeRow(row) as never), count }) : [];
      if (database.failWrites) throw new Error('the transaction failed');
      for (const run of planned) runs.set(run.id, { ...run, bot: bot.name, attempts: 0 });
      return count;
    };
    return {
      find: store.find, count: store.count,
      insert: async (table: string, row: ObjectValue) => void await change(table, 'insert', row, async () => (await store.insert(table, row), 1)),
      insertMany: async (table: string, rows: readonly ObjectValue[]) => {
        for (const row of rows) await change(table, 'insert', row, async () => (await store.insert(table, row), 1));
        return rows.length;
      },
      update: (table: string, conditions: never, values: ObjectValue) => change(table, 'update', values, () => store.update(table, conditions, values)),
      delete: (table: string, conditions: never) => change(table, 'delete', null, () => store.delete(table, conditions)),
    };
  };
  const triggerRuns = {
    claim: async (id: string) => {
      const run = runs.get(id);
      if (run) run.attempts += 1;
      return run && { ...run };
    },
    settle: async (id: string) => void runs.delete(id),
    listPending: async () => [...runs.keys()],
  };
  const ctx = {
    repos: { botData: { ...data, tables }, triggerRuns },
    jobs: { add: async (name: string, job: unknown, options?: { jobId?: string }) => void jobs.push({ name, data: job, jobId: options?.jobId }) },
    logger: {
      warn: (_: unknown, message: string) => void warnings.push(message), error: (_: unknown, message: string) => void errors.push(message),
      info: () => undefined, debug: () => undefined,
    },
    bots: (name: string) => (name === bot.name ? bot : undefined),
    files: filesNotConfigured,
    now: () => new Date(),
  } as unknown as HostContext;
  return {
    ctx, jobs, runs, warnings, errors, database,
    store: data.tables(bot.id),
    tables: (depth: number) => watchTableChanges(ctx, bot, depth),
  };
}

const byId = (id: string) => [{ field: 'id', op: '=' as const, value: id }];

test('an insert, an update and a delete that changed rows each record a run per declaring script, then enqueue it', async () => {
  const { jobs, runs, tables } = setup();
  const t = tables(0);
  await t.insert('Orders', { ID: 'A1', item: 'lamp' });
  await t.update('orders', byId('A1'), { status: 'paid' });
  await t.delete('orders', byId('A1'));
  const recorded = [...runs.values()].map(({ id: _id, ...run }) => run);
  expect(recorded).toEqual([
    { bot: 'shop', script: 'on_order', table_name: 'orders', event: 'insert', row: { id: 'A1', item: 'lamp' }, count: 1, depth: 1, attempts: 0 },
    { bot: 'shop', script: 'on_order', table_name: 'orders', event: 'update', row: { status: 'paid' }, count: 1, depth: 1, attempts: 0 },
    { bot: 'shop', script: 'on_delete', table_name: 'orders', event: 'delete', row: null, count: 1, depth: 1, attempts: 0 },
  ]);
  // One job per run once the change is stored, named by the run so a second enqueue is no second job.
  expect(jobs).toEqual([...runs.keys()].map((id) => ({ name: 'dialog.triggered', data: { run_id: id }, jobId: `trigger-${id}` })));
});

test('an update or delete that matched nothing, and a change of another table, record nothing; reads pass through', async () => {
  const { jobs, runs, tables } = setup();
  const t = tables(0);
  expect(await t.update('orders', byId('none'), { status: 'x' })).toBe(0);
  expect(await t.delete('orders', byId('none'))).toBe(0);
  await t.insert('stock', { id: 1 });
  expect(await t.find('stock', [])).toEqual([{ id: 1 }]);
  expect(await t.count('stock', [])).toBe(1);
  expect(runs.size).toBe(0);
  expect(jobs).toEqual([]);
});

test('a write that fails enqueues nothing: its runs went with it', async () => {
  const { jobs, runs, database, tables } = setup();
  database.failWrites = true;
  await expect(tables(0).insert('orders', { id: 'B1' })).rejects.toThrow('the transaction failed');
  database.failWrites = false;
  await tables(0).insert('stock', { id: 1 });
  expect(runs.size).toBe(0);
  expect(jobs).toEqual([]);
});

test(`a change made ${MAX_TRIGGER_DEPTH} handler runs deep records no further run, and says so`, async () => {
  const { runs, warnings, tables } = setup();
  await tables(MAX_TRIGGER_DEPTH - 1).insert('orders', { id: 1 });
  expect([...runs.values()].map((r) => r.depth)).toEqual([MAX_TRIGGER_DEPTH]);
  await tables(MAX_TRIGGER_DEPTH).insert('orders', { id: 2 });
  expect(runs.size).toBe(1);
  expect(warnings).toEqual([`table trigger not run: the change was made by a handler ${MAX_TRIGGER_DEPTH} runs deep`]);
});

test('the job runs the handler with the TRIGGER_ variables, then settles the run; a second job for it does nothing', async () => {
  const { ctx, jobs, runs, store, tables } = setup();
  await tables(0).insert('orders', { id: 'C1', item: 'desk' });
  const [job] = jobs;
  await runTriggeredScript(ctx, job!.data as { run_id: string });
  expect(await store.find('audit', [])).toEqual([{ operation: 'INSERT', tbl: 'orders', order_id: 'C1', item: 'desk', count: 1 }]);
  expect(runs.size).toBe(0);
  await runTriggeredScript(ctx, job!.data as { run_id: string });
  expect(await store.find('audit', [])).toHaveLength(1);
});

test('start-up enqueues every pending run in order; a run started too often is given up without running', async () => {
  const { ctx, jobs, runs, errors, store, tables } = setup();
  await tables(0).insert('orders', { id: 'D1' });
  await tables(0).insert('orders', { id: 'D2' });
  jobs.length = 0; // the process "stopped" before running them
  expect(await requeueTriggeredRuns(ctx)).toBe(2);
  expect(jobs.map((j) => j.data)).toEqual([...runs.keys()].map((id) => ({ run_id: id })));

  const [first, second] = [...runs.values()];
  first!.attempts = MAX_TRIGGER_RUN_STARTS; // this start is one too many
  await runTriggeredScript(ctx, { run_id: first!.id });
  expect(errors).toEqual([`ON INSERT OF "orders" run given up: started ${MAX_TRIGGER_RUN_STARTS} times without finishing`]);
  await runTriggeredScript(ctx, { run_id: second!.id });
  expect(await store.find('audit', [])).toEqual([{ operation: 'INSERT', tbl: 'orders', order_id: 'D2', item: null, count: 1 }]);
  expect(runs.size).toBe(0);
});
