import {
  createInMemoryBotData, createStandardHost, loadScript, resumeDialog, startDialog, type CompiledScript, type ConversationEffect, type TableStore, type TurnResult, type Value,
} from '../../basic-interpreter/index.js';

/**
 * The templates' keywords whose meaning is logic (docs/basic.md, "Compatibility"): SEND MESSAGE,
 * PRODUCT, SET MAX LINES, TIMEOUT, SCORE LEAD, and what the interpreter hands the host for the
 * others (PUBLISH EVENT, ORCHESTRATE WORKFLOW, AI SCORE LEAD…). Their storage and services run in
 * test/integration/basic-template-keywords.test.ts.
 */
const NOW = new Date('2026-03-10T12:00:00Z');

function compile(source: string): CompiledScript {
  const loaded = loadScript(source, 'example.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.script;
}

/** Runs `source` on in-memory tables; the TALK lines (`= error …` last on an error) and the conversation effects asked for. */
async function run(source: string, options: { answers?: string[]; seed?: (tables: TableStore) => Promise<void>; reply?: (effect: ConversationEffect) => Value } = {}) {
  const data = createInMemoryBotData();
  const tables = data.tables('bot');
  await options.seed?.(tables);
  const asked: ConversationEffect[] = [];
  const host = createStandardHost({
    tables, botMemory: data.botMemory('bot'), userMemory: data.userMemory('bot', 'user'), http: async () => null,
    async conversation(effect) {
      asked.push(effect);
      return options.reply?.(effect) ?? null;
    },
  });
  const script = compile(source);
  const base = { host, library: { get: (name: string) => (name === 'example' ? script : undefined) }, now: () => NOW };
  const answers = [...(options.answers ?? [])];
  const lines: string[] = [];
  let result: TurnResult = await startDialog({ ...base, entry: 'example' });
  for (;;) {
    lines.push(...result.outputs.map((o) => o.text));
    if (result.status === 'error') return { lines: [...lines, `= error ${result.error.message}`], asked };
    const answer = answers.shift();
    if (result.status !== 'waiting' || answer === undefined) return { lines, asked };
    result = await resumeDialog({ ...base, state: JSON.parse(JSON.stringify(result.state)), input: answer });
  }
}

const strip = ({ file: _f, line: _l, ...rest }: ConversationEffect) => rest;

test('SEND MESSAGE is TALK', async () => {
  const { lines } = await run('to_agent = "Ana"\nSEND MESSAGE "I am transferring you to " + to_agent\nSEND MESSAGE "Bye"');
  expect(lines).toEqual(['I am transferring you to Ana', 'Bye']);
});

test('PRODUCT id is the row of the products table with that id, or NULL', async () => {
  const seed = async (tables: TableStore) => {
    await tables.insert('products', { id: 'P-1', name: 'Kettle', tax_code: '8516' });
    await tables.insert('products', { id: 'P-2', name: "Bob's mug" });
  };
  const { lines } = await run([
    'product = PRODUCT "P-2"', 'TALK product.name',
    'p = PRODUCT "P-1"', 'TALK p.tax_code',
    'missing = PRODUCT "P-9"', 'IF NOT missing THEN TALK "Product not found"',
  ].join('\n'), { seed });
  expect(lines).toEqual(["Bob's mug", '8516', 'Product not found']);
});

test('SET MAX LINES caps the rows FIND gives for the rest of the dialog, across a HEAR', async () => {
  const seed = async (tables: TableStore) => {
    for (let i = 1; i <= 5; i++) await tables.insert('contacts', { id: i, name: `c${i}` });
  };
  const { lines } = await run([
    'TALK COUNT(FIND "contacts", "")', 'SET MAX LINES 3', 'TALK COUNT(FIND "contacts", "")', 'HEAR x', 'TALK COUNT(FIND "contacts" WHERE id >= 1)',
    'SET MAX LINES 0',
  ].join('\n'), { seed, answers: ['go'] });
  expect(lines).toEqual(['5', '3', '3', '= error example.bas:6: SET MAX LINES needs a positive number of rows, got 0 (line 6)']);
});

test('TIMEOUT n ends the turn once it has run n seconds; a generous one changes nothing', async () => {
  const loop = 'i = 0\nDO WHILE i < 300000\n  i = i + 1\nLOOP\nTALK "done"';
  expect((await run(`TIMEOUT 60\n${loop}`)).lines).toEqual(['done']);
  const { lines } = await run(`TIMEOUT 0\n${loop}`);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^= error example\.bas:\d: script ran past its TIMEOUT 0 \(seconds\)/);
});

