import { compareValues, isTruthy, toNumber, toText, valuesEqual } from '../coercion.js';
import { isObjectValue, type Value } from '../values.js';

/**
 * The language's operators on values: the slow paths behind the VM's number fast paths, and
 * member/index access. They throw {@link ScriptError}; the VM adds file and line.
 */

/** A runtime error of the script, before the VM has added where it happened. */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}

/** A short rendering of a value for messages. */
export function describeValue(value: Value): string {
  if (value === null) return 'NULL';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A number for arithmetic; text that is not numeric, arrays and objects are errors (VB's type mismatch). */
export function num(value: Value): number {
  if (typeof value === 'number') return value;
  const n = toNumber(value);
  if (Number.isNaN(n)) throw new ScriptError(`cannot use ${describeValue(value)} as a number`);
  return n;
}

/**
 * Largest string and largest array/object (in items, nested ones counted) a script may build:
 * a few steps of doubling would otherwise exhaust memory long before any step limit.
 */
export const MAX_TEXT_LENGTH = 10_000_000;
export const MAX_VALUE_ITEMS = 1_000_000;

function joined(x: string, y: string): string {
  if (x.length + y.length > MAX_TEXT_LENGTH) throw new ScriptError(`text longer than ${MAX_TEXT_LENGTH} characters`);
  return x + y;
}

/** `+`: adds numbers; concatenates when either side is a string. */
export function add(a: Value, b: Value): Value {
  if (typeof a === 'string' || typeof b === 'string') return joined(toText(a), toText(b));
  return num(a) + num(b);
}

/** `- * / \\ MOD ^` on numbers (coerced); dividing by zero is an error, as in VB. */
export function arith(op: '-' | '*' | '/' | '\\' | 'MOD' | '^', a: Value, b: Value): number {
  const x = num(a);
  const y = num(b);
  switch (op) {
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '^':
      return x ** y;
    case '/':
    case '\\':
    case 'MOD':
      if (y === 0) throw new ScriptError('division by zero');
      return op === '/' ? x / y : op === '\\' ? Math.trunc(x / y) : x % y;
  }
}

/** `&`: both sides as text. */
export function concat(a: Value, b: Value): string {
  return joined(typeof a === 'string' ? a : toText(a), typeof b === 'string' ? b : toText(b));
}

/** Comparison by operator code: 0 =, 1 <>, 2 <, 3 <=, 4 >, 5 >=. */
export function compare(kind: number, a: Value, b: Value): boolean {
  if (kind === 0) return valuesEqual(a, b);
  if (kind === 1) return !valuesEqual(a, b);
  const c = compareValues(a, b);
  return kind === 2 ? c < 0 : kind === 3 ? c <= 0 : kind === 4 ? c > 0 : c >= 0;
}

export { isTruthy };

/** `a.name`: the member of an object, NULL when missing or when `a` is not an object. */
export function member(object: Value, name: string): Value {
  if (isObjectValue(object) && Object.hasOwn(object, name)) return object[name]!;
  // `list.length`, `text.length`: the templates' spelling of LEN (docs/basic.md, "Expressions").
  if (name.toLowerCase() === 'length' && (Array.isArray(object) || typeof object === 'string')) return [...object].length;
  return null;
}

/** `a[i]`: 0-based array item or object member by key; NULL when out of range or missing. */
export function index(object: Value, key: Value): Value {
  if (Array.isArray(object)) {
    const i = typeof key === 'number' ? key : toNumber(key);
    return Number.isInteger(i) && i >= 0 && i < object.length ? object[i]! : null;
  }
  if (isObjectValue(object)) return member(object, toText(key));
  return null;
}

/** `a.name = v`: only on an object; on NULL or a scalar it is a runtime error. */
export function setMember(object: Value, name: string, value: Value): void {
  if (!isObjectValue(object)) throw new ScriptError(`cannot set member "${name}" of ${object === null ? 'NULL' : `${describeValue(object)} (not an object)`}`);
  setKey(object, name, value);
}

/** Sets an own member, `__proto__` included (as a plain key, never the prototype). */
export function setKey(object: { [key: string]: Value }, key: string, value: Value): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/** `a[i] = v`: an array item (i may be the length, which appends) or an object member by key. */
export function setIndex(object: Value, key: Value, value: Value): void {
  if (Array.isArray(object)) {
    const i = typeof key === 'number' ? key : toNumber(key);
    if (!Number.isInteger(i) || i < 0 || i > object.length) {
      throw new ScriptError(`index ${describeValue(key)} is out of range for an array of ${object.length} item${object.length === 1 ? '' : 's'}`);
    }
    object[i] = value;
    return;
  }
  if (isObjectValue(object)) {
    setKey(object, toText(key), value);
    return;
  }
  throw new ScriptError(`cannot set item ${describeValue(key)} of ${object === null ? 'NULL' : `${describeValue(object)} (not an array or object)`}`);
}

/** A deep copy, so no two places share an array or object. Too large a value is an error. */
export function cloneValue(value: Value): Value {
  if (typeof value !== 'object' || value === null) return value;
  const budget = { left: MAX_VALUE_ITEMS };
  return copy(value, budget);
}

function copy(value: Value, budget: { left: number }): Value {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if ((budget.left -= value.length) < 0) throw tooLarge();
    const out: Value[] = new Array<Value>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]!, budget);
    return out;
  }
  const keys = Object.keys(value);
  if ((budget.left -= keys.length) < 0) throw tooLarge();
  const out: { [key: string]: Value } = {};
  for (const key of keys) setKey(out, key, copy(value[key]!, budget));
  return out;
}

function tooLarge(): ScriptError {
  return new ScriptError(`value with more than ${MAX_VALUE_ITEMS} items (arrays and objects nested in it included)`);
}

/** The items FOR EACH visits: an array's items, an object's values, nothing for NULL. A copy. */
export function eachItems(list: Value): Value[] {
  if (list === null) return [];
  if (Array.isArray(list)) return cloneValue(list) as Value[];
  if (isObjectValue(list)) return Object.values(cloneValue(list) as Record<string, Value>);
  throw new ScriptError(`FOR EACH needs a list, got ${describeValue(list)}`);
}
