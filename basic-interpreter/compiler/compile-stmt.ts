import type { Expr, Stmt } from '../parser/index.js';
import { Op } from '../vm/index.js';
import type { UnitBuilder } from './compile-unit.js';
import { jumpIfFalse, jumpIfTrue } from './compile-cond.js';
import { compileCommand, compileHear, compileSave } from './compile-dialog.js';
import { compileCall, compilePhrase, exprInto, operand, ownedOperand, valueInto } from './compile-expr.js';

/** Statements to register code: control flow as jumps, FOR with fused step-and-test, effects. */

type StmtOf<K extends Stmt['kind']> = Extract<Stmt, { kind: K }>;

/** A list of statements, in order. */
export function compileBody(u: UnitBuilder, stmts: readonly Stmt[]): void {
  for (const s of stmts) compileStmt(u, s);
}

function compileStmt(u: UnitBuilder, s: Stmt): void {
  const line = s.loc.line;
  const mark = u.mark();
  switch (s.kind) {
    case 'assign':
      compileAssign(u, s);
      break;
    case 'if': {
      const ends: number[] = [];
      for (const branch of s.branches) {
        const skip = jumpIfFalse(u, branch.condition);
        compileBody(u, branch.body);
        ends.push(u.emit(Op.Jump, 0, 0, 0, 0, line));
        u.patch(skip);
      }
      compileBody(u, s.elseBody);
      u.patch(ends);
      break;
    }
    case 'for':
      compileFor(u, s);
      break;
    case 'for_each': {
      const list = u.temp();
      const index = u.temp();
      exprInto(u, s.list, list);
      u.emit(Op.EachPrep, list, index, 0, 0, line);
      const target = u.writeTarget(s.variable);
      const top = u.emit(Op.EachNext, target.reg, list, index, 0, line);
      u.storeBack(target, line);
      loopBody(u, s, top, [top]);
      break;
    }
    case 'loop': {
      const kind = s.loop;
      const top = u.here();
      const test = () => (s.mode === 'while' ? jumpIfFalse(u, s.condition!) : jumpIfTrue(u, s.condition!));
      const exits = s.test === 'before' && s.condition ? test() : [];
      u.loops.push({ kind, exits });
      compileBody(u, s.body);
      u.loops.pop();
      if (s.test === 'after' && s.condition) exits.push(...test());
      u.emit(Op.Loop, 0, 0, 0, top, line);
      u.patch(exits);
      break;
    }
    case 'exit':
      compileExit(u, s);
      break;
    case 'select':
      compileSelect(u, s);
      break;
    case 'call':
      compileCall(u, s.name, s.args, u.temp(), line);
      break;
    case 'sequence':
      compileBody(u, s.body);
      break;
    case 'phrase':
      compilePhraseStatement(u, s);
      break;
    case 'return':
      compileReturn(u, s.value, line);
      break;
    case 'talk':
      u.emit(Op.Talk, operand(u, s.value), 0, 0, 0, line);
      break;
    case 'hear':
      compileHear(u, s);
      break;
    case 'wait': {
      const live = u.mark();
      u.emit(Op.Wait, operand(u, s.seconds), 0, 0, live, line);
      break;
    }
    case 'save':
      compileSave(u, s);
      break;
    case 'command':
      compileCommand(u, s);
      break;
  }
  u.release(mark);
}

/** A phrase as a statement: bare EXIT returns; `APPEND list, item` stores the longer list back. */
function compilePhraseStatement(u: UnitBuilder, s: StmtOf<'phrase'>): void {
  const line = s.loc.line;
  if (s.phrase === 'EXIT') return compileReturn(u, undefined, line);
  const [list] = s.args;
  if (s.phrase === 'APPEND' && list !== undefined && (list.kind === 'variable' || list.kind === 'member' || list.kind === 'index')) {
    return compileAssign(u, { kind: 'assign', target: list, value: { ...s, kind: 'phrase' }, loc: s.loc });
  }
  compilePhrase(u, s.phrase, s.args, s.labels, u.temp(), line);
}

