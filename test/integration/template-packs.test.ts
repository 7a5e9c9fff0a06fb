import { createBotDataRepo } from '../../db/index.js';
import { EngineHarness, inbound, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

/**
 * Two template packs of different domains, written as General Bots' published packs write them
 * (a `tables.bas` of TABLE blocks, dialogs, a job), loaded as the server loads a package and run
 * through the engine (docs/basic.md, "Table definitions"): the tables are defined in the store
 * FIND and INSERT use, a dialog is run through, and the job it schedules fires.
 */
const CRM = {
  tables: `' CRM tables
TABLE leads
    id UUID PRIMARY KEY DEFAULT uuid_generate_v4()
    name VARCHAR(100) NOT NULL
    email VARCHAR(255) UNIQUE NOT NULL
    lead_status VARCHAR(50) DEFAULT 'new'
    score INTEGER DEFAULT 0
    created_at TIMESTAMP DEFAULT NOW()
END TABLE

CREATE INDEX idx_leads_status ON leads(lead_status)`,
  start: `TALK "Your name?"
name = HEAR
TALK "Your email?"
email = HEAR AS EMAIL
INSERT INTO "leads" WITH name = name, email = email
lead = FIND "leads" WHERE email = email FIRST
SEND MESSAGE "Lead " & lead.name & " is " & lead.lead_status & " with score " & lead.score
SET SCHEDULE DATEADD(NOW(), -1, "minute"), "score-leads.bas"`,
  'score-leads': `# score every new lead
FOR EACH lead IN FIND "leads" WHERE lead_status = "new" DO
    rating = SCORE LEAD lead
    UPDATE "leads" SET score = rating.score, lead_status = "qualified" WHERE id = lead.id
NEXT`,
};

const ERP = {
  tables: `TABLE items
    id UUID PRIMARY KEY DEFAULT gen_random_uuid()
    item_code VARCHAR(50) UNIQUE NOT NULL
    name VARCHAR(255) NOT NULL
    unit_of_measure VARCHAR(20) DEFAULT 'EACH'
    minimum_stock_level INTEGER DEFAULT 5
    quantity_on_hand DECIMAL(15,3) DEFAULT 0
    is_active BOOLEAN DEFAULT TRUE
END TABLE`,
  start: `PARAM code AS STRING DEFAULT "SKU-1"
TALK "Item name?"
item_name = HEAR
INSERT "items", {item_code: code, name: item_name, quantity_on_hand: 2}
SET SCHEDULE DATEADD(NOW(), -1, "minute"), "reorder.bas"
TALK "Saved " & item_name`,
  reorder: `low = FIND "items" WHERE is_active = TRUE ORDER BY quantity_on_hand LIMIT 10
FOR EACH item IN low
    IF item.quantity_on_hand < item.minimum_stock_level THEN
        INSERT "purchase_requests", {item_code: item.item_code, quantity: item.minimum_stock_level - item.quantity_on_hand}
    END IF
NEXT`,
};

let harness: EngineHarness;
let running: RunningEngine;
const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'crm', scripts: CRM, asPackage: true });
  await harness.addBot({ name: 'erp', scripts: ERP, asPackage: true });
  running = await harness.startEngine({ adapters: [new TestAdapter('web')] });
});
afterAll(() => harness.close());

test('CRM pack: the lead dialog stores a row the TABLE completes; the scheduled scoring job updates it', async () => {
  expect(texts(await running.engine.receive(inbound('crm', 'hi', { customer: 'crm-1' })))).toEqual(['Your name?']);
  expect(texts(await running.engine.receive(inbound('crm', 'Ana Lima', { customer: 'crm-1' })))).toEqual(['Your email?']);
  expect(texts(await running.engine.receive(inbound('crm', 'Ana@Example.com', { customer: 'crm-1' })))).toEqual(['Lead Ana Lima is new with score 0']);
  const leads = createBotDataRepo(harness.database.db).tables(harness.bots.get('crm')!.id);
  await waitFor(async () => (await leads.find('leads', [{ field: 'lead_status', op: '=', value: 'qualified' }])).length === 1, { what: 'the scoring job', timeoutMs: 10000 });
  const [lead] = await leads.find('leads', []);
  expect(lead).toMatchObject({ name: 'Ana Lima', email: 'ana@example.com', score: 20, lead_status: 'qualified', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
});

test('ERP pack: the item dialog stores a completed item; the scheduled reorder job requests the missing stock', async () => {
  expect(texts(await running.engine.receive(inbound('erp', 'hi', { customer: 'erp-1' })))).toEqual(['Item name?']);
  expect(texts(await running.engine.receive(inbound('erp', 'Bolt M6', { customer: 'erp-1' })))).toEqual(['Saved Bolt M6']);
  const tables = createBotDataRepo(harness.database.db).tables(harness.bots.get('erp')!.id);
  expect(await tables.find('items', [])).toEqual([expect.objectContaining({ item_code: 'SKU-1', name: 'Bolt M6', unit_of_measure: 'EACH', minimum_stock_level: 5, is_active: true })]);
  await waitFor(async () => (await tables.count('purchase_requests', [])) === 1, { what: 'the reorder job', timeoutMs: 10000 });
  expect(await tables.find('purchase_requests', [])).toEqual([{ item_code: 'SKU-1', quantity: 3 }]);
});

test('a duplicate key from a dialog is refused by the definition, naming the table and column', async () => {
  await running.engine.receive(inbound('crm', 'hi', { customer: 'crm-2' }));
  await running.engine.receive(inbound('crm', 'Other Ana', { customer: 'crm-2' }));
  const outcome = await running.engine.receive(inbound('crm', 'ana@example.com', { customer: 'crm-2' }));
  expect(texts(outcome)).toEqual([]);
  const leads = createBotDataRepo(harness.database.db).tables(harness.bots.get('crm')!.id);
  expect(await leads.count('leads', [])).toBe(1);
});
