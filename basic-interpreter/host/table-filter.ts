import type { ObjectValue, Value } from '../values.js';

/**
 * The filter text of FIND, UPDATE and DELETE (`"age>=18 AND city=Lisbon"`), parsed once into
 * conditions that every table store evaluates the same way: in memory here (`matchesConditions`),
 * in SQL in db/bot-data-repo.ts. The contract tests hold the two to the same results.
 *
 * Grammar: `condition (AND condition)*`, where a condition is `column op value`, `op` one of
 * `= <> > < >= <=` (`!=` is read as `<>`), AND is case-insensitive, and the value is either
 * quoted (`'New York'`, `"a AND b"`; a doubled quote stands for itself) or everything up to the
 * next ` AND ` (trimmed, so `city=New York` works). An empty filter matches every row. Column
 * names are identifiers and are case-insensitive (stores keep columns lower-case).
 *
 * Comparison rule: when the stored value is numeric (a JSON number, or a string that is a plain
 * decimal number such as `"18"`, `"-2.5"`, `"1e3"`) and the filter value is numeric too, they
 * compare as numbers (double precision, as everywhere in the language). Otherwise both compare as text, case-insensitively (lower-cased, then by
 * code point) — for `=`/`<>` and for the ordering operators alike. A missing or NULL column reads
 * as `""`, booleans as `true`/`false`; a column holding an array or object matches no condition.
 */

export type ComparisonOp = '=' | '<>' | '>' | '<' | '>=' | '<=';

/** One `column op value` of a filter; `field` is lower-case, `value` is the text as written (unquoted). */
export interface Condition {
  field: string;
  op: ComparisonOp;
  value: string;
}

/** A filter a script author wrote that cannot be read; the message says what to fix. */
export class TableFilterError extends Error {
  override readonly name = 'TableFilterError';
}

/** Column names a filter may name; also what keeps field names out of SQL text. */
export const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What counts as a numeric string, shared with the SQL store (POSIX regex syntax, no `\d`). No
 * spaces, hex or `Infinity`; exponents of at most two digits and {@link NUMERIC_TEXT_MAX_LENGTH}
 * characters keep every such string a finite double and a safe `::numeric` cast.
 */
export const NUMERIC_TEXT_PATTERN = '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$';
export const NUMERIC_TEXT_MAX_LENGTH = 64;
const NUMERIC_TEXT = new RegExp(NUMERIC_TEXT_PATTERN);

/** The number a string stands for under the comparison rule, or undefined. */
export function numericText(text: string): number | undefined {
  return text.length <= NUMERIC_TEXT_MAX_LENGTH && NUMERIC_TEXT.test(text) ? Number(text) : undefined;
}

// Longest first, so `>=` is not read as `>`.
const OPERATORS = ['>=', '<=', '<>', '!=', '=', '>', '<'] as const;
const COMPARISON_OPS: readonly string[] = ['=', '<>', '>', '<', '>=', '<='] satisfies ComparisonOp[];
const AND_AHEAD = /^\s+AND(\s+|$)/i;
const SPACE = /\s/;

/** Parses a filter; throws {@link TableFilterError} with a message meant for the script's author. */
export function parseTableFilter(filter: string): Condition[] {
  function fail(what: string, at: number): never {
    throw new TableFilterError(`Filter "${filter}": ${what} (at character ${at + 1})`);
  }
  const conditions: Condition[] = [];
  let i = skipSpace(filter, 0);
  if (i === filter.length) return conditions;
  for (;;) {
    const field = /^[A-Za-z_][A-Za-z0-9_]*/.exec(filter.slice(i))?.[0];
    if (!field) fail('expected a column name, like name=Ana', i);
    i = skipSpace(filter, i + field.length);
    const op = OPERATORS.find((o) => filter.startsWith(o, i));
    if (!op) fail(`expected =, <>, >, <, >= or <= after "${field}"`, i);
    i += op.length;
    let value: string;
    const quote = filter[skipSpace(filter, i)];
    if (quote === '"' || quote === "'") {
      const open = skipSpace(filter, i);
      [value, i] = readQuoted(filter, open + 1, quote) ?? fail(`the value has no closing ${quote}`, open);
      i = skipSpace(filter, i);
    } else {
      const start = i;
      while (i < filter.length && !AND_AHEAD.test(filter.slice(i))) i += 1;
      value = filter.slice(start, i).trim();
      if (/\sOR\s/i.test(value)) fail('OR is not supported; put quotes around a value that contains OR', start);
    }
    conditions.push({ field: field.toLowerCase(), op: op === '!=' ? '<>' : op, value });
    if (i === filter.length) return conditions;
    const and = AND_AHEAD.exec(filter.slice(i)) ?? /^AND(\s+|$)/i.exec(filter.slice(i));
    if (!and) fail('expected AND between conditions; put quotes around a value with spaces', i);
    i += and[0].length;
    if (i === filter.length) fail('expected a condition after AND', i);
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && SPACE.test(text[i]!)) i += 1;
  return i;
}

/** The text up to the closing quote (a doubled quote is one quote character) and the index after it. */
function readQuoted(text: string, i: number, quote: string): [string, number] | undefined {
  let value = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c !== quote) {
      value += c;
      i += 1;
    } else if (text[i + 1] === quote) {
      value += quote;
      i += 2;
    } else {
      return [value, i + 1];
    }
  }
  return undefined;
}

/**
 * Throws {@link TableFilterError} for conditions no parse could produce (a bad column name or
 * operator): stores call it so hand-built conditions fail the same way in memory and in SQL.
 */
export function checkConditions(conditions: readonly Condition[]): void {
  for (const c of conditions) {
    if (!COLUMN_NAME.test(c.field) || !COMPARISON_OPS.includes(c.op)) {
      throw new TableFilterError(`Invalid condition on column "${c.field}" with operator "${c.op}"`);
    }
  }
}

/** True when the row satisfies every condition (the in-memory side of the comparison rule). */
export function matchesConditions(row: ObjectValue, conditions: readonly Condition[]): boolean {
  return conditions.every((c) => matchesCondition(Object.hasOwn(row, c.field) ? (row[c.field] ?? null) : null, c));
}

function matchesCondition(stored: Value, condition: Condition): boolean {
  if (typeof stored === 'object' && stored !== null) return false;
  const filterNumber = numericText(condition.value);
  const storedNumber = typeof stored === 'number' ? stored : typeof stored === 'string' ? numericText(stored) : undefined;
  if (filterNumber !== undefined && storedNumber !== undefined) return holds(storedNumber - filterNumber, condition.op);
  const text = stored === null ? '' : String(stored);
  return holds(compareCodePoints(text.toLowerCase(), condition.value.toLowerCase()), condition.op);
}

function holds(order: number, op: ComparisonOp): boolean {
  switch (op) {
    case '=': return order === 0;
    case '<>': return order !== 0;
    case '>': return order > 0;
    case '<': return order < 0;
    case '>=': return order >= 0;
    case '<=': return order <= 0;
  }
}

/** Orders strings by Unicode code point, as PostgreSQL's "C" collation does on UTF-8 text. */
function compareCodePoints(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return (p.done ? 0 : 1) - (q.done ? 0 : 1);
    const d = p.value.codePointAt(0)! - q.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}
