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

test('the ai/ packs\' workflow and event forms are refused at their line, as written, with what to write instead', () => {
  const errors = (source: string) => {
    const loaded = loadScript(source, 'flow.bas');
    return loaded.ok ? [] : loaded.errors.map((e) => e.split('\n')[0]);
  };
  expect(errors('TALK 1\nSTEP 1: BOT "fraud-detector" "analyze transaction"')).toEqual([
    'flow.bas:2:1: unknown statement "STEP": the workflow language (STEP n: BOT …, PARALLEL, BRANCH) is not read here: CALL each script in turn, '
      + 'ADD BOT "name" WITH TRIGGER "words" to hand messages to another bot, PUBLISH EVENT to tell others',
  ]);
  expect(errors('  BRANCH A: BOT "x" "y"')[0]).toMatch(/^flow\.bas:1:3: unknown statement "BRANCH A": the workflow language/);
  expect(errors('x = 1\n\nWAIT FOR EVENT "approval_received" TIMEOUT 3600')).toEqual([
    'flow.bas:3:1: unknown statement "WAIT FOR EVENT": there are no events to wait for here: WAIT seconds, or HEAR the answer',
  ]);
  expect(errors('ON EVENT "approval_received" DO\nTALK 1')[0]).toMatch(/^flow\.bas:1:1: unknown statement "ON EVENT": there are no ON EVENT handlers here: PUBLISH EVENT/);
});
