import type ExcelJS from 'exceljs';
import type { Value } from '../../../basic-interpreter/index.js';
import { valueAt } from './data-path.js';

/**
 * The sections of an Excel template that span rows (docs/basic.md, FILL): `{{#items}}` in one
 * cell and `{{/items}}` in another, of the same row or a later one. The rows from the opening
 * tag's to the closing tag's repeat once per item, with their styles; `{{^items}}` rows show for
 * an empty list. Sections opened and closed inside one cell are not these: Handlebars fills them
 * with the cell.
 */

type Cell = ExcelJS.Cell;
type Row = ExcelJS.Row;
type Worksheet = ExcelJS.Worksheet;

/** How a row is filled in a scope (fill-xlsx.ts). */
export type FillRow = (row: Row, scope: Value) => void;

const SECTION_OPEN = /\{\{([#^])\s*([\w.]+)\s*\}\}/;

export interface Section {
  name: string;
  inverted: boolean;
  /** The exact tag, removed from the template rows. */
  tag: string;
}

/** The first section tag of the row whose closing tag is not in the same cell. */
export function openingTag(row: Row): Section | undefined {
  let found: Section | undefined;
  row.eachCell((cell) => {
    const match = found ? null : SECTION_OPEN.exec(withoutInnerSections(textOf(cell)));
    if (match) found = { name: match[2]!, inverted: match[1] === '^', tag: match[0] };
  });
  return found;
}

/** Repeats rows `first` … (the row closing the section) per item, filling each; answers how many rows they now take. */
export function repeatSection(sheet: Worksheet, first: number, section: Section, data: Value, fillRow: FillRow): number {
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
      fillRow(row, scope);
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

export function isRichText(value: ExcelJS.CellValue): value is ExcelJS.CellRichTextValue {
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
