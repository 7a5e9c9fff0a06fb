import type { BinaryOp, Expr } from './ast.js';
import { builtinFunctions } from './keywords/index.js';
import type { Value } from './values.js';
import type { UnitBuilder } from './vm-compile-unit.js';
import { scalarConst } from './vm-compile-walk.js';

/**
 * Expressions to JavaScript source for generated code. Mirrors vm-compile-expr.ts operation for
 * operation (same helpers, same evaluation order, same copies), so a script gives the same
 * results on either path. Script text never enters the source: see {@link JitPool}.
 */

/** Constants of the generated code (strings, odd numbers, built-in functions, key lists), as `kN` names. */
export class JitPool {
  readonly values: unknown[] = [];
  private readonly index = new Map<unknown, number>();

  ref(value: unknown, shared = true): string {
    const known = shared ? this.index.get(value) : undefined;
    if (known !== undefined) return `k${known}`;
    this.values.push(value);
    if (shared) this.index.set(value, this.values.length - 1);
    return `k${this.values.length - 1}`;
  }

  /** A JS literal for a scalar: plain numbers, booleans and null inline, the rest from the pool. */
  literal(value: Value): string {
    if (value === null || typeof value === 'boolean') return String(value);
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return `(${String(value)})`;
    return this.ref(value);
  }
}

/** How generated code reaches a unit's registers: a procedure's own locals, or a frame's registers kept in locals. */
export type RegisterMode = 'proc' | 'cached';

/** What expression generation needs: the unit (for names), the constants, and how registers are reached. */
export interface GenContext {
  readonly u: UnitBuilder;
  readonly pool: JitPool;
  readonly mode: RegisterMode;
  /** Registers a `cached` region reads or writes (loaded into locals on entry, stored on exit). */
  readonly used: Set<number>;
  /** Locals the generated function must declare (temporaries inside expressions). */
  readonly decls: string[];
  next: number;
}

/** A new local name (temporaries, labels) for generated code. */
export function fresh(c: GenContext, prefix: string): string {
  return `${prefix}${c.next++}`;
}

/** How generated code names register `i` of the unit, per register mode. */
export function reg(c: GenContext, i: number): string {
  if (c.mode === 'proc') return `l${i}`;
  c.used.add(i);
  return `r${i}`;
}

/** The place a statement assigns `name` to (as writeTarget in vm-compile-stmt.ts). */
export function place(c: GenContext, name: string): string {
  const r = c.u.varIndex.get(name);
  if (r !== undefined) return reg(c, r);
  const slot = c.u.script.moduleIndex.get(name);
  if (slot === undefined) throw new Error(`jit: no slot for "${name}"`);
  return `mod[${slot}]`;
}

const OPS: Record<Exclude<BinaryOp, 'AND' | 'OR'>, string> = {
  '+': 'ADD', '-': 'SUB', '*': 'MUL', '/': 'DIV', '\\': 'IDIV', MOD: 'MOD', '^': 'POW', '&': 'CAT',
  '=': 'EQ', '<>': 'NE', '<': 'LT', '<=': 'LE', '>': 'GT', '>=': 'GE',
};

function call(c: GenContext, name: string, args: readonly Expr[]): string {
  const proc = c.u.script.procs.get(name);
  if (proc) {
    const values = Array.from({ length: proc.params }, (_, i) => (args[i] ? gv(c, args[i]) : 'null'));
    const invoke = `p${proc.unit}(m, mod, depth + 1${values.map((v) => `, ${v}`).join('')})`;
    // At a top level the registers are the module variables the procedure may use: hand over
    // (and take back) the ones it touches.
    const touched = c.mode === 'cached' && c.u.kind === 'top' ? [...(c.u.script.jit.touches.get(name) ?? [])] : [];
    if (touched.length === 0) return invoke;
    const t = fresh(c, 't');
    c.decls.push(t);
    const flush = touched.map((slot) => `regs[${slot}] = ${reg(c, slot)}`);
    const reload = touched.map((slot) => `${reg(c, slot)} = regs[${slot}]`);
    return `(${flush.join(', ')}, ${t} = ${invoke}, ${reload.join(', ')}, ${t})`;
  }
  if (!Object.hasOwn(builtinFunctions, name)) throw new Error(`jit: "${name}" is neither a procedure nor a built-in`);
  return `CALLB(${c.pool.ref(builtinFunctions[name])}, m, [${args.map((a) => gx(c, a)).join(', ')}])`;
}