test('SCORE LEAD scores by the documented rule: contact, company, role and budget', async () => {
  const { lines } = await run([
    'lead = #{email: "ana@acme.com", phone: "+351912345678", company: "Acme", company_size: "Enterprise", title: "CTO", budget: 50000}',
    's = SCORE LEAD lead', 'TALK s.score & " " & s.grade & " " & s.status & " " & s.qualified',
    'TALK s.breakdown.contact & "/" & s.breakdown.company & "/" & s.breakdown.role & "/" & s.breakdown.budget',
    'w = SCORE LEAD #{email: "bob@gmail.com", title: "student"}', 'TALK w.score & " " & w.grade & " " & w.status',
    'n = SCORE LEAD NULL', 'TALK n.score & " " & n.grade',
  ].join('\n'));
  expect(lines).toEqual(['100 A hot true', '30/30/25/15', '15 F cold', '0 F']);
});

test('the keywords served by the host ask for it with their arguments', async () => {
  const { lines, asked } = await run([
    'r = "7d"',
    'PUBLISH EVENT "order_processed"', 'PUBLISH EVENT "paid", #{order: 42}', 'ORCHESTRATE WORKFLOW "order-processing"',
    's = ANALYZE SENTIMENT session_id, "I am furious"', 'a = AI SCORE LEAD #{email: "x@acme.com"}',
    'n = KB DOCUMENTS ADDED SINCE 7', 'c = KB COLLECTION STATS "faq"', 'REFRESH "data-analysis"',
    'm = QUERY METRICS "messages" FOR r BY "1d" OFFSET 1', 'BOT SHARE MEMORY "tips" WITH "helper"',
    'ALLOW ROLE "analyst"', 'SET ROLE "analyst"', 'ADD BOT "loans" WITH TRIGGER "loan, mortgage, empréstimo"',
    'TALK "ok"',
  ].join('\n'));
  expect(lines).toEqual(['ok']);
  expect(asked.map(strip)).toEqual([
    { type: 'event.publish', name: 'order_processed', data: null },
    { type: 'event.publish', name: 'paid', data: { order: 42 } },
    { type: 'event.publish', name: 'workflow_started', data: { workflow: 'order-processing' } },
    { type: 'sentiment', text: 'I am furious' },
    { type: 'lead.score', lead: { email: 'x@acme.com' }, rule: { score: 20, grade: 'D', status: 'cold', qualified: false, breakdown: { contact: 20, company: 0, role: 0, budget: 0 } } },
    { type: 'kb.stats', stat: 'added_since', days: 7 },
    { type: 'kb.stats', stat: 'collection', collection: 'faq' },
    { type: 'kb', action: 'refresh', name: 'data-analysis' },
    { type: 'metrics.query', metric: 'messages', range: '7d', interval: '1d', offset: 1 },
    { type: 'bot.memory.share', key: 'tips', bot: 'helper' },
    { type: 'role.allow', role: 'analyst' },
    { type: 'role.allow', role: 'analyst' },
    { type: 'bot.add', bot: 'loans', words: ['loan', 'mortgage', 'empréstimo'] },
  ]);
});

