import {
  applyTableDefinitions, createInMemoryBotData, createStandardHost, defineTables, gatherTableDefinitions, loadScript, resumeDialog, startDialog, tablesOf,
  type CompiledScript, type TableStore, type TurnResult,
} from '../../basic-interpreter/index.js';

/**
 * The forms General Bots' published templates write (docs/basic.md, "Compatibility"), run with the
 * meaning the reference gives them: table definitions over the same in-memory store FIND and
 * INSERT use, the SQL-ish query forms, the statement spellings and the expression syntax.
 */
const NOW = new Date('2026-03-10T12:00:00Z');

function compile(source: string, name = 'example'): CompiledScript {
  const loaded = loadScript(source, `${name}.bas`);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.script;
}

/** Runs `source` over `tables` with `answers` to its HEARs; the TALK lines, or `= error …` last. */
async function run(source: string, tables: TableStore, answers: string[] = [], session = new Map<string, unknown>()): Promise<string[]> {
  const data = createInMemoryBotData();
  const host = createStandardHost({
    tables, botMemory: data.botMemory('bot'), userMemory: data.userMemory('bot', 'user'),
    http: async () => null,
    async conversation(effect) {
      if (effect.type === 'session.set') session.set(effect.key, effect.value);
      if (effect.type === 'session.get') return (session.get(effect.key) ?? null) as never;
      return null;
    },
  });
  const script = compile(source);
  const base = { host, library: { get: (name: string) => (name === 'example' ? script : undefined) }, now: () => NOW };
  const lines: string[] = [];
  let result: TurnResult = await startDialog({ ...base, entry: 'example' });
  for (;;) {
    lines.push(...result.outputs.map((o) => o.text));
    if (result.status === 'error') return [...lines, `= error ${result.error.message}`];
    const answer = answers.shift();
    if (result.status !== 'waiting' || answer === undefined) return lines;
    result = await resumeDialog({ ...base, state: result.state, input: answer });
  }
}

const TABLES = `
TABLE leads
    id UUID PRIMARY KEY DEFAULT uuid_generate_v4()
    email VARCHAR(50) UNIQUE NOT NULL
    name VARCHAR(10)
    status VARCHAR(20) DEFAULT 'new' ' every lead starts new
    score INTEGER DEFAULT 0
    created_at TIMESTAMP DEFAULT NOW()
    full_name VARCHAR(255) GENERATED ALWAYS AS
        (first_name || ' ' || last_name) STORED
    UNIQUE(email, name)
END TABLE

CREATE INDEX idx_leads_status ON leads(status)
`;

function definedStore(): { raw: TableStore; tables: TableStore } {
  const raw = createInMemoryBotData().tables('bot');
  const { definitions, problems } = gatherTableDefinitions([{ file: 'tables.bas', ...tablesOf(compile(TABLES, 'tables')) }]);
  expect(problems).toEqual([]);
  return { raw, tables: defineTables(raw, definitions, () => NOW) };
}

describe('TABLE definitions', () => {
  test('rows added get their defaults and a fresh key; FIND sees them in the same store', async () => {
    const { raw, tables } = definedStore();
    const lines = await run('INSERT "leads", {email: "ana@example.com", name: "Ana"}\nrow = FIND "leads" WHERE email = "ana@example.com" FIRST\nTALK row.status & " " & row.score & " " & row.created_at\nTALK LEN(row.id)', tables);
    expect(lines).toEqual(['new 0 2026-03-10T12:00:00.000Z', '36']);
    expect(await raw.count('leads', [])).toBe(1);
  });

  test('NOT NULL, lengths and UNIQUE refuse a row, naming the table and column', async () => {
    const { tables } = definedStore();
    expect((await run('INSERT "leads", {name: "Ana"}', tables)).at(-1)).toContain('leads.email needs a value (it is NOT NULL in TABLE leads)');
    expect((await run('INSERT "leads", {email: "a@b.c", name: "Maximilian Jr"}', tables)).at(-1)).toContain('leads.name holds at most 10 characters, got 13');
    await run('INSERT "leads", {email: "a@b.c", name: "A"}', tables);
    expect((await run('INSERT "leads", {email: "a@b.c", name: "B"}', tables)).at(-1)).toContain('leads already has a row with email = a@b.c (UNIQUE in TABLE leads)');
  });

  test('applying the definitions fills stored rows without a value, once; the report says what changed', async () => {
    const { raw } = definedStore();
    await raw.insert('leads', { email: 'old@example.com' });
    const { definitions } = gatherTableDefinitions([{ file: 'tables.bas', ...tablesOf(compile(TABLES, 'tables')) }]);
    const first = await applyTableDefinitions(raw, definitions, () => NOW);
    expect(first).toEqual([{ table: 'leads', columns: 7, rows: 1, filled: { status: 1, score: 1, created_at: 1 } }]);
    expect(await raw.find('leads', [])).toEqual([{ email: 'old@example.com', status: 'new', score: 0, created_at: '2026-03-10T12:00:00.000Z' }]);
    expect(await applyTableDefinitions(raw, definitions, () => NOW)).toEqual([{ table: 'leads', columns: 7, rows: 1, filled: {} }]);
  });

  test('what cannot be read is refused with the line and how to write it', () => {
    const loaded = loadScript('TABLE t\n    id UUID PRIMARY KEY\n    total DECIMAL(10,2) DEFAULT someday\n    note TEXT SOMETIMES\nEND TABLE', 'tables.bas');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors[0]).toContain('tables.bas:3:5: cannot read the DEFAULT of "total"');
    expect(loaded.errors[1]).toContain('tables.bas:4:5: unknown "SOMETIMES" in the column "note"');
    expect(gatherTableDefinitions([{ file: 'a.bas', tables: [], indexes: tablesOf(compile('CREATE INDEX i ON nowhere(x)')).indexes }]).problems)
      .toEqual(['CREATE INDEX i: no TABLE nowhere is defined']);
  });
});

