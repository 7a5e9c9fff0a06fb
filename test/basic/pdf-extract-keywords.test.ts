import {
  createInMemoryBotData, createInMemoryFileStore, createStandardHost, defineTables, gatherTableDefinitions, loadScript, startDialog, tablesOf,
  type CompiledScript, type ConversationEffect, type FileStore, type TableStore, type Value,
} from '../../basic-interpreter/index.js';
import { pdfMaker } from '../../script-host/index.js';
import { pdfPageImages, pdfPageTexts } from '../support/pdf-text.js';

/**
 * GENERATE PDF, MERGE PDF and SAVE FROM UNSTRUCTURED as the published templates and the book write
 * them (docs/basic.md, "GENERATE PDF and MERGE PDF", "SAVE FROM UNSTRUCTURED"), run on an
 * in-memory drive and tables with the script host's PDF maker.
 */
function compile(source: string, name = 'example'): CompiledScript {
  const loaded = loadScript(source, `${name}.bas`);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.script;
}

const LEADS = 'TABLE leads\n  id UUID PRIMARY KEY DEFAULT uuid_generate_v4()\n  name VARCHAR(100) NOT NULL\n  email VARCHAR(255)\n  budget NUMBER\nEND TABLE';

type ReadRequest = Omit<Extract<ConversationEffect, { type: 'unstructured.read' }>, 'file' | 'line'>;

/** Runs `source` to its end; its TALK lines (`= error …` on an error), what it asked the bot's model to read, its drive and tables. */
async function run(source: string, options: { files?: FileStore; tables?: TableStore; model?: (request: ReadRequest) => Value; links?: boolean } = {}) {
  const files = options.files ?? createInMemoryFileStore();
  const tables = options.tables ?? createInMemoryBotData().tables('bot');
  const asked: ReadRequest[] = [];
  const host = createStandardHost({
    tables, botMemory: createInMemoryBotData().botMemory('bot'), userMemory: createInMemoryBotData().userMemory('bot', 'u'), http: async () => null,
    files, pdf: pdfMaker, ...(options.links ? { links: (path: string) => `https://sb.test/api/drive/files/bot/${path}?signature=x` } : {}),
    async conversation(effect: ConversationEffect) {
      if (effect.type !== 'unstructured.read') throw new Error(`unexpected ${effect.type}`);
      const { file: _file, line: _line, ...request } = effect;
      asked.push(request);
      return options.model?.(request) ?? null;
    },
  });
  const script = compile(source);
  const result = await startDialog({ host, library: { get: (name: string) => (name === 'example' ? script : undefined) }, entry: 'example', now: () => new Date('2026-11-29T10:00:00Z') });
  const lines = result.outputs.map((o) => o.text);
  return { lines: result.status === 'error' ? [...lines, `= error ${result.error.message}`] : lines, asked, files, tables };
}

/** How a host's error on line 1 ends the dialog. */
const failed = (message: string) => `= error example.bas:1: ${message} (line 1)`;

async function drive(entries: Record<string, string | Uint8Array>): Promise<FileStore> {
  const files = createInMemoryFileStore();
  for (const [path, content] of Object.entries(entries)) await files.write(path, Buffer.from(content as never));
  return files;
}

const INVOICE_HTML = '<h1>Invoice {{invoice_number}}</h1><p>Customer: {{customer_name}}</p><table><tr><th>Item</th><th>Qty</th></tr>{{#each items}}<tr><td>{{this.name}}</td><td>{{this.qty}}</td></tr>{{/each}}</table>';

