import type { Value } from './values.js';

/**
 * The language's conversions, in one place so operators, functions and TALK agree.
 * They follow VB where it is defined: numbers print in shortest form, "" and 0 are false.
 */

/** Text of a value as TALK and `&` show it: numbers shortest (3, not 3.0), objects and arrays as JSON, NULL as "". */
export function toText(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

/** A number from a value, or NaN: "12.5" → 12.5, TRUE → 1, NULL and "" → 0. */
export function toNumber(value: Value): number {
  if (value === null) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? 0 : Number(trimmed);
  }
  return Number.NaN;
}

/** Truthiness for IF/WHILE/AND/OR/NOT: NULL, FALSE, 0, "", "false" and [] are false; other arrays and objects are true. */
export function isTruthy(value: Value): boolean {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '' && value.toLowerCase() !== 'false';
  // An empty list is false: `rows = FIND …` then `IF rows THEN` (General Bots scripts test so).
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** True when a string looks like a number, so "10" = 10 compares numerically. */
function numericString(value: string): boolean {
  return value.trim() !== '' && Number.isFinite(Number(value));
}

/**
 * `=`: numbers (and numeric strings against numbers) compare as numbers; strings compare
 * case-sensitively; arrays and objects compare by JSON; NULL equals only NULL and "".
 */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a === null || b === null) return (a ?? '') === (b ?? '');
  if (typeof a === 'number' && typeof b === 'string') return numericString(b) && a === Number(b);
  if (typeof a === 'string' && typeof b === 'number') return numericString(a) && Number(a) === b;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** `<`, `>`…: numerically when both sides are numbers or numeric strings, else as strings. Returns <0, 0, >0. */
export function compareValues(a: Value, b: Value): number {
  const numeric = (v: Value) => typeof v === 'number' || typeof v === 'boolean' || v === null || (typeof v === 'string' && numericString(v));
  if (numeric(a) && numeric(b)) return toNumber(a) - toNumber(b);
  const x = toText(a);
  const y = toText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
