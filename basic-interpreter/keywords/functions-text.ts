import { isObjectValue } from '../values.js';
import type { BuiltinFunction } from './functions-shared.js';
import { arrayArg, checkArity, chars, integerArg, textArg } from './functions-shared.js';

/**
 * Text functions, with VB's 1-based positions. Positions and lengths count Unicode code points,
 * so an emoji in a customer's message is one character. Out-of-range positions clamp rather than
 * fail, because scripts apply them to whatever a customer typed.
 */

/** The UTF-16 offset of code point `index` (0-based) in `text`. */
function offsetOf(text: string, index: number): number {
  return chars(text).slice(0, index).join('').length;
}

/** The text functions, by lower-case name. */
export const textFunctions: Record<string, BuiltinFunction> = {
  /** LEN(x): characters of the text; element count of an array; key count of an object; NULL → 0. */
  len(args) {
    checkArity('LEN', args, 1);
    const value = args[0] ?? null;
    if (Array.isArray(value)) return value.length;
    if (isObjectValue(value)) return Object.keys(value).length;
    return chars(textArg(args, 0)).length;
  },

  /** LEFT(s, n): the first n characters; n ≤ 0 → "", n past the end → all of s. */
  left(args) {
    checkArity('LEFT', args, 2);
    const n = integerArg('LEFT', args, 1);
    return n <= 0 ? '' : chars(textArg(args, 0)).slice(0, n).join('');
  },

  /** RIGHT(s, n): the last n characters; n ≤ 0 → "", n past the start → all of s. */
  right(args) {
    checkArity('RIGHT', args, 2);
    const n = integerArg('RIGHT', args, 1);
    return n <= 0 ? '' : chars(textArg(args, 0)).slice(-n).join('');
  },

  /** MID(s, start[, length]): from 1-based start; start < 1 counts as 1; start past the end or length ≤ 0 → "". */
  mid(args) {
    checkArity('MID', args, 2, 3);
    const all = chars(textArg(args, 0));
    const start = Math.max(1, integerArg('MID', args, 1)) - 1;
    const length = args.length === 3 ? integerArg('MID', args, 2) : all.length;
    return length <= 0 ? '' : all.slice(start, start + length).join('');
  },

  /** TRIM(s): without leading and trailing white space (inner spaces are kept). */
  trim(args) {
    checkArity('TRIM', args, 1);
    return textArg(args, 0).trim();
  },

  /** UCASE(s): upper case. */
  ucase(args) {
    checkArity('UCASE', args, 1);
    return textArg(args, 0).toUpperCase();
  },

  /** UPPER(s): same as UCASE. */
  upper(args) {
    checkArity('UPPER', args, 1);
    return textArg(args, 0).toUpperCase();
  },

  /** LCASE(s): lower case. */
  lcase(args) {
    checkArity('LCASE', args, 1);
    return textArg(args, 0).toLowerCase();
  },

  /** LOWER(s): same as LCASE. */
  lower(args) {
    checkArity('LOWER', args, 1);
    return textArg(args, 0).toLowerCase();
  },

  /** REPLACE(s, find, with): every occurrence, case-sensitive (VB's default); an empty find changes nothing. */
  replace(args) {
    checkArity('REPLACE', args, 3);
    const find = textArg(args, 1);
    const text = textArg(args, 0);
    return find === '' ? text : text.split(find).join(textArg(args, 2));
  },

  /** SPLIT(s[, sep]): array of the pieces; sep defaults to " " (VB); "" → []; an empty sep splits into characters. */
  split(args) {
    checkArity('SPLIT', args, 1, 2);
    const text = textArg(args, 0);
    const separator = args.length === 2 ? textArg(args, 1) : ' ';
    if (text === '') return [];
    return separator === '' ? chars(text) : text.split(separator);
  },

  /** JOIN(arr[, sep]): the elements as text (TALK's rendering) joined by sep, default " " (VB); NULL → "". */
  join(args) {
    checkArity('JOIN', args, 1, 2);
    const items = arrayArg('JOIN', args, 0);
    const separator = args.length === 2 ? textArg(args, 1) : ' ';
    return items.map((item) => textArg([item], 0)).join(separator);
  },

  /** INSTR([start,] haystack, needle): 1-based position of needle at or after start, else 0; case-sensitive; empty needle → start. */
  instr(args) {
    checkArity('INSTR', args, 2, 3);
    const hasStart = args.length === 3;
    const start = hasStart ? Math.max(1, integerArg('INSTR', args, 0)) : 1;
    const haystack = textArg(args, hasStart ? 1 : 0);
    const needle = textArg(args, hasStart ? 2 : 1);
    if (haystack === '' || start > chars(haystack).length + (needle === '' ? 1 : 0)) return 0;
    const found = haystack.indexOf(needle, offsetOf(haystack, start - 1));
    return found < 0 ? 0 : chars(haystack.slice(0, found)).length + 1;
  },
};