describe('GENERATE PDF', () => {
  test('template, data, path: the filled template is written as a PDF; the result has the reference\'s url and localName', async () => {
    const files = await drive({ 'templates/invoice.html': INVOICE_HTML });
    const { lines } = await run([
      'data = #{"invoice_number": "INV-7", "customer_name": "Ana <Souza>", "items": [#{"name": "Kettle", "qty": 2}, #{"name": "Mug", "qty": 5}]}',
      'result = GENERATE PDF "templates/invoice.html", data, "invoices/inv-7.pdf"',
      'TALK result.localName + " " + result.pages + " " + result.content_type',
      'TALK result.url',
    ].join('\n'), { files, links: true });
    expect(lines).toEqual(['invoices/inv-7.pdf 1 application/pdf', 'https://sb.test/api/drive/files/bot/invoices/inv-7.pdf?signature=x']);
    const texts = await pdfPageTexts((await files.read('invoices/inv-7.pdf'))!);
    expect(texts[0]!.split('\n')).toEqual(['Invoice INV-7', 'Customer: Ana <Souza>', 'Item', 'Qty', 'Kettle', '2', 'Mug', '5']);
  });

  test('the templates\' form, path WITH TEMPLATE "name" DATA data, finds the named template under templates/; a Markdown one too', async () => {
    const files = await drive({ 'templates/analytics_report.md': '# {{title}}\n\nVisits: {{visits}}\n' });
    const { lines } = await run([
      'report_data = #{"title": "November", "visits": 1200}',
      'filename = "reports/nov.pdf"',
      'GENERATE PDF filename WITH TEMPLATE "analytics_report" DATA report_data',
      'TALK "done"',
    ].join('\n'), { files });
    expect(lines).toEqual(['done']);
    expect((await pdfPageTexts((await files.read('reports/nov.pdf'))!))[0]).toBe('November\nVisits: 1200');
  });

  test('template TO path has no data; GENERATE_PDF is the same keyword; without a file store link the url is NULL', async () => {
    const files = await drive({ 'temp/report.md': 'Plain **report**' });
    const { lines } = await run('r = GENERATE_PDF "temp/report.md", NULL, "temp/a.pdf"\nGENERATE PDF "temp/report.md" TO "temp/b.pdf"\nTALK ISNULL(r.url)', { files });
    expect(lines).toEqual(['true']);
    expect(await pdfPageTexts((await files.read('temp/b.pdf'))!)).toEqual(['Plain report']);
  });

  test('an image the template shows by path is read from the drive, beside the template', async () => {
    const logo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const files = await drive({ 'templates/letter.html': '<img src="img/logo.png"><img src="/brand/mark.png"><p>{{who}}</p>', 'templates/img/logo.png': logo, 'brand/mark.png': logo });
    await run('GENERATE PDF "templates/letter.html", #{who: "Ana"}, "out/letter.pdf"', { files });
    expect((await pdfPageImages((await files.read('out/letter.pdf'))!))[0]).toHaveLength(2);
  });

  test('a missing template, another kind of file and the reference\'s WITH name = value form stop the script with the way to write it', async () => {
    const files = await drive({ 'templates/x.docx': 'PK' });
    expect((await run('GENERATE PDF "templates/none.html", #{}, "a.pdf"', { files })).lines).toEqual([failed('GENERATE PDF: no template "templates/none.html" in the bot\'s drive')]);
    expect((await run('GENERATE PDF "invoice", #{}, "a.pdf"', { files })).lines[0]).toContain('no template "invoice.html" or "templates/invoice.html" or "invoice.md" or "templates/invoice.md"');
    expect((await run('GENERATE PDF "templates/x.docx", #{}, "a.pdf"', { files })).lines).toEqual([failed('GENERATE PDF: "templates/x.docx" is not a template it lays out (.html, .md or .txt)')]);
    const { lines } = await run('GENERATE PDF "templates/invoice.html" TO "a.pdf" WITH\n    customer = "John Doe",\n    amount = 150', { files });
    expect(lines).toEqual([failed('GENERATE PDF … WITH name = value is not read here: give the data as an object, GENERATE PDF "templates/x.html", #{name: value}, "out.pdf"')]);
  });
});

describe('MERGE PDF', () => {
  test('the list\'s PDFs, by path or by GENERATE PDF\'s result, merge in order; a missing one is named', async () => {
    const files = await drive({ 'templates/cover.html': '<h1>{{title}}</h1>', 'docs/terms.md': 'Terms apply' });
    const { lines } = await run([
      'cover = GENERATE PDF "templates/cover.html", #{"title": "Proposal"}, "temp/cover.pdf"',
      'GENERATE PDF "docs/terms.md" TO "docs/terms.pdf"',
      'result = MERGE PDF [cover, "docs/terms.pdf", cover.localName], "packages/p.pdf"',
      'TALK result.localName + " " + result.pages',
    ].join('\n'), { files });
    expect(lines).toEqual(['packages/p.pdf 3']);
    expect(await pdfPageTexts((await files.read('packages/p.pdf'))!)).toEqual(['Proposal', 'Terms apply', 'Proposal']);
    expect((await run('MERGE PDF ["docs/terms.pdf", "gone.pdf"], "x.pdf"', { files })).lines).toEqual([failed('MERGE PDF: no file "gone.pdf" in the bot\'s drive')]);
  });
});

