import { toText } from './coercion.js';
import type { Value } from './values.js';
import { locate, MAX_CALL_DEPTH, type Machine } from './vm-machine.js';
import { add, arith, cloneValue, compare, concat, eachItems, index, isTruthy, member, num, ScriptError, setIndex, setKey, setMember } from './vm-values.js';

/**
 * What generated code (vm-jit-gen.ts) calls: the same operators as the instruction loop, as small
 * functions V8 inlines, and the one place generated source becomes functions.
 *
 * Generated source never contains text from a script: names are register and slot numbers,
 * every string and every non-trivial number is a reference into a constants array.
 */

type Builtin = (args: Value[], ctx: { now(): Date }) => Value;

const clone = (v: Value): Value => (typeof v === 'object' && v !== null ? cloneValue(v) : v);

/** The helpers, by the short names generated code uses. */
export const JIT_HELPERS = {
  NUM: num,
  ADD: (x: Value, y: Value): Value => (typeof x === 'number' && typeof y === 'number' ? x + y : add(x, y)),
  SUB: (x: Value, y: Value): Value => (typeof x === 'number' && typeof y === 'number' ? x - y : arith('-', x, y)),
  MUL: (x: Value, y: Value): Value => (typeof x === 'number' && typeof y === 'number' ? x * y : arith('*', x, y)),
  DIV: (x: Value, y: Value): Value => arith('/', x, y),
  IDIV: (x: Value, y: Value): Value => arith('\\', x, y),
  MOD: (x: Value, y: Value): Value => arith('MOD', x, y),
  POW: (x: Value, y: Value): Value => arith('^', x, y),
  CAT: concat,
  EQ: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x === y : compare(0, x, y)),
  NE: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x !== y : compare(1, x, y)),
  LT: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x < y : compare(2, x, y)),
  LE: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x <= y : compare(3, x, y)),
  GT: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x > y : compare(4, x, y)),
  GE: (x: Value, y: Value): boolean => (typeof x === 'number' && typeof y === 'number' ? x >= y : compare(5, x, y)),
  NEG: (x: Value): number => -(typeof x === 'number' ? x : num(x)),
  T: isTruthy,
  CLONE: clone,
  MEMBER: member,
  MEMBERC: (o: Value, name: string): Value => clone(member(o, name)),
  INDEX: index,
  INDEXC: (o: Value, i: Value): Value => clone(index(o, i)),
  SETMEMBER: setMember,
  SETINDEX: setIndex,
  EACH: eachItems,
  MKOBJ(keys: string[], values: Value[]): Value {
    const object: Record<string, Value> = {};
    keys.forEach((key, i) => setKey(object, key, values[i]!));
    return object;
  },
  CALLB: (fn: Builtin, m: Machine, args: Value[]): Value => clone(fn(args, m.ctx)),
  TALK(m: Machine, v: Value): void {
    m.talk(toText(v));
  },
  SETHEADER(m: Machine, name: Value, value: Value): void {
    m.headers = { ...m.headers, [toText(name)]: toText(value) };
  },
  CLEARHEADERS(m: Machine): void {
    m.headers = {};
  },
  ADDSUG(m: Machine, key: Value, label: Value): void {
    m.suggestions = [...m.suggestions, { key: toText(key), label: toText(label) }];
  },
  CLEARSUG(m: Machine): void {
    m.suggestions = [];
  },
  NOW: (m: Machine): string => m.ctx.now().toISOString(),
  TODAY: (m: Machine): string => m.ctx.now().toISOString().slice(0, 10),
  /** Procedure prologue: the same depth limit and step count as the instruction loop's CallProc. */
  ENTER(m: Machine, depth: number): void {
    if (depth >= MAX_CALL_DEPTH) throw new ScriptError(`calls nested deeper than ${MAX_CALL_DEPTH} (endless recursion?)`);
    if (++m.steps >= m.checkAt) m.checkLimits();
  },
  /** A back edge of a loop `size` instructions long. */
  STEPS(m: Machine, size: number): void {
    if ((m.steps += size) >= m.checkAt) m.checkLimits();
  },
  LOCATE(error: unknown, file: string, line: number): Error {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return locate(new ScriptError(`calls nested deeper than the stack allows (endless recursion?)`), file, line);
    return locate(error, file, line);
  },
};

/** A SUB/FUNCTION as generated code, called by the instruction loop with arguments in registers. */
export type NativeProc = (m: Machine, mod: Value[], depth: number, regs: readonly Value[], base: number, argc: number) => Value;
/** A loop as generated code, run on a frame's registers. */
export type NativeRegion = (m: Machine, regs: Value[], mod: Value[], depth: number) => void;

/** The functions generated for one script. */
export interface NativeCode {
  /** By unit index (undefined for units that are not generated). */
  procs: (NativeProc | undefined)[];
  regions: NativeRegion[];
}

/**
 * Turns generated source into functions. `source` is the body of a factory taking the helpers
 * and the constants and returning `{ procs, regions }`. Returns an error message instead when
 * the platform forbids generating code (e.g. `--disallow-code-generation-from-strings`); the
 * instruction loop then runs everything.
 */
export function assembleNative(source: string, consts: readonly unknown[]): NativeCode | string {
  try {
    const factory = new Function('H', 'K', source) as (h: typeof JIT_HELPERS, k: readonly unknown[]) => NativeCode;
    return factory(JIT_HELPERS, consts);
  } catch (error) {
    return (error as Error).message;
  }
}

/** The helper names, for the generated prologue. */
export const HELPER_NAMES = Object.keys(JIT_HELPERS);
