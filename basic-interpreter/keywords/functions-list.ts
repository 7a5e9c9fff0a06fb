import { toNumber, valuesEqual } from '../coercion.js';
import { isObjectValue } from '../values.js';
import type { Value } from '../values.js';
import type { BuiltinFunction } from './functions-shared.js';
import { BuiltinError, arrayArg, checkArity, describe, textArg } from './functions-shared.js';

/**
 * Array functions. Values are immutable JSON, so nothing here changes its argument: PUSH and SORT
 * return new arrays. NULL counts as the empty array, so a list that was never set just works.
 */

const collator = new Intl.Collator('en');

/** Numbers and numeric texts sort as numbers. */
function numeric(value: Value): boolean {
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
}

/** Ascending order: numbers (numerically) before texts (alphabetically, accent- and case-aware) before the rest (by JSON); NULL is handled by the caller. */
function compareForSort(a: Value, b: Value): number {
  const rank = (v: Value) => (numeric(v) ? 0 : typeof v === 'string' ? 1 : 2);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) === 0) return toNumber(a) - toNumber(b);
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return collator.compare(JSON.stringify(a), JSON.stringify(b));
}

/** The words of a text (split on white space). */
function words(text: string): string[] {
  return text.trim().split(/\s+/).filter((word) => word !== '');
}

/** FIRST and LAST: an element of an array, or a word of a text. */
function end(name: string, pick: <T>(items: T[]) => T | undefined): BuiltinFunction {
  return (args) => {
    checkArity(name, args, 1);
    const value = args[0] ?? null;
    if (Array.isArray(value)) return pick(value) ?? null;
    if (value === null) return null;
    if (isObjectValue(value)) throw new BuiltinError(`${name}: argument 1 must be an array or a text, got ${describe(value)}`);
    return pick(words(textArg(args, 0))) ?? '';
  };
}


/** The array functions, by lower-case name. */
export const listFunctions: Record<string, BuiltinFunction> = {
  /** FIRST(x): first element of an array (NULL when empty or NULL); first word of a text ("Maria da Silva" → "Maria"). */
  first: end('FIRST', (items) => items[0]),

  /** LAST(x): last element of an array (NULL when empty); last word of a text ("Maria da Silva" → "Silva"). */
  last: end('LAST', (items) => items[items.length - 1]),

  /**
   * SORT(arr[, "desc"]) or SORT(arr, key[, "asc"|"desc"]): a sorted copy; numbers numerically, texts
   * alphabetically, objects by `key`; NULLs (and objects missing the key) last in either direction;
   * stable. A second argument "asc"/"desc" is a direction, anything else is a key.
   */
  sort(args) {
    checkArity('SORT', args, 1, 3);
    const items = arrayArg('SORT', args, 0);
    const second = textArg(args, 1).toLowerCase();
    const isDirection = args.length === 2 && (second === 'asc' || second === 'desc');
    const key = args.length >= 2 && !isDirection ? textArg(args, 1) : undefined;
    const direction = (args.length === 3 ? textArg(args, 2) : isDirection ? second : 'asc').toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw new BuiltinError(`SORT: direction must be "asc" or "desc", got ${describe(args[2] ?? null)}`);
    const sign = direction === 'desc' ? -1 : 1;
    const sortValue = (item: Value): Value => (key === undefined ? item : isObjectValue(item) ? (item[key] ?? null) : null);
    return [...items].sort((x, y) => {
      const a = sortValue(x);
      const b = sortValue(y);
      if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
      return sign * compareForSort(a, b);
    });
  },

  /** UNIQUE(arr): the first occurrence of each value, in order; values must match exactly (1 and "1" differ). */
  unique(args) {
    checkArity('UNIQUE', args, 1);
    const seen = new Set<string>();
    return arrayArg('UNIQUE', args, 0).filter((item) => {
      const identity = JSON.stringify(item);
      if (seen.has(identity)) return false;
      seen.add(identity);
      return true;
    });
  },

  /** CONTAINS(x, v): array → has an element = v (as `=` compares); text → has v as a substring, ignoring case; object → has key v; NULL → false. */
  contains(args) {
    checkArity('CONTAINS', args, 2);
    const container = args[0] ?? null;
    const wanted = args[1] ?? null;
    if (container === null) return false;
    if (Array.isArray(container)) return container.some((item) => valuesEqual(item, wanted));
    if (isObjectValue(container)) return Object.hasOwn(container, textArg(args, 1));
    return textArg(args, 0).toLowerCase().includes(textArg(args, 1).toLowerCase());
  },

  /** PUSH(arr, v): a new array with v appended (NULL counts as []); arr itself is unchanged. */
  push(args) {
    checkArity('PUSH', args, 2);
    return [...arrayArg('PUSH', args, 0), args[1] ?? null];
  },

  /** COUNT(arr): number of elements (of keys, for an object); NULL → 0. */
  count(args) {
    checkArity('COUNT', args, 1);
    const value = args[0] ?? null;
    return isObjectValue(value) ? Object.keys(value).length : arrayArg('COUNT', args, 0).length;
  },

  /** UBOUND(arr): the last index, COUNT − 1 (arrays are 0-based), so −1 for an empty array or NULL. */
  ubound(args) {
    checkArity('UBOUND', args, 1);
    return arrayArg('UBOUND', args, 0).length - 1;
  },
};