test('the workflow language: each STEP asks the host to run its bots with the task, and keeps the answer in step_<n>', async () => {
  const source = [
    'ORCHESTRATE WORKFLOW "order-processing"',
    'STEP 1: BOT "fraud-detector" "analyze transaction"  \' AI-powered fraud detection',
    '  \' Check stock levels and reserve items',
    'TALK step_1',
    'IF step_1 = "low risk" THEN',
    '  STEP 2: HUMAN APPROVAL FROM "security@store.com"',
    '    TIMEOUT 900  \' 15 minutes for high-risk orders',
    '    ON TIMEOUT: REJECT ORDER',
    'END IF',
    'STEP 5: PARALLEL',
    '  BRANCH A: BOT "shipping-optimizer" "select carrier"',
    '',
    '  \' the second branch',
    '  BRANCH b: BOT "inventory-updater" "update stock"',
    'END PARALLEL',
    'TALK step_5.A & " / " & step_5.B',
  ].join('\n');
  const reply = (effect: ConversationEffect): Value => {
    if (effect.type !== 'bot.run') return null;
    if (effect.branches.length === 1) return 'high risk';
    return Object.fromEntries(effect.branches.map((b) => [b.name, `${b.bot}: ${b.task}`]));
  };
  const { lines, asked } = await run(source, { reply });
  expect(lines).toEqual(['high risk', 'shipping-optimizer: select carrier / inventory-updater: update stock']);
  expect(asked.map(strip)).toEqual([
    { type: 'event.publish', name: 'workflow_started', data: { workflow: 'order-processing' } },
    { type: 'bot.run', step: 1, branches: [{ name: null, bot: 'fraud-detector', task: 'analyze transaction' }] },
    { type: 'bot.run', step: 5, branches: [{ name: 'A', bot: 'shipping-optimizer', task: 'select carrier' }, { name: 'B', bot: 'inventory-updater', task: 'update stock' }] },
  ]);
  expect(asked.map((e) => e.line)).toEqual([1, 2, 10]);
  // The approval step parses with its TIMEOUT and ON TIMEOUT lines, and stops the script at run time.
  const approval = await run('TALK "before"\nSTEP 3: HUMAN APPROVAL FROM "manager@company.com"\n  TIMEOUT 1800\n  ON TIMEOUT: ESCALATE TO "director@company.com"\nTALK "after"');
  expect(approval.lines).toEqual(['before', expect.stringMatching(/^= error example\.bas:2: not available: HUMAN APPROVAL \(there is no approval inbox/)]);
  // `step` and `branch` stay variable names.
  expect((await run('step = 2\nbranch = step * 3\nFOR i = 1 TO 4 STEP step\nTALK i\nNEXT\nTALK branch')).lines).toEqual(['1', '3', '6']);
});

test('the workflow language\'s other shapes, and the event forms, are refused at their line, as written, with what to write instead', () => {
  const errors = (source: string) => {
    const loaded = loadScript(source, 'flow.bas');
    return loaded.ok ? [] : loaded.errors.map((e) => e.split('\n')[0]);
  };
  expect(errors('TALK 1\nSTEP 1: BOT detector "analyze transaction"')).toEqual([
    'flow.bas:2:1: unknown statement "STEP": a workflow step is written STEP n: BOT "bot" "task", STEP n: PARALLEL with BRANCH A: BOT "bot" "task" lines '
      + 'up to END PARALLEL, or STEP n: HUMAN APPROVAL FROM "who" (the bot and the task as quoted text)',
  ]);
  expect(errors('  BRANCH A: BOT "x" "y"')[0]).toMatch(/^flow\.bas:1:3: unknown statement "BRANCH A": a workflow step is written/);
  expect(errors('STEP 2: PARALLEL\n  BRANCH A: BOT "x" "y"\n  TALK "no"\nEND PARALLEL')).toEqual([
    'flow.bas:3:1: only BRANCH lines go between PARALLEL and END PARALLEL: BRANCH A: BOT "bot" "task"',
  ]);
  expect(errors('STEP 2: PARALLEL\n  BRANCH A: BOT "x" "y"\nTALK 1')).toEqual(['flow.bas:1:1: PARALLEL without END PARALLEL']);
  expect(errors('x = 1\n\nWAIT FOR EVENT "approval_received" TIMEOUT 3600')).toEqual([
    'flow.bas:3:1: unknown statement "WAIT FOR EVENT": there are no events to wait for here: WAIT seconds, or HEAR the answer',
  ]);
  expect(errors('ON EVENT "approval_received" DO\nTALK 1')[0]).toMatch(/^flow\.bas:1:1: unknown statement "ON EVENT": there are no ON EVENT handlers here: PUBLISH EVENT/);
});