describe('SAVE FROM UNSTRUCTURED', () => {
  const defined = () => {
    const { definitions } = gatherTableDefinitions([{ file: 'tables.bas', ...tablesOf(compile(LEADS, 'tables')) }]);
    return defineTables(createInMemoryBotData().tables('bot'), definitions);
  };

  test('FORMAT x AS JSON (the templates\' form) and JSON text store the object as a row, with no model asked', async () => {
    const tables = defined();
    const { lines, asked } = await run([
      'lead = #{"name": "Ana", "email": "ana@x.test"}',
      'SAVE_FROM_UNSTRUCTURED "leads", FORMAT lead AS JSON',
      'row = SAVE FROM UNSTRUCTURED "leads", "{""name"": ""Bo"", ""budget"": 900}"',
      'TALK row.name',
    ].join('\n'), { tables });
    expect(lines).toEqual(['Bo']);
    expect(asked).toEqual([]);
    expect(await tables.find('leads', [])).toEqual([
      expect.objectContaining({ name: 'Ana', email: 'ana@x.test', id: expect.any(String) }),
      expect.objectContaining({ name: 'Bo', budget: 900 }),
    ]);
  });

  test('a list of objects adds a row each and answers the list; text that only starts with a bracket is free text', async () => {
    const tables = defined();
    const { lines, asked } = await run([
      'rows = SAVE FROM UNSTRUCTURED "leads", [#{"name": "Ana"}, #{"name": "Bo"}]',
      'TALK UBOUND(rows) + 1',
      'one = SAVE FROM UNSTRUCTURED "leads", "[urgent] Carla wants a quote"',
      'TALK one.name',
    ].join('\n'), { tables, model: () => ({ name: 'Carla' }) });
    expect(lines).toEqual(['2', 'Carla']);
    expect(asked).toHaveLength(1);
    expect((await tables.find('leads', [])).map((r) => r.name)).toEqual(['Ana', 'Bo', 'Carla']);
  });

  test('free text is read by the bot\'s model into the defined columns; keys the table lacks and NULLs are dropped', async () => {
    const tables = defined();
    const { lines, asked } = await run('row = SAVE FROM UNSTRUCTURED "leads", "Carla (carla@x.test) wants a quote, budget about 5000"\nTALK row.email', {
      tables, model: () => ({ name: 'Carla', email: 'carla@x.test', budget: 5000, mood: 'keen', id: null }),
    });
    expect(lines).toEqual(['carla@x.test']);
    // The model is given the table, its defined columns and the text (script-host/unstructured-row.ts words the request).
    expect(asked).toEqual([{
      type: 'unstructured.read', table: 'leads', text: 'Carla (carla@x.test) wants a quote, budget about 5000',
      columns: [{ name: 'id', type: 'uuid' }, { name: 'name', type: 'text' }, { name: 'email', type: 'text' }, { name: 'budget', type: 'number' }],
    }]);
    const [row] = await tables.find('leads', []);
    expect(row).toEqual({ id: expect.any(String), name: 'Carla', email: 'carla@x.test', budget: 5000 });
  });

  test('an answer that is not a JSON object, and the book\'s file-first order, stop the script saying why', async () => {
    const tables = defined();
    expect((await run('SAVE FROM UNSTRUCTURED "leads", "some words"', { tables, model: () => 'I cannot.' })).lines)
      .toEqual([failed('SAVE FROM UNSTRUCTURED: the model\'s answer is not a JSON object for the table "leads"')]);
    expect((await run('data = SAVE FROM UNSTRUCTURED "Uploads/inv.pdf", "invoices"', { tables })).lines)
      .toEqual([failed('SAVE FROM UNSTRUCTURED takes the table first: SAVE FROM UNSTRUCTURED "invoices", text (READ a drive file\'s text first)')]);
    expect(await tables.find('leads', [])).toEqual([]);
  });
});
