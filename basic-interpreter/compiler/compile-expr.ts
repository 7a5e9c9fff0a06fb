import type { BinaryOp, Expr, ValueKeyword, CommandKeyword } from '../parser/index.js';
import { Op, type OpCode } from '../vm/index.js';
import { builtinFunctions } from '../keywords/index.js';
import { WORD_PHRASES } from '../parser/index.js';
import type { UnitBuilder } from './compile-unit.js';
import { scalarConst, walkExpr } from './compile-walk.js';

/**
 * Expressions to register code. The rule that keeps register reuse safe: sub-expressions are
 * evaluated into operands first and only the final instruction writes the destination, or, for
 * expressions of several steps, the work happens in a temporary that is then moved.
 *
 * Values are never shared between two places (variables, array slots, members): a value read from
 * a place is copied when it is stored elsewhere (`valueInto`), so a dialog behaves the same after
 * its state went through JSON.
 */

const ARITH: Record<Exclude<BinaryOp, 'AND' | 'OR'>, OpCode> = {
  '+': Op.Add, '-': Op.Sub, '*': Op.Mul, '/': Op.Div, '\\': Op.IntDiv, MOD: Op.Mod, '^': Op.Pow, '&': Op.Concat,
  '=': Op.Eq, '<>': Op.Ne, '<': Op.Lt, '<=': Op.Le, '>': Op.Gt, '>=': Op.Ge,
};

/** A register holding e's value: a variable or constant register as is, else a new temporary. */
export function operand(u: UnitBuilder, e: Expr): number {
  const k = scalarConst(e);
  if (k) return u.constReg(k.value, e.loc.line);
  if (e.kind === 'variable') {
    const ref = u.resolve(e.name);
    if (ref.kind === 'reg') return ref.reg;
  }
  const t = u.temp();
  exprInto(u, e, t);
  return t;
}

/**
 * Registers of two operands evaluated left to right. A variable operand is read when the
 * instruction runs, so a left-hand variable is copied first when the right-hand side may call a
 * procedure (which could assign it).
 */
export function operandPair(u: UnitBuilder, left: Expr, right: Expr): [number, number] {
  let a: number;
  if (left.kind === 'variable' && u.resolve(left.name).kind === 'reg' && callsProcedure(right, u.script.procs)) {
    a = u.temp();
    exprInto(u, left, a);
  } else {
    a = operand(u, left);
  }
  return [a, operand(u, right)];
}

/** True when evaluating e may run a procedure of this script (which may change module variables). */
function callsProcedure(e: Expr, procs: ReadonlyMap<string, unknown>): boolean {
  let found = false;
  walkExpr(e, {
    expr(node) {
      if ((node.kind === 'call' || node.kind === 'variable') && procs.has(node.name)) found = true;
      return !found;
    },
  });
  return found;
}

/** Like `operand`, but the register's value may be stored in another place (copied if read from one). */
export function ownedOperand(u: UnitBuilder, e: Expr): number {
  const k = scalarConst(e);
  if (k) return u.constReg(k.value, e.loc.line);
  const t = u.temp();
  valueInto(u, e, t);
  return t;
}

/** Evaluates e into dst as a value dst owns: reads of variables, members and items are copies. */
export function valueInto(u: UnitBuilder, e: Expr, dst: number): void {
  const line = e.loc.line;
  const mark = u.mark();
  if (e.kind === 'variable') {
    const ref = u.resolve(e.name);
    if (ref.kind === 'reg') u.emit(Op.MoveCopy, dst, ref.reg, 0, 0, line);
    else if (ref.kind === 'module') u.emit(Op.LoadModule, dst, ref.slot, 1, 0, line);
    else exprInto(u, e, dst);
  } else if (e.kind === 'member') {
    u.emit(Op.Member, dst, operand(u, e.object), u.script.addAux(e.name), 1, line);
  } else if (e.kind === 'index') {
    const [object, index] = operandPair(u, e.object, e.index);
    u.emit(Op.Index, dst, object, index, 1, line);
  } else {
    exprInto(u, e, dst);
  }
  u.release(mark);
}