describe('query forms', () => {
  const seed = async (): Promise<TableStore> => {
    const tables = createInMemoryBotData().tables('bot');
    for (const [name, total, city] of [['Ana', 30, 'Lisbon'], ['Rui', 5, 'Porto'], ['Eva', 12, 'Lisbon'], ["O'Neil", 7, 'Lisbon AND Porto']] as const) {
      await tables.insert('orders', { name, total, city });
    }
    return tables;
  };

  test('FIND … WHERE column = value AND … ORDER BY … DESC LIMIT n, and FIRST', async () => {
    const tables = await seed();
    const source = 'city = "Lisbon"\nrows = FIND "orders" WHERE city = city AND total > 6 ORDER BY total DESC LIMIT 5\nFOR EACH r IN rows DO\n  TALK r.name\nNEXT\n'
      + 'odd = FIND "orders" WHERE name = "O\'Neil" AND city = "Lisbon AND Porto" FIRST\nTALK odd.total\nrui = FIND "orders", "name", "Rui"\nTALK rui[0].city';
    expect(await run(source, tables)).toEqual(['Ana', 'Eva', '7', 'Porto']);
  });

  test('UPDATE … SET … WHERE, DELETE … WHERE, INSERT INTO … WITH, SAVE … WITH', async () => {
    const tables = await seed();
    await run('UPDATE "orders" SET total = 0, city = "Faro" WHERE name = "Rui"\nDELETE "orders" WHERE total >= 12\nINSERT INTO "orders" WITH name = "Zé", total = 1\nSAVE "orders" WITH name AS "Lia", total AS 2', tables);
    expect((await tables.find('orders', [])).map((r) => `${String(r.name)}:${String(r.total)}:${String(r.city ?? '')}`))
      .toEqual(['Rui:0:Faro', "O'Neil:7:Lisbon AND Porto", 'Zé:1:', 'Lia:2:']);
  });

  test('WHERE with OR is refused with the line and a suggestion', () => {
    const loaded = loadScript('x = 1\nrows = FIND "t" WHERE a = 1 OR b = 2', 'q.bas');
    expect(loaded.ok ? [] : loaded.errors[0]).toContain('q.bas:2:23: WHERE joins conditions with AND only');
  });
});

describe('statement spellings and expression syntax', () => {
  test('x = HEAR, FOR EACH … DO, # and // comments, &&, ||, !, ?., method calls, .length, CONTAINS', async () => {
    const source = [
      '# a comment', '// another', 'name = HEAR', 'age = HEAR AS INTEGER',
      'IF name != "" && !(age < 18) || FALSE THEN', '  TALK name.trim().toUpperCase() & " " & name.length', 'END IF',
      'items = []', 'items.push("a")', 'items.push("b")', 'FOR EACH i IN items DO', '  TALK i', 'NEXT',
      'IF name CONTAINS "an" THEN TALK "yes"', 'TALK missing?.field', 'n = 0', 'WHILE n < 2', '  n = n + 1', 'END WHILE', 'TALK n',
    ].join('\n');
    expect(await run(source, createInMemoryBotData().tables('bot'), [' Ana ', '40'])).toEqual(['ANA 5', 'a', 'b', 'yes', '', '2']);
  });

  test('underscore spellings, SET "session.key", PARAM … DEFAULT, RETURN WITH, SET HEADER … =', async () => {
    const session = new Map<string, unknown>();
    const source = 'PARAM days AS INTEGER DEFAULT 30\nSET_BOT_MEMORY "k", "v"\nTALK GET BOT MEMORY("k")\nSET "session.lead", days\nSET HEADER "Accept" = "application/json"\nRETURN WITH ok AS TRUE';
    expect(await run(source, createInMemoryBotData().tables('bot'), [], session)).toEqual(['v']);
    expect(session.get('lead')).toBe(30);
  });

  test('a keyword this product does not have names itself and why, at its line', async () => {
    expect(await run('x = 1\npicture = GET IMAGE "a cat"', createInMemoryBotData().tables('bot')))
      .toEqual(['= error example.bas:2: not available: GET IMAGE (there is no image generator) (line 2)']);
  });
});