/** e's value (exprInto). */
export function gx(c: GenContext, e: Expr): string {
  const k = scalarConst(e);
  if (k) return c.pool.literal(k.value);
  switch (e.kind) {
    case 'variable': {
      const ref = c.u.resolve(e.name);
      if (ref.kind === 'reg') return reg(c, ref.reg);
      if (ref.kind === 'module') return `mod[${ref.slot}]`;
      if (ref.kind === 'proc') return call(c, e.name, []);
      return ref.kind === 'now' ? 'NOW(m)' : 'TODAY(m)';
    }
    case 'string': {
      const parts = e.parts.filter((p) => p !== '').map((p) => (typeof p === 'string' ? c.pool.literal(p) : gx(c, p)));
      if (parts.length === 1) parts.unshift(c.pool.literal(''));
      return parts.slice(1).reduce((acc, p) => `CAT(${acc}, ${p})`, parts[0]!);
    }
    case 'array':
      return `[${e.items.map((i) => gv(c, i)).join(', ')}]`;
    case 'object':
      return `MKOBJ(${c.pool.ref(e.entries.map((x) => x.key), false)}, [${e.entries.map((x) => gv(c, x.value)).join(', ')}])`;
    case 'member':
      return `MEMBER(${gx(c, e.object)}, ${c.pool.ref(e.name)})`;
    case 'index':
      return `INDEX(${gx(c, e.object)}, ${gx(c, e.index)})`;
    case 'unary':
      return e.op === '-' ? `NEG(${gx(c, e.operand)})` : e.op === '+' ? `NUM(${gx(c, e.operand)})` : `!T(${gx(c, e.operand)})`;
    case 'binary':
      if (e.op === 'AND') return `(T(${gx(c, e.left)}) ? T(${gx(c, e.right)}) : false)`;
      if (e.op === 'OR') return `(T(${gx(c, e.left)}) ? true : T(${gx(c, e.right)}))`;
      return `${OPS[e.op]}(${gx(c, e.left)}, ${gx(c, e.right)})`;
    case 'call':
      return call(c, e.name, e.args);
    case 'keyword':
      throw new Error('jit: effects cannot be generated');
    case 'number':
    case 'boolean':
    case 'null':
      return 'null'; // constants, handled above
  }
}

/** e's value as a copy its new place owns (valueInto). */
export function gv(c: GenContext, e: Expr): string {
  if (e.kind === 'variable') {
    const ref = c.u.resolve(e.name);
    if (ref.kind === 'reg') return `CLONE(${reg(c, ref.reg)})`;
    if (ref.kind === 'module') return `CLONE(mod[${ref.slot}])`;
  }
  if (e.kind === 'member') return `MEMBERC(${gx(c, e.object)}, ${c.pool.ref(e.name)})`;
  if (e.kind === 'index') return `INDEXC(${gx(c, e.object)}, ${gx(c, e.index)})`;
  return gx(c, e);
}

/** A JS boolean for a condition (jumpIfFalse / jumpIfTrue). */
export function cond(c: GenContext, e: Expr): string {
  const k = scalarConst(e);
  if (k && k.value === true) return 'true';
  if (e.kind === 'unary' && e.op === 'NOT') return `!${cond(c, e.operand)}`;
  if (e.kind === 'binary' && e.op === 'AND') return `(${cond(c, e.left)} && ${cond(c, e.right)})`;
  if (e.kind === 'binary' && e.op === 'OR') return `(${cond(c, e.left)} || ${cond(c, e.right)})`;
  if (e.kind === 'binary' && ['=', '<>', '<', '<=', '>', '>='].includes(e.op)) return gx(c, e);
  return `T(${gx(c, e)})`;
}
