import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import PizZip from 'pizzip';

/**
 * Small real Word, Excel and PDF templates for FILL's tests, built with the libraries the filler
 * reads them with, and the readers of what comes back.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A paragraph of one run, a paragraph of several runs (`{runs}`, as Word splits text it formats), or (an array) a table row of one-run cells. */
export type DocxBlock = string | { runs: string[] } | string[];

/** A .docx whose body is the given paragraphs and table rows (consecutive rows form one table). */
export function buildDocx(blocks: DocxBlock[]): Buffer {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const paragraph = (text: string | { runs: string[] }) => `<w:p>${typeof text === 'string' ? run(text) : text.runs.map(run).join('')}</w:p>`;
  let body = '';
  let table = '';
  for (const block of [...blocks, '']) {
    if (Array.isArray(block)) {
      table += `<w:tr>${block.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`;
      continue;
    }
    if (table !== '') body += `<w:tbl>${table}</w:tbl>`;
    table = '';
    if (block !== '') body += paragraph(block);
  }
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`);
  return zip.generate({ type: 'nodebuffer' });
}

/** The text of each paragraph of a .docx body, in order (table cells included). */
export function docxParagraphs(bytes: Buffer): string[] {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) =>
    [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, text]) => unescapeXml(text ?? '')).join(''));
}

/** A .xlsx of one sheet "Order" from rows of cell values (a `{bold}` cell is a string in bold). */
export async function buildXlsx(rows: (string | number | { bold: string } | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Order');
  rows.forEach((cells, r) => cells.forEach((value, c) => {
    if (value === null) return;
    const cell = sheet.getCell(r + 1, c + 1);
    if (typeof value === 'object') {
      cell.value = value.bold;
      cell.font = { bold: true };
    } else {
      cell.value = value;
    }
  }));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a .xlsx as rows of cell values, and each cell's boldness. */
export async function readXlsx(bytes: Buffer): Promise<{ values: ExcelJS.CellValue[][]; bold: boolean[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const values: ExcelJS.CellValue[][] = [];
  const bold: boolean[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    values.push(Array.from({ length: row.cellCount }, (_, c) => row.getCell(c + 1).value));
    bold.push(Array.from({ length: row.cellCount }, (_, c) => row.getCell(c + 1).font?.bold === true));
  }
  return { values, bold };
}

/** A one-page PDF form: text fields `name` and `person.city`, check box `agree`, dropdown `plan`, radio group `size`. */
export async function buildPdfForm(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 400]);
  const form = pdf.getForm();
  form.createTextField('name').addToPage(page, { x: 20, y: 340, width: 200, height: 20 });
  form.createTextField('person.city').addToPage(page, { x: 20, y: 300, width: 200, height: 20 });
  form.createCheckBox('agree').addToPage(page, { x: 20, y: 260, width: 15, height: 15 });
  const plan = form.createDropdown('plan');
  plan.addOptions(['basic', 'pro']);
  plan.addToPage(page, { x: 20, y: 220, width: 100, height: 20 });
  const size = form.createRadioGroup('size');
  size.addOptionToPage('S', page, { x: 20, y: 180, width: 15, height: 15 });
  size.addOptionToPage('L', page, { x: 50, y: 180, width: 15, height: 15 });
  return Buffer.from(await pdf.save());
}

/** A PDF with a page of text and no form. */
export async function buildPlainPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText('no form here', { x: 10, y: 100 });
  return Buffer.from(await pdf.save());
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
