import { isTruthy, toText } from '../coercion.js';
import { isObjectValue } from '../values.js';
import type { Value } from '../values.js';
import type { BuiltinFunction } from './functions-shared.js';
import { BuiltinError, checkArity, describe } from './functions-shared.js';

/** Conversions, tests on values, and choosing between values. */

/** The number a text starts with, like VB's Val: optional sign, digits, one dot, exponent. */
const LEADING_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i;

/** The conversion and choice functions, by lower-case name. */
export const convertFunctions: Record<string, BuiltinFunction> = {
  /** VAL(x): the leading number of a text ("12abc" → 12, "abc" → 0; "1,5" → 1 as in VB); numbers pass through. */
  val(args) {
    checkArity('VAL', args, 1);
    const value = args[0] ?? null;
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value !== 'string') return 0;
    const match = LEADING_NUMBER.exec(value.trim());
    return match ? Number(match[0]) || 0 : 0;
  },

  /** STR(x): the text TALK would show (3, not " 3": no VB leading space). */
  str(args) {
    checkArity('STR', args, 1);
    return toText(args[0] ?? null);
  },

  /** ISNUMERIC(x): true for finite numbers and texts that are one ("12.5", " 7 "); booleans and NULL are not. */
  isnumeric(args) {
    checkArity('ISNUMERIC', args, 1);
    const value = args[0] ?? null;
    if (typeof value === 'number') return Number.isFinite(value);
    return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()));
  },

  /** ISEMPTY(x): true for NULL, "", [] and {} (a text of spaces is not empty; TRIM it first). */
  isempty(args) {
    checkArity('ISEMPTY', args, 1);
    const value = args[0] ?? null;
    if (value === null || value === '') return true;
    if (Array.isArray(value)) return value.length === 0;
    return isObjectValue(value) && Object.keys(value).length === 0;
  },

  /** ISNULL(x): true only for NULL (not for ""). */
  isnull(args) {
    checkArity('ISNULL', args, 1);
    return args[0] === null;
  },

  /** NVL(a, b): a, unless a is NULL (only NULL: "" is kept). */
  nvl(args) {
    checkArity('NVL', args, 2);
    return args[0] ?? args[1] ?? null;
  },

  /** IIF(cond, a, b): a when cond is true (IF's truthiness), else b; both are evaluated, as in VB. */
  iif(args) {
    checkArity('IIF', args, 3);
    return isTruthy(args[0] ?? null) ? (args[1] ?? null) : (args[2] ?? null);
  },

  /** TOJSON(x): compact JSON text of any value ("hi" → "\"hi\""). */
  tojson(args) {
    checkArity('TOJSON', args, 1);
    return JSON.stringify(args[0] ?? null);
  },

  /** FROMJSON(s): the value a JSON text holds; invalid JSON is an error; non-text values (an HTTP result already parsed) pass through. */
  fromjson(args) {
    checkArity('FROMJSON', args, 1);
    const value = args[0] ?? null;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as Value;
    } catch (error) {
      throw new BuiltinError(`FROMJSON: invalid JSON ${describe(value)}: ${(error as Error).message}`);
    }
  },
};
