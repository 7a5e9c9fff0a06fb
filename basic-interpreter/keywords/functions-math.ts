import { compareValues } from '../coercion.js';
import type { Value } from '../values.js';
import type { BuiltinFunction } from './functions-shared.js';
import { BuiltinError, checkArity, integerArg, numberArg, roundHalfAway } from './functions-shared.js';

/** Numeric functions. Arguments go through `toNumber`, so "12.5" works where 12.5 does. */

/** MAX and MIN: the arguments, or the elements of a single array argument. */
function candidates(args: Value[]): Value[] {
  const only = args[0];
  return args.length === 1 && Array.isArray(only) ? only : args;
}

/** The element that wins under `better`, compared like `<`/`>`; NULL for an empty array. */
function extreme(name: string, args: Value[], better: (order: number) => boolean): Value {
  checkArity(name, args, 1, Infinity);
  let best: Value = null;
  candidates(args).forEach((value, index) => {
    if (index === 0 || better(compareValues(value, best))) best = value;
  });
  return best;
}

/** The numeric functions, by lower-case name. */
export const mathFunctions: Record<string, BuiltinFunction> = {
  /** ABS(n): absolute value. */
  abs(args) {
    checkArity('ABS', args, 1);
    return Math.abs(numberArg('ABS', args, 0));
  },

  /** ROUND(n[, digits]): half away from zero (not VB's banker's rounding); negative digits round to tens, hundreds… */
  round(args) {
    checkArity('ROUND', args, 1, 2);
    const digits = args.length === 2 ? integerArg('ROUND', args, 1) : 0;
    if (Math.abs(digits) > 100) throw new BuiltinError(`ROUND: digits must be between -100 and 100, got ${digits}`);
    return roundHalfAway(numberArg('ROUND', args, 0), digits);
  },

  /** INT(n): the largest integer ≤ n (VB's Int: INT(-2.5) = -3). */
  int(args) {
    checkArity('INT', args, 1);
    const result = Math.floor(numberArg('INT', args, 0));
    return result === 0 ? 0 : result;
  },

  /** MAX(a, b, …) or MAX(array): the largest, compared like `>` (numbers numerically, else as text); [] → NULL. */
  max(args) {
    return extreme('MAX', args, (order) => order > 0);
  },

  /** MIN(a, b, …) or MIN(array): the smallest, compared like `<`; [] → NULL. */
  min(args) {
    return extreme('MIN', args, (order) => order < 0);
  },

  /** RANDOM() → a fraction in [0, 1); RANDOM(a, b) → an integer in [a, b], inclusive (bounds in either order). */
  random(args) {
    checkArity('RANDOM', args, 0, 2);
    if (args.length === 0) return Math.random();
    if (args.length === 1) throw new BuiltinError('RANDOM expects 0 or 2 arguments, got 1');
    const a = numberArg('RANDOM', args, 0);
    const b = numberArg('RANDOM', args, 1);
    const low = Math.ceil(Math.min(a, b));
    const high = Math.floor(Math.max(a, b));
    if (low > high) throw new BuiltinError(`RANDOM: there is no integer between ${a} and ${b}`);
    return low + Math.floor(Math.random() * (high - low + 1));
  },
};
