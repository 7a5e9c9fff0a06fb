import { toNumber, toText } from '../coercion.js';
import type { Value } from '../values.js';

/**
 * What every built-in function and HEAR type shares: the calling convention, the error they
 * throw, and the argument checks that word that error the same way everywhere.
 */

/** What a built-in may ask of the VM: only the clock, so tests and resumed dialogs are deterministic. */
export type BuiltinContext = { now(): Date };

/** A built-in function: JSON values in, one JSON value out; throws `BuiltinError` on misuse. */
export type BuiltinFunction = (args: Value[], ctx: BuiltinContext) => Value;

/** A script called a built-in wrongly (arity, type, bad date…); the VM adds file and line. */
export class BuiltinError extends Error {
  override name = 'BuiltinError';
}

/** Throws unless `args` has between `min` and `max` entries: "MID expects 2 or 3 arguments, got 1". */
export function checkArity(name: string, args: Value[], min: number, max: number = min): void {
  if (args.length >= min && args.length <= max) return;
  const plural = (n: number) => (n === 1 ? 'argument' : 'arguments');
  const expected =
    min === max ? `${min} ${plural(min)}`
    : max === Infinity ? `at least ${min} ${plural(min)}`
    : max === min + 1 ? `${min} or ${max} arguments`
    : `${min} to ${max} arguments`;
  throw new BuiltinError(`${name} expects ${expected}, got ${args.length}`);
}

/** Argument `index` (0-based) as a number, via `toNumber`; a value that is not numeric is an error. */
export function numberArg(name: string, args: Value[], index: number): number {
  const value = args[index] ?? null;
  const n = toNumber(value);
  if (Number.isNaN(n)) throw new BuiltinError(`${name}: argument ${index + 1} must be a number, got ${describe(value)}`);
  return n;
}

/** Argument `index` as a whole number (fractions truncated toward zero, like VB's Fix). */
export function integerArg(name: string, args: Value[], index: number): number {
  return Math.trunc(numberArg(name, args, index));
}

/** Argument `index` as text, via `toText` (NULL is ""). */
export function textArg(args: Value[], index: number): string {
  return toText(args[index] ?? null);
}

/** Argument `index` as an array; NULL counts as the empty array, anything else is an error. */
export function arrayArg(name: string, args: Value[], index: number): Value[] {
  const value = args[index] ?? null;
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  throw new BuiltinError(`${name}: argument ${index + 1} must be an array, got ${describe(value)}`);
}

/** A short rendering of a value for error messages. */
export function describe(value: Value): string {
  const text = value === null ? 'NULL' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The characters of a string, counted as Unicode code points (an emoji is one character). */
export function chars(text: string): string[] {
  return Array.from(text);
}

/** Rounds half away from zero at `digits` decimals (negative digits round to tens, hundreds…). */
export function roundHalfAway(n: number, digits: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  const text = String(abs);
  // Shifting through the decimal text avoids binary surprises: ROUND(1.005, 2) is 1.01.
  const rounded = text.includes('e')
    ? Math.round(abs * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${text}e${digits}`))}e${-digits}`);
  const result = n < 0 ? -rounded : rounded;
  return result === 0 ? 0 : result;
}

/** Lower-cases and strips accents (NFD, then drops combining marks): "Não" → "nao". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
