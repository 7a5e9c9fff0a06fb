import ExcelJS from 'exceljs';
import Handlebars from 'handlebars';
import type { Value } from '../../../basic-interpreter/index.js';
import { valueAt } from './data-path.js';

type Cell = ExcelJS.Cell;
type Row = ExcelJS.Row;
type Worksheet = ExcelJS.Worksheet;

/** A cell that is one placeholder and nothing else: a number there stays a number. */
const ONE_PLACEHOLDER = /^\{\{\s*([\w.]+)\s*\}\}$/;
/** A section tag that spans rows: `{{#items}}` (or `{{^items}}`, for an empty list) in one row, `{{/items}}` in the same or a later one. */
const SECTION_OPEN = /\{\{([#^])\s*([\w.]+)\s*\}\}/;

/**
 * An Excel template (docs/basic.md, FILL): every text cell of every sheet filled like a text
 * template (Handlebars: `{{name}}`, `{{a.b}}`, sections inside one cell). A cell that is exactly
 * one placeholder of a number gets the number. A section whose `{{#items}}` and `{{/items}}` sit
 * in different cells repeats its rows, from the row of the opening tag to the row of the closing
 * one, once per item, with the rows' styles; inside, a name is looked up in the item, then in the
 * data. Formulas and merged cells below a repeated section are not moved (exceljs does not).
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
      row += repeatSection(sheet, row, section, data);
    }
  }
}

interface Section {
  name: string;
  inverted: boolean;
  /** The exact tag, removed from the template rows. */
  tag: string;
}

/** The first section tag of the row whose closing tag is not in the same cell. */
function openingTag(row: Row): Section | undefined {
  let found: Section | undefined;
  row.eachCell((cell) => {
    const match = found ? null : SECTION_OPEN.exec(withoutInnerSections(textOf(cell)));
    if (match) found = { name: match[2]!, inverted: match[1] === '^', tag: match[0] };
  });
  return found;
}

/** Repeats rows `first` … (the row closing the section) per item; answers how many rows they now take. */
function repeatSection(sheet: Worksheet, first: number, section: Section, data: Value): number {
  const last = closingRow(sheet, first, section);
  removeTag(sheet.getRow(first), section.tag, 'first');
  removeTag(sheet.getRow(last), closingTagIn(sheet.getRow(last), section), 'last');
  const height = last - first + 1;
  const templates = Array.from({ length: height }, (_, k) => snapshot(sheet.getRow(first + k)));
  const scopes = sectionScopes(valueAt(data, section.name), data, section.inverted);
  if (scopes.length === 0) {
    removeRows(sheet, first, height);
    return 0;
  }
  if (scopes.length > 1) sheet.spliceRows(last + 1, 0, ...Array.from({ length: height * (scopes.length - 1) }, () => []));
  scopes.forEach((scope, i) => {
    templates.forEach((template, k) => {
      const row = sheet.getRow(first + i * height + k);
      if (i > 0) restore(row, template);
      fillRow(sheet, row, scope);
    });
  });
  return height * scopes.length;
}

function closingRow(sheet: Worksheet, first: number, section: Section): number {
  for (let index = first; index <= sheet.rowCount; index += 1) {
    if (closingTagIn(sheet.getRow(index), section) !== '') return index;
  }
  throw new Error(`sheet "${sheet.name}": the section ${section.tag} of row ${first} is never closed with {{/${section.name}}}`);
}

/**
 * exceljs' spliceRows moves the rows below up but leaves behind the removed rows that nothing
 * moved onto (more rows removed than there are below them): those are emptied here.
 */
function removeRows(sheet: Worksheet, first: number, count: number): void {
  const end = sheet.rowCount;
  sheet.spliceRows(first, count);
  for (let index = Math.max(first, end - count + 1); index <= end; index += 1) sheet.getRow(index).values = [];
}

/** The section's closing tag as a row writes it (`{{/items}}`, `{{/ items }}`), or '' when the row does not close it. */
function closingTagIn(row: Row, section: Section): string {
  const closing = new RegExp(`\\{\\{/\\s*${section.name.replace(/\./g, '\\.')}\\s*\\}\\}`);
  let tag = '';
  row.eachCell((cell) => {
    tag ||= closing.exec(withoutInnerSections(textOf(cell)))?.[0] ?? '';
  });
  return tag;
}

/** Handlebars' meaning of a section's value: a list repeats, an object or true once, a false or empty value not at all. */
function sectionScopes(value: Value | undefined, data: Value, inverted: boolean): Value[] {
  const empty = value === undefined || value === null || value === false || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
  if (inverted) return empty ? [data] : [];
  if (empty) return [];
  if (Array.isArray(value)) return value.map((item) => within(data, item));
  return [typeof value === 'object' ? within(data, value) : data];
}

/** An item's scope: its members over the data's, so the data's other names still fill. */
function within(data: Value, item: Value): Value {
  const isObject = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(item) && isObject(data) ? { ...data, ...item } : item;
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

function isRichText(value: ExcelJS.CellValue): value is ExcelJS.CellRichTextValue {
  return typeof value === 'object' && value !== null && 'richText' in value && Array.isArray(value.richText);
}

function textOf(cell: Cell): string {
  const value = cell.value;
  if (typeof value === 'string') return value;
  return isRichText(value) ? value.richText.map((run) => run.text).join('') : '';
}

/** A cell's text without the sections that open and close inside it (those Handlebars fills). */
function withoutInnerSections(text: string): string {
  return text.replace(/\{\{[#^]\s*([\w.]+)\s*\}\}[\s\S]*?\{\{\/\s*\1\s*\}\}/g, '');
}

/** Removes a section tag from the row: its first (or last) appearance in a cell's text or rich-text run. */
function removeTag(row: Row, tag: string, which: 'first' | 'last'): void {
  const places: { cell: Cell; run?: number; text: string }[] = [];
  row.eachCell((cell) => {
    const value = cell.value;
    if (typeof value === 'string') places.push({ cell, text: value });
    else if (isRichText(value)) value.richText.forEach((run, index) => places.push({ cell, run: index, text: run.text }));
  });
  const holding = places.filter((place) => place.text.includes(tag));
  const place = which === 'first' ? holding[0] : holding[holding.length - 1];
  if (place === undefined) return;
  const at = which === 'first' ? place.text.indexOf(tag) : place.text.lastIndexOf(tag);
  const text = place.text.slice(0, at) + place.text.slice(at + tag.length);
  const value = place.cell.value;
  if (place.run === undefined) place.cell.value = text;
  else if (isRichText(value)) place.cell.value = { richText: value.richText.map((run, index) => (index === place.run ? { ...run, text } : run)) };
}

interface RowSnapshot {
  height: number | undefined;
  cells: { column: number; value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> }[];
}

function snapshot(row: Row): RowSnapshot {
  const cells: RowSnapshot['cells'] = [];
  row.eachCell({ includeEmpty: true }, (cell, column) => cells.push({ column, value: structuredClone(cell.value), style: { ...cell.style } }));
  return { height: row.height, cells };
}

function restore(row: Row, template: RowSnapshot): void {
  if (template.height !== undefined) row.height = template.height;
  for (const { column, value, style } of template.cells) {
    const cell = row.getCell(column);
    cell.value = structuredClone(value);
    cell.style = { ...style };
  }
}