describe('the templates\' further spellings, run', () => {
  const seed = async (): Promise<TableStore> => {
    const tables = createInMemoryBotData().tables('bot');
    for (const [id, name, city] of [[1, 'Ana', 'Lisbon'], [2, 'Rui', 'Porto']] as const) await tables.insert('orders', { id, name, city });
    await tables.insert('products', { name: 'Blue chair', price: 40 });
    await tables.insert('products', { name: 'Red table', price: 90 });
    return tables;
  };
  const rows = async (tables: TableStore): Promise<string[]> =>
    (await tables.find('orders', [])).map((r) => `${String(r.name)}:${String(r.city)}:${String(r.stage ?? '')}`);

  test('single-quoted text, strings over lines, IF(c, a, b), a keyword as a variable, REMEMBER k = v, SET x, v', async () => {
    const source = [
      `TALK '"' + "quoted" + '"'`, 'mail = "Dear,', 'the code is " + 42 + "', 'bye"', 'TALK mail',
      'TALK "it is " + IF(1 > 2, "big", "small")', 'post = {title: "T"}', 'TALK post.title',
      'REMEMBER "po_" + 7 = "kept"', 'TALK RECALL "po_7"', 'SET role, "admin"', 'TALK role',
    ].join('\n');
    expect(await run(source, createInMemoryBotData().tables('bot'))).toEqual(['"quoted"', 'Dear,\nthe code is 42\nbye', 'it is small', 'T', 'kept', 'admin']);
  });

  test('UPDATE … WITH … WHERE, UPDATE "t", filter, variables, SET "t", filter, "field=value", QUERY "SELECT …", INSERT INTO "t", a, b, DELETE FROM', async () => {
    const tables = await seed();
    const source = [
      'UPDATE "orders" WITH city AS "Faro" WHERE id = 1', 'stage = "won"', 'city = "Braga"', 'UPDATE "orders", "id=2", stage, city', 'SET "orders", "id=" + 1, "stage=lost"',
      'r = QUERY "SELECT name FROM orders WHERE city = \'Faro\'"', 'TALK r[0].name',
      'id = 3', 'name = "Eva"', 'INSERT INTO "orders.csv", id, name, "Porto"', 'DELETE FROM "orders" WHERE id = 1',
    ].join('\n');
    expect(await run(source, tables)).toEqual(['Ana']);
    expect(await rows(tables)).toEqual(['Rui:Braga:won', 'Eva:undefined:']);
    expect((await tables.find('orders', [])).at(-1)).toMatchObject({ id: 3, name: 'Eva', field3: 'Porto' });
    expect((await run('r = QUERY "SELECT * FROM a JOIN b"', tables)).at(-1)).toContain('QUERY reads only SELECT columns FROM table [WHERE a = x AND …]');
  });

  test('JSON PARSE, MAX, PUSH, FORMAT (x) AS, SEARCH PRODUCTS, FOR x IN, WHILE … DO, case as a name, HEAR AS "a", *', async () => {
    const source = [
      'o = JSON PARSE "{""n"": 2}"', 'TALK MAX o.n, 5', 'list = []', 'PUSH list, "a"', 'TALK COUNT(list)', 'TALK FORMAT (1234.5 - 0.5) AS "#,##0"',
      'found = SEARCH PRODUCTS "chair", 5', 'FOR p IN found DO', '  TALK p.name', 'END FOR', 'n = 0', 'WHILE n < 2 DO', '  n = n + 1', 'END WHILE',
      'FOR EACH case IN [{s: "open"}]', '  TALK case.s', 'NEXT', 'HEAR item AS "done", *', 'TALK item',
    ].join('\n');
    expect(await run(source, await seed(), ['anything'])).toEqual(['5', '1', '1,234', 'Blue chair', 'open', 'anything']);
  });
});
