import { PDFDocument } from 'pdf-lib';
import {
  createInMemoryBotData, createInMemoryFileStore, createStandardHost, loadScript, startDialog, type FileStore,
} from '../../basic-interpreter/index.js';
import { fillDocument } from '../../script-host/index.js';
import { buildDocx, buildPdfForm, buildPlainPdf, buildXlsx, docxParagraphs, readXlsx } from '../support/office-templates.js';

/**
 * FILL of Word, Excel and PDF templates (docs/basic.md, FILL): real templates in the bot's drive,
 * filled by a script run through the standard host with the engine's document filler, read back
 * with the libraries that wrote them.
 */

async function runScript(source: string, drive: Record<string, Buffer>): Promise<{ lines: string[]; error?: string; files: FileStore }> {
  const files = createInMemoryFileStore();
  for (const [path, bytes] of Object.entries(drive)) await files.write(path, bytes);
  const data = createInMemoryBotData();
  const host = createStandardHost({
    tables: data.tables('bot'), botMemory: data.botMemory('bot'), userMemory: data.userMemory('bot', 'user'),
    files, fillDocument, http: async () => null, conversation: async () => null,
  });
  const loaded = loadScript(source, 'fill.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const result = await startDialog({ host, library: { get: (name) => (name === 'fill' ? loaded.script : undefined) }, entry: 'fill', now: () => new Date('2026-03-10T12:00:00Z') });
  const lines = result.outputs.map((o) => o.text);
  return { lines, files, ...(result.status === 'error' ? { error: result.error.message } : {}) };
}

async function driveFile(files: FileStore, path: string): Promise<Buffer> {
  const bytes = await files.read(path);
  if (bytes === undefined) throw new Error(`no ${path} in the drive`);
  return bytes;
}

const ORDER = 'data = #{customer: #{name: "Acme Corp"}, items: [#{name: "Widget", qty: 10}, #{name: "Gadget", qty: 5}], total: 549.85}';

describe('FILL of a Word template', () => {
  const template = buildDocx([
    'Order for {{customer.name}}',
    '{{#items}}',
    '- {{qty}} x {{name}} for {{customer.name}}',
    '{{/items}}',
    ['{{#items}}{{name}}', '{{qty}}{{/items}}'],
    'Total: {{total}}{{missing}}',
  ]);

  test('fills placeholders, paths and loops (paragraphs and table rows) and writes the file to TO', async () => {
    const { lines, error, files } = await runScript([
      ORDER,
      'result = FILL "templates/order.docx", data TO "orders/order-123.docx"',
      'TALK result.path & " " & result.name & " " & result.type & " " & result.content_type',
      'TALK result.size',
    ].join('\n'), { 'templates/order.docx': template });
    expect(error).toBeUndefined();
    expect(lines[0]).toBe('orders/order-123.docx order-123.docx file application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const written = await driveFile(files, 'orders/order-123.docx');
    expect(lines[1]).toBe(String(written.length));
    expect(docxParagraphs(written)).toEqual([
      'Order for Acme Corp',
      '- 10 x Widget for Acme Corp',
      '- 5 x Gadget for Acme Corp',
      'Widget', '10', 'Gadget', '5',
      'Total: 549.85',
    ]);
  });

  test('without TO answers the file value, which WRITE stores byte for byte', async () => {
    const { lines, error, files } = await runScript([
      ORDER,
      'doc = FILL "templates/order.docx", data',
      'IF doc.path = NULL THEN WRITE "copy.docx", doc',
      'TALK doc.base64',
    ].join('\n'), { 'templates/order.docx': template });
    expect(error).toBeUndefined();
    const copy = await driveFile(files, 'copy.docx');
    expect(copy.toString('base64')).toBe(lines[0]);
    expect(docxParagraphs(copy)[0]).toBe('Order for Acme Corp');
    expect(await files.list('orders')).toEqual([]);
  });

  test('a placeholder Word split into runs is still filled', async () => {
    const { error, files } = await runScript('FILL "t.docx", #{name: "Ana"} TO "o.docx"', { 't.docx': buildDocx([{ runs: ['Dear {{na', 'me}},'] }]) });
    expect(error).toBeUndefined();
    expect(docxParagraphs(await driveFile(files, 'o.docx'))).toEqual(['Dear Ana,']);
  });

  test('an inverted section shows for an empty list', async () => {
    const { error, files } = await runScript('FILL "t.docx", #{items: []} TO "o.docx"', { 't.docx': buildDocx(['{{#items}}{{name}}{{/items}}{{^items}}No items{{/items}}']) });
    expect(error).toBeUndefined();
    expect(docxParagraphs(await driveFile(files, 'o.docx'))).toEqual(['No items']);
  });

  test('a loop that is never closed stops the script with the tag named', async () => {
    const { error } = await runScript('FILL "t.docx", #{items: []}', { 't.docx': buildDocx(['{{#items}}', 'x']) });
    expect(error).toMatch(/FILL: the template "t\.docx" cannot be filled: .*items/);
  });

  test('a file that is not a Word document is a clear error', async () => {
    const { error } = await runScript('FILL "t.docx", #{}', { 't.docx': Buffer.from('plain text') });
    expect(error).toContain('FILL: the template "t.docx" cannot be filled: it is not a Word (.docx) file');
  });
});

describe('FILL of an Excel template', () => {
  test('fills every text cell, keeps a number a number and repeats the rows of a section per item', async () => {
    const template = await buildXlsx([
      ['Order for {{customer.name}}', null],
      ['Product', 'Qty'],
      [{ bold: '{{#items}}{{name}}' }, '{{qty}}{{/items}}'],
      ['Total', '{{total}}'],
      ['{{#tags}}{{.}};{{/tags}}', '{{total}} EUR'],
    ]);
    const { error, files } = await runScript([
      ORDER.replace('total: 549.85}', 'total: 549.85, tags: ["a", "b"]}'),
      'FILL "templates/order.xlsx", data TO "orders/order.xlsx"',
    ].join('\n'), { 'templates/order.xlsx': template });
    expect(error).toBeUndefined();
    const { values, bold } = await readXlsx(await driveFile(files, 'orders/order.xlsx'));
    expect(values).toEqual([
      ['Order for Acme Corp'],
      ['Product', 'Qty'],
      ['Widget', 10],
      ['Gadget', 5],
      ['Total', 549.85],
      ['a;b;', '549.85 EUR'],
    ]);
    expect(bold.map((row) => row[0])).toEqual([false, false, true, true, false, false]);
  });

  test('an empty list removes the section rows and shows an inverted section\'s', async () => {
    const template = await buildXlsx([['Items'], ['{{#items}}{{name}}{{/items}}', null], ['{{#items}}', null], ['{{name}}'], ['{{/items}}'], ['{{^items}}none', '{{/items}}'], ['end']]);
    const { error, files } = await runScript('FILL "t.xlsx", #{items: []} TO "out.xlsx"', { 't.xlsx': template });
    expect(error).toBeUndefined();
    expect((await readXlsx(await driveFile(files, 'out.xlsx'))).values).toEqual([['Items'], [''], ['none', ''], ['end']]);
  });

  test('a section over several rows repeats them all', async () => {
    const template = await buildXlsx([['{{#items}}Name', '{{name}}'], ['Qty', '{{qty}}{{/items}}'], ['end']]);
    const { error, files } = await runScript(`${ORDER}\nFILL "t.xlsx", data TO "out.xlsx"`, { 't.xlsx': template });
    expect(error).toBeUndefined();
    expect((await readXlsx(await driveFile(files, 'out.xlsx'))).values).toEqual([['Name', 'Widget'], ['Qty', 10], ['Name', 'Gadget'], ['Qty', 5], ['end']]);
  });

  test('a section that is never closed names its sheet and row', async () => {
    const template = await buildXlsx([['title'], ['{{#items}}{{name}}', '{{qty}}']]);
    const { error } = await runScript('FILL "t.xlsx", #{items: []}', { 't.xlsx': template });
    expect(error).toContain('FILL: the template "t.xlsx" cannot be filled: sheet "Order": the section {{#items}} of row 2 is never closed with {{/items}}');
  });
});

describe('FILL of a PDF form', () => {
  test('fills text, check box, dropdown and radio fields named by the data (paths too)', async () => {
    const { lines, error, files } = await runScript([
      'form = FILL "forms/signup.pdf", #{name: "Jo Silva", person: #{city: "Lisboa"}, agree: TRUE, plan: "pro", size: "L"} TO "out/signup.pdf"',
      'TALK form.content_type & " " & form.name',
    ].join('\n'), { 'forms/signup.pdf': await buildPdfForm() });
    expect(error).toBeUndefined();
    expect(lines).toEqual(['application/pdf signup.pdf']);
    const form = (await PDFDocument.load(await driveFile(files, 'out/signup.pdf'))).getForm();
    expect(form.getTextField('name').getText()).toBe('Jo Silva');
    expect(form.getTextField('person.city').getText()).toBe('Lisboa');
    expect(form.getCheckBox('agree').isChecked()).toBe(true);
    expect(form.getDropdown('plan').getSelected()).toEqual(['pro']);
    expect(form.getRadioGroup('size').getSelected()).toBe('L');
  });

  test('with _flatten the fields become page content', async () => {
    const { error, files } = await runScript('FILL "f.pdf", #{name: "Jo", _flatten: TRUE} TO "out.pdf"', { 'f.pdf': await buildPdfForm() });
    expect(error).toBeUndefined();
    const pdf = await PDFDocument.load(await driveFile(files, 'out.pdf'));
    expect(pdf.getForm().getFields()).toHaveLength(0);
    expect(pdf.getPageCount()).toBe(1);
  });

  test('text outside the form font\'s character set stops the script instead of drawing garbage', async () => {
    const { error } = await runScript('FILL "f.pdf", #{name: "李"}', { 'f.pdf': await buildPdfForm() });
    expect(error).toContain('FILL: the template "f.pdf" cannot be filled: ');
    expect(error).toContain('cannot encode');
  });

  test('a PDF without form fields stops the script', async () => {
    const { error } = await runScript('FILL "plain.pdf", #{name: "Jo"}', { 'plain.pdf': await buildPlainPdf() });
    expect(error).toContain('FILL: the template "plain.pdf" cannot be filled: the PDF has no form fields to fill');
  });

  test('a value that is not one of a radio group\'s options names the field', async () => {
    const { error } = await runScript('FILL "f.pdf", #{size: "XL"}', { 'f.pdf': await buildPdfForm() });
    expect(error).toContain('FILL: the template "f.pdf" cannot be filled: field "size": "XL" is not one of its options (S, L)');
  });
});

test('a host without a document filler fills text templates only', async () => {
  const files = createInMemoryFileStore();
  await files.write('t.docx', buildDocx(['{{name}}']));
  const data = createInMemoryBotData();
  const host = createStandardHost({ tables: data.tables('b'), botMemory: data.botMemory('b'), userMemory: data.userMemory('b', 'u'), files, http: async () => null, conversation: async () => null });
  await expect(host.perform({ type: 'file.fill', template: 't.docx', data: {}, file: 'x.bas', line: 1 })).rejects.toThrow('not available: FILL of "t.docx" (this host fills text templates only)');
});

test('a template that is missing from the drive is named', async () => {
  const { error } = await runScript('FILL "nothere.xlsx", #{}', {});
  expect(error).toContain('FILL: no file "nothere.xlsx" in the bot\'s drive');
});
