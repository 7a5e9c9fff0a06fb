import { createBotDataRepo } from '../../db/index.js';
import { EngineHarness, inbound, TestAdapter, type RunningEngine } from '../support/engine-kit.js';

// The ai/ packs' workflow language run by the engine on the real database (docs/basic.md, "The
// workflow language"): a STEP's BOT runs that bot of the loaded packages with the task, on its own
// tables, and its answer is step_<n>; a PARALLEL runs its branches' bots and waits for all; a bot
// the server does not have stops the script at its line.

let harness: EngineHarness;
let running: RunningEngine;

const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];
async function say(bot: string, customer: string, text: string): Promise<string[]> {
  return texts(await running.engine.receive(inbound(bot, text, { customer })));
}

const ORDERS = [
  'ORCHESTRATE WORKFLOW "order-processing"',
  '',
  'STEP 1: BOT "fraud-detector" "analyze transaction"',
  '  \' AI-powered fraud detection',
  'TALK "fraud: " + step_1',
  '',
  'STEP 2: PARALLEL',
  '  BRANCH A: BOT "inventory-updater" "update stock"',
  '  BRANCH B: BOT "fraud-detector" "second look"',
  'END PARALLEL',
  'TALK step_2.A + " | " + step_2.B',
  'IF first_message = "ghost" THEN',
  '  STEP 3: BOT "notification-sender" "send confirmation"',
  'END IF',
  'TALK "order done"',
].join('\n');

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'orders', scripts: { start: ORDERS } });
  // Two small bots of the package: one answers from its task, one takes the task at its HEAR and writes its own table.
  await harness.addBot({ name: 'fraud-detector', asPackage: true, scripts: { start: 'TALK "checked (" + task + ")"\nTALK "score 0.1"\n' } });
  await harness.addBot({
    name: 'inventory-updater', asPackage: true,
    scripts: { start: 'HEAR job\nINSERT "moves", #{job: job, step: workflow_step}\nTALK "stock " + job\n' },
  });
  running = await harness.startEngine({ adapters: [new TestAdapter('web')] });
});
afterAll(async () => {
  await harness.close();
});

test('STEP n: BOT runs that bot\'s dialog with the task and keeps what it said; PARALLEL runs both branches and waits for them', async () => {
  expect(await say('orders', 'ana', 'new order')).toEqual([
    'fraud: checked (analyze transaction)\nscore 0.1',
    'stock update stock | checked (second look)\nscore 0.1',
    'order done',
  ]);
  // The step's bot ran on its own tables.
  const inventory = harness.bots.get('inventory-updater')!;
  const moves = await createBotDataRepo(harness.database.db).tables(inventory.id).find('moves', []);
  expect(moves.map((m) => [m.job, m.step])).toEqual([['update stock', 2]]);
});

test('a STEP whose bot the server does not have stops the script there', async () => {
  const said = await say('orders', 'bo', 'ghost');
  // Up to the step of the missing bot; "order done" never comes.
  expect(said).toEqual([
    'fraud: checked (analyze transaction)\nscore 0.1',
    'stock update stock | checked (second look)\nscore 0.1',
  ]);
});
