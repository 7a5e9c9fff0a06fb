import { eq } from 'drizzle-orm';
import { createBotDataRepo, newRowId, type TableChangeRecorder, type TriggerRunWrite } from '../../db/index.js';
import { tableTriggerRuns } from '../../db/schema/index.js';
import { EngineHarness, inbound, waitFor } from '../support/engine-kit.js';

// ON INSERT/UPDATE/DELETE OF handler runs are kept in the database with the change that calls for
// them (docs/basic.md, "Event handlers"): a change never commits without its runs, and a run
// survives a process that stops before it ran. On the embedded database and in-process jobs, and
// with DATABASE_URL / REDIS_URL on PostgreSQL and BullMQ.

const SHOP = {
  name: 'shop',
  scripts: {
    start: 'SAVE "orders", {id: "ORD-" & first_message, item: first_message}\nTALK "saved"',
    orders_insert: 'ON INSERT OF "orders"\nSAVE "audit", {order_id: TRIGGER_ROW_ID, item: TRIGGER_ROW.item, operation: TRIGGER_OPERATION}',
  },
};

let harness: EngineHarness;
let botId: string;
const data = () => createBotDataRepo(harness.database.db);
const pendingRuns = () => harness.database.db.select().from(tableTriggerRuns).where(eq(tableTriggerRuns.bot_id, botId));

beforeAll(async () => {
  harness = await EngineHarness.open();
  botId = (await harness.addBot(SHOP)).id;
});
afterAll(() => harness.close());

test('a pending handler run survives a stop before it ran: the next start runs it once and settles it', async () => {
  // An instance whose jobs never run (no handlers registered), stopped after the turn: its job is gone.
  const stopped = await harness.startEngine({ start: false });
  const outcome = await stopped.engine.receive(inbound('shop', 'lamp', { customer: 'c-1' }));
  expect(outcome.status === 'processed' && outcome.replies.map((r) => r.text)).toEqual(['saved']);
  await stopped.stop();
  expect(await pendingRuns()).toEqual([expect.objectContaining({
    script: 'orders_insert', table_name: 'orders', event: 'insert', row: { id: 'ORD-lamp', item: 'lamp' }, count: 1, depth: 1, attempts: 0,
  })]);
  expect(await data().tables(botId).find('audit', [])).toEqual([]);

  const next = await harness.startEngine();
  await waitFor(async () => (await pendingRuns()).length === 0, 'the pending run to be run and settled');
  expect(await data().tables(botId).find('audit', [])).toEqual([{ order_id: 'ORD-lamp', item: 'lamp', operation: 'INSERT' }]);
  await next.stop();
});

test('a running instance runs the handler right after the change, leaving nothing pending', async () => {
  const running = await harness.startEngine();
  await running.engine.receive(inbound('shop', 'desk', { customer: 'c-2' }));
  await waitFor(async () => (await pendingRuns()).length === 0, 'the run to be settled');
  expect(await data().tables(botId).find('audit', [{ field: 'order_id', op: '=', value: 'ORD-desk' }]))
    .toEqual([{ order_id: 'ORD-desk', item: 'desk', operation: 'INSERT' }]);
  await running.stop();
});

test('the change and its runs are one transaction: when a run cannot be written, neither is the change', async () => {
  const run = (table: string, script: string): TriggerRunWrite => ({ id: newRowId(), script, table_name: table, event: 'insert', row: null, count: 1, depth: 1 });
  const recorder = (script: string): TableChangeRecorder => ({ watches: () => true, runsFor: (change) => [run(change.table, script)] });
  const broken = data().tables(botId, recorder(null as unknown as string)); // NOT NULL: the run's insert fails
  await expect(broken.insert('stock', { id: 'S1' })).rejects.toThrow();
  await expect(broken.update('orders', [{ field: 'id', op: '=', value: 'ORD-lamp' }], { status: 'paid' })).rejects.toThrow();
  expect(await data().tables(botId).find('stock', [])).toEqual([]);
  expect(await data().tables(botId).find('orders', [{ field: 'status', op: '=', value: 'paid' }])).toEqual([]);

  const working = data().tables(botId, recorder('stock_insert'));
  await working.insert('stock', { id: 'S1' });
  expect(await data().tables(botId).find('stock', [])).toEqual([{ id: 'S1' }]);
  expect((await pendingRuns()).map((r) => r.script)).toEqual(['stock_insert']);
  // An update that matched no row is no change: nothing is recorded with it.
  expect(await working.update('stock', [{ field: 'id', op: '=', value: 'none' }], { n: 1 })).toBe(0);
  expect(await pendingRuns()).toHaveLength(1);
  await harness.database.db.delete(tableTriggerRuns).where(eq(tableTriggerRuns.bot_id, botId));
});