/** Evaluates e into dst (no copy: use `valueInto` when the value is stored in a second place). */
export function exprInto(u: UnitBuilder, e: Expr, dst: number): void {
  const line = e.loc.line;
  const k = scalarConst(e);
  if (k) {
    const reg = u.constReg(k.value, line);
    if (reg !== dst) u.emit(Op.Move, dst, reg, 0, 0, line);
    return;
  }
  const mark = u.mark();
  switch (e.kind) {
    case 'variable': {
      const ref = u.resolve(e.name);
      if (ref.kind === 'reg') {
        if (ref.reg !== dst) u.emit(Op.Move, dst, ref.reg, 0, 0, line);
      } else if (ref.kind === 'module') u.emit(Op.LoadModule, dst, ref.slot, 0, 0, line);
      else if (ref.kind === 'proc') u.emit(Op.CallProc, dst, u.mark(), 0, ref.proc.unit, line);
      else u.emit(ref.kind === 'now' ? Op.Now : Op.Today, dst, 0, 0, 0, line);
      break;
    }
    case 'string': {
      const parts = e.parts.filter((p) => p !== '');
      const t = parts.length <= 2 || u.isTemp(dst) ? dst : u.temp();
      const part = (p: string | Expr | undefined) => (typeof p === 'string' ? u.constReg(p, line) : p ? operand(u, p) : u.constReg('', line));
      const [first, second] = parts.length === 1 ? ['', parts[0]] : [parts[0], parts[1]];
      const [a, b] = typeof first !== 'string' && typeof second !== 'string' && first && second ? operandPair(u, first, second) : [part(first), part(second)];
      u.emit(Op.Concat, t, a, b, 0, line);
      for (const p of parts.slice(2)) {
        const m = u.mark();
        u.emit(Op.Concat, t, t, part(p), 0, line);
        u.release(m);
      }
      if (t !== dst) u.emit(Op.Move, dst, t, 0, 0, line);
      break;
    }
    case 'array': {
      const base = u.temps(e.items.length);
      e.items.forEach((item, i) => valueInto(u, item, base + i));
      u.emit(Op.MakeArray, dst, base, e.items.length, 0, line);
      break;
    }
    case 'object': {
      const base = u.temps(e.entries.length);
      e.entries.forEach((entry, i) => valueInto(u, entry.value, base + i));
      u.emit(Op.MakeObject, dst, base, e.entries.length, u.script.addAux(e.entries.map((entry) => entry.key)), line);
      break;
    }
    case 'member':
      u.emit(Op.Member, dst, operand(u, e.object), u.script.addAux(e.name), 0, line);
      break;
    case 'index': {
      const [object, index] = operandPair(u, e.object, e.index);
      u.emit(Op.Index, dst, object, index, 0, line);
      break;
    }
    case 'unary':
      u.emit(e.op === '-' ? Op.Neg : e.op === '+' ? Op.Plus : Op.Not, dst, operand(u, e.operand), 0, 0, line);
      break;
    case 'binary': {
      if (e.op === 'AND' || e.op === 'OR') {
        const t = u.isTemp(dst) ? dst : u.temp();
        exprInto(u, e.left, t);
        u.emit(Op.Truthy, t, t, 0, 0, line);
        const skip = u.emit(e.op === 'AND' ? Op.JumpIfFalse : Op.JumpIfTrue, t, 0, 0, 0, line);
        exprInto(u, e.right, t);
        u.emit(Op.Truthy, t, t, 0, 0, line);
        u.patch([skip]);
        if (t !== dst) u.emit(Op.Move, dst, t, 0, 0, line);
        break;
      }
      const [left, right] = operandPair(u, e.left, e.right);
      u.emit(ARITH[e.op], dst, left, right, 0, line);
      break;
    }
    case 'call':
      compileCall(u, e.name, e.args, dst, line);
      break;
    case 'keyword':
      compileKeyword(u, e.keyword, e.args, dst, line);
      break;
    case 'phrase':
      compilePhrase(u, e.phrase, e.args, e.labels, dst, line);
      break;
    case 'number':
    case 'boolean':
    case 'null':
      break; // constants, handled above
  }
  u.release(mark);
}

/**
 * A call resolves, in order, to a SUB/FUNCTION of this script, a built-in function, or (at run
 * time) another script of the bot.
 */
export function compileCall(u: UnitBuilder, name: string, args: readonly Expr[], dst: number, line: number): void {
  const mark = u.mark();
  const base = u.temps(args.length);
  const proc = u.script.procs.get(name);
  const builtin = Object.hasOwn(builtinFunctions, name) ? builtinFunctions[name] : undefined;
  if (proc && args.length > proc.params) {
    u.fail(`${proc.kind.toUpperCase()} ${name} takes ${proc.params} argument${proc.params === 1 ? '' : 's'}, got ${args.length}`, line);
  } else if (proc) {
    args.forEach((arg, i) => valueInto(u, arg, base + i));
    u.emit(Op.CallProc, dst, base, args.length, proc.unit, line);
  } else if (!builtin && WORD_PHRASES.has(name.toUpperCase())) {
    // `READ("file")`: a one-word phrase called like a function.
    compilePhrase(u, name.toUpperCase(), args, args.map(() => null), dst, line);
  } else if (builtin) {
    args.forEach((arg, i) => exprInto(u, arg, base + i));
    u.emit(Op.CallBuiltin, dst, base, args.length, u.script.addAux({ kind: 'builtin', name, fn: builtin }), line);
  } else {
    args.forEach((arg, i) => valueInto(u, arg, base + i));
    u.emit(Op.CallScript, dst, base, args.length, u.script.addAux(name), line);
  }
  u.release(mark);
}

/** A keyword phrase (vm/phrases.ts): arguments in consecutive registers, then one Phrase. */
export function compilePhrase(u: UnitBuilder, phrase: string, args: readonly Expr[], labels: readonly (string | null)[], dst: number, line: number): void {
  const mark = u.mark();
  const base = u.temps(args.length);
  args.forEach((arg, i) => exprInto(u, arg, base + i));
  u.emit(Op.Phrase, dst, base, args.length, u.script.addAux({ kind: 'phrase', phrase, labels: [...labels] }), line);
  u.release(mark);
}

/** A keyword carried out by the host: arguments in consecutive registers, then one Effect. */
export function compileKeyword(u: UnitBuilder, keyword: ValueKeyword | CommandKeyword, args: readonly Expr[], dst: number, line: number): void {
  const mark = u.mark();
  const base = u.temps(args.length);
  args.forEach((arg, i) => exprInto(u, arg, base + i));
  u.emit(Op.Effect, dst, base, args.length, u.script.addAux({ kind: 'effect', keyword }), line);
  u.release(mark);
}
