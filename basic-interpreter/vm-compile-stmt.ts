import type { Expr, Stmt } from './ast.js';
import { Op } from './instructions.js';
import type { JitState, UnitBuilder } from './vm-compile-unit.js';
import { walkStmts } from './vm-compile-walk.js';
import { genRegion } from './vm-jit-gen.js';
import { hasLoop, pureStatement } from './vm-jit-pure.js';
import { jumpIfFalse, jumpIfTrue } from './vm-compile-cond.js';
import { compileCommand, compileHear, compileSave } from './vm-compile-dialog.js';
import { compileCall, exprInto, operand, ownedOperand, valueInto } from './vm-compile-expr.js';

/** Statements to register code: control flow as jumps, FOR with fused step-and-test, effects. */

type StmtOf<K extends Stmt['kind']> = Extract<Stmt, { kind: K }>;

/**
 * A list of statements. Each longest run of statements that cannot suspend and contains a loop
 * becomes one region: a Native instruction (generated code, when there is any) before the
 * run's instructions.
 */
export function compileBody(u: UnitBuilder, stmts: readonly Stmt[]): void {
  const jit = u.script.jit;
  for (let i = 0; i < stmts.length; ) {
    let end = i;
    if (!u.inRegion) while (end < stmts.length && pureStatement(stmts[end]!, u.script.procs, jit.pure)) end++;
    const run = stmts.slice(i, end);
    if (run.some(hasLoop)) {
      compileRegion(u, run, jit);
      i = end;
      continue;
    }
    for (const s of run) compileStmt(u, s);
    if (end < stmts.length) compileStmt(u, stmts[end]!);
    i = end + 1;
  }
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
      backEdge(u, s, u.emit(Op.Loop, 0, 0, 0, top, line));
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

/**
 * Statements that cannot suspend: a Native instruction that runs them as generated code and
 * jumps past their instructions, which follow (and run instead when generated code is unavailable).
 */
function compileRegion(u: UnitBuilder, run: readonly Stmt[], jit: JitState): void {
  const index = jit.regions.length;
  const line = run[0]!.loc.line;
  const native = u.emit(Op.Native, 0, 0, index, 0, line);
  u.inRegion = true;
  compileBody(u, run);
  u.inRegion = false;
  u.patch([native]);
  let calls = false;
  const note = (name: string) => void (calls ||= u.script.procs.has(name));
  walkStmts(run, { stmt: (s) => void (s.kind === 'call' && note(s.name)), expr: (e) => void ((e.kind === 'call' || e.kind === 'variable') && note(e.name)) });
  if (!jit.generate) return void jit.regions.push(false);
  try {
    jit.functions.push(genRegion(u, jit.pool, `g${index}`, run, calls, u.script.backEdges));
    jit.regions.push(true);
  } catch (error) {
    jit.regions.push(false);
    jit.failures.push(`lines ${line}-${run[run.length - 1]!.loc.line}: ${(error as Error).message}`);
  }
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
  backEdge(u, s, step < 0 ? u.emit(Op.ForNext1, target.reg, to, 0, top, line) : u.emit(Op.ForNext, target.reg, to, step, top, line));
  u.patch(exits);
}

/** The body of a FOR EACH: `top` is the EachNext that tests and exits, so the back edge is a Loop. */
function loopBody(u: UnitBuilder, s: StmtOf<'for_each'>, top: number, exits: number[]): void {
  u.loops.push({ kind: 'for', exits });
  compileBody(u, s.body);
  u.loops.pop();
  backEdge(u, s, u.emit(Op.Loop, 0, 0, 0, top, s.loc.line));
  u.patch(exits);
}

/** Records a loop's length (its back edge's step count), which generated code must count the same. */
function backEdge(u: UnitBuilder, s: Stmt, at: number): void {
  u.script.backEdges.set(s, at - u.code[at]!.d + 1);
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
