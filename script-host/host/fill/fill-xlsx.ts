import ExcelJS from 'exceljs';
import Handlebars from 'handlebars';
import type { Value } from '../../../basic-interpreter/index.js';
import { valueAt } from './data-path.js';
import { isRichText, openingTag, repeatSection } from './xlsx-sections.js';

type Cell = ExcelJS.Cell;
type Row = ExcelJS.Row;
type Worksheet = ExcelJS.Worksheet;

/** A cell that is one placeholder and nothing else: a number there stays a number. */
const ONE_PLACEHOLDER = /^\{\{\s*([\w.]+)\s*\}\}$/;

/**
 * An Excel template (docs/basic.md, FILL): every text cell of every sheet filled like a text
 * template (Handlebars: `{{name}}`, `{{a.b}}`, sections inside one cell). A cell that is exactly
 * one placeholder of a number gets the number. Sections over rows repeat them per item
 * (xlsx-sections.ts); formulas and merged cells below a repeated section are not moved (exceljs
 * does not).
 */
export async function fillXlsx(bytes: Buffer, data: Value): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer; under Node it reads a Buffer as well.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new Error('it is not an Excel (.xlsx) file', { cause: error });
  }
  for (const sheet of workbook.worksheets) fillSheet(sheet, data);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function fillSheet(sheet: Worksheet, data: Value): void {
  let row = 1;
  while (row <= sheet.rowCount) {
    const section = openingTag(sheet.getRow(row));
    if (section === undefined) {
      fillRow(sheet, sheet.getRow(row), data);
      row += 1;
    } else {
      row += repeatSection(sheet, row, section, data, (each, scope) => fillRow(sheet, each, scope));
    }
  }
}

function fillRow(sheet: Worksheet, row: Row, scope: Value): void {
  row.eachCell((cell) => {
    try {
      fillCell(cell, scope);
    } catch (error) {
      throw new Error(`sheet "${sheet.name}", cell ${cell.address}: ${(error as Error).message}`, { cause: error });
    }
  });
}

function fillCell(cell: Cell, scope: Value): void {
  const value = cell.value;
  if (typeof value === 'string') {
    if (value.includes('{{')) cell.value = render(value, scope, true);
  } else if (isRichText(value)) {
    cell.value = { richText: value.richText.map((run) => (run.text.includes('{{') ? { ...run, text: String(render(run.text, scope, false)) } : run)) };
  }
}

function render(text: string, scope: Value, keepNumber: boolean): string | number {
  const one = keepNumber ? ONE_PLACEHOLDER.exec(text) : null;
  const value = one ? valueAt(scope, one[1]!) : undefined;
  if (typeof value === 'number') return value;
  return Handlebars.compile(text, { noEscape: true })(scope);
}