function compileAssign(u: UnitBuilder, s: StmtOf<'assign'>): void {
  const { target, value } = s;
  const line = s.loc.line;
  if (target.kind === 'variable') {
    const t = u.writeTarget(target.name);
    valueInto(u, value, t.reg);
    u.storeBack(t, line);
    return;
  }
  // The value first, then the place: no reference into a variable is held across a call that may suspend.
  const v = ownedOperand(u, value);
  if (target.kind === 'member') {
    u.emit(Op.SetMember, operand(u, target.object), u.script.addAux(target.name), v, 0, line);
  } else {
    const index = operand(u, target.index);
    u.emit(Op.SetIndex, operand(u, target.object), index, v, 0, line);
  }
}

function compileFor(u: UnitBuilder, s: StmtOf<'for'>): void {
  const line = s.loc.line;
  const target = u.writeTarget(s.variable);
  exprInto(u, s.from, target.reg);
  const to = u.temp();
  exprInto(u, s.to, to);
  let step = -1;
  if (s.step) {
    step = u.temp();
    exprInto(u, s.step, step);
  }
  const prep = step < 0 ? u.emit(Op.ForPrep1, target.reg, to, 0, 0, line) : u.emit(Op.ForPrep, target.reg, to, step, 0, line);
  const top = u.here();
  u.storeBack(target, line);
  u.loops.push({ kind: 'for', exits: [prep] });
  compileBody(u, s.body);
  const exits = u.loops.pop()!.exits;
  if (target.slot !== undefined) u.emit(Op.LoadModule, target.reg, target.slot, 0, 0, line);
  if (step < 0) u.emit(Op.ForNext1, target.reg, to, 0, top, line);
  else u.emit(Op.ForNext, target.reg, to, step, top, line);
  u.patch(exits);
}

/** The body of a FOR EACH: `top` is the EachNext that tests and exits, so the back edge is a Loop. */
function loopBody(u: UnitBuilder, s: StmtOf<'for_each'>, top: number, exits: number[]): void {
  u.loops.push({ kind: 'for', exits });
  compileBody(u, s.body);
  u.loops.pop();
  u.emit(Op.Loop, 0, 0, 0, top, s.loc.line);
  u.patch(exits);
}

function compileExit(u: UnitBuilder, s: StmtOf<'exit'>): void {
  const line = s.loc.line;
  if (s.what === 'sub' || s.what === 'function') {
    if (u.kind !== s.what) return u.fail(`EXIT ${s.what.toUpperCase()} outside a ${s.what.toUpperCase()}`, line);
    return compileReturn(u, undefined, line);
  }
  const loop = [...u.loops].reverse().find((l) => l.kind === s.what);
  if (!loop) return u.fail(`EXIT ${s.what.toUpperCase()} outside a ${s.what.toUpperCase()} loop`, line);
  loop.exits.push(u.emit(Op.Jump, 0, 0, 0, 0, line));
}

function compileSelect(u: UnitBuilder, s: StmtOf<'select'>): void {
  const line = s.loc.line;
  const subject = u.temp();
  exprInto(u, s.subject, subject);
  const ends: number[] = [];
  for (const c of s.cases) {
    const hits: number[] = [];
    let miss: number | undefined;
    c.values.forEach((value, i) => {
      const mark = u.mark();
      const reg = operand(u, value);
      if (i < c.values.length - 1) hits.push(u.emit(Op.JumpIfEq, subject, reg, 0, 0, value.loc.line));
      else miss = u.emit(Op.JumpUnlessEq, subject, reg, 0, 0, value.loc.line);
      u.release(mark);
    });
    u.patch(hits);
    compileBody(u, c.body);
    ends.push(u.emit(Op.Jump, 0, 0, 0, 0, line));
    if (miss !== undefined) u.patch([miss]);
  }
  compileBody(u, s.elseBody);
  u.patch(ends);
}

/** True when e reads only this frame's own registers, which die with it (no copy needed on return). */
function ownedByFrame(u: UnitBuilder, e: Expr): boolean {
  if (e.kind === 'variable') return u.resolve(e.name).kind === 'reg';
  if (e.kind === 'member' || e.kind === 'index') return ownedByFrame(u, e.object);
  return true;
}

function compileReturn(u: UnitBuilder, value: Expr | undefined, line: number): void {
  if (value) {
    u.emit(Op.Return, operand(u, value), ownedByFrame(u, value) ? 0 : 1, 0, 0, line);
  } else if (u.kind === 'function') {
    u.emit(Op.Return, u.varIndex.get(u.name)!, 0, 0, 0, line);
  } else {
    u.emit(Op.ReturnNull, 0, 0, 0, 0, line);
  }
}
