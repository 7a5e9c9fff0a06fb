import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createBotDataRepo, createBotsRepo } from '../../db/index.js';
import { tableTriggerRuns } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// ON INSERT/UPDATE/DELETE OF "table" (docs/basic.md, "Event handlers"): a script declaring it runs,
// as a job of its own, after another script changed that table of the bot; its pending run is kept
// in the database until it has run. Through the real service, on its embedded database.

const SHOP = 'shop';
const START = [
  'HEAR item',
  'SAVE "orders", {id: "ORD-" & item, item: item, status: "new"}',
  'TALK "saved " & item',
  'HEAR other',
  'UPDATE "orders", "id=ORD-" & item, {status: "paid"}',
  'DELETE "orders", "id=ORD-" & item',
  'TALK "done"',
  '',
].join('\n');

const HANDLERS: Record<string, string> = {
  // The documented file name for a handler is <table>_<event>.bas; any name works.
  'orders_insert.bas': [
    'ON INSERT OF "orders"',
    'SAVE "audit", {operation: TRIGGER_OPERATION, tbl: TRIGGER_TABLE, order_id: TRIGGER_ROW_ID, item: TRIGGER_ROW.item}',
    'SET BOT MEMORY "last_order", TRIGGER_ROW.item',
    '',
  ].join('\n'),
  'orders_changes.bas': [
    'ON UPDATE OF "orders"',
    'ON DELETE OF "orders"',
    'SAVE "audit", {operation: TRIGGER_OPERATION, tbl: TRIGGER_TABLE, count: TRIGGER_COUNT, status: NVL(TRIGGER_ROW, {}).status}',
    '',
  ].join('\n'),
};

let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-triggers-');
  await bots.add(SHOP, {}, START);
  for (const [file, source] of Object.entries(HANDLERS)) await writeFile(path.join(bots.dir, `${SHOP}.gbai`, `${SHOP}.gbdialog`, file), source);
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

test('a SAVE in a conversation runs the ON INSERT OF handler; UPDATE and DELETE run the ON UPDATE/DELETE OF one', async () => {
  const { id } = await createBotsRepo(service.database.db).ensure(SHOP);
  const data = createBotDataRepo(service.database.db);
  const audit = () => data.tables(id).find('audit', []);
  const pending = () => service.database.db.select().from(tableTriggerRuns).where(eq(tableTriggerRuns.bot_id, id));

  const first = await sayOnWeb(service.url, SHOP, 'hi');
  const saved = await sayOnWeb(service.url, SHOP, 'lamp', first.session_token);
  expect(saved.replies.map((r) => r.text)).toEqual(['saved lamp']);
  await waitFor(async () => (await data.botMemory(id).get('last_order')) === 'lamp', 'the ON INSERT OF handler to run');
  expect(await audit()).toEqual([{ operation: 'INSERT', tbl: 'orders', order_id: 'ORD-lamp', item: 'lamp' }]);

  const done = await sayOnWeb(service.url, SHOP, 'go on', first.session_token);
  expect(done.replies.map((r) => r.text)).toEqual(['done']);
  await waitFor(async () => (await audit()).length === 3, 'the ON UPDATE OF and ON DELETE OF runs');
  const changes = (await audit()).slice(1).sort((a, b) => String(a.operation).localeCompare(String(b.operation)));
  expect(changes).toEqual([
    { operation: 'DELETE', tbl: 'orders', count: 1, status: null },
    { operation: 'UPDATE', tbl: 'orders', count: 1, status: 'paid' },
  ]);
  await waitFor(async () => (await pending()).length === 0, 'every run settled');
  // bots/default.gbai seeds orders of its own: only the conversation's order is gone.
  expect(await data.tables(id).find('orders', [{ field: 'id', op: '=', value: 'ORD-lamp' }])).toEqual([]);
});
