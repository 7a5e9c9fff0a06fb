import type { Expr, Procedure, Program, Stmt } from './ast.js';
import { builtinFunctions } from './keywords/index.js';
import type { ProcRef } from './vm-compile-unit.js';
import { walkExpr, walkStmts } from './vm-compile-walk.js';

/**
 * Which code can run as generated JavaScript (vm-jit-gen.ts): code that can neither suspend (HEAR,
 * WAIT, calls into other scripts) nor await (effects), and so never needs its state saved halfway.
 * Such SUBs and FUNCTIONs become JS functions; such loops inside any code become one `Native`
 * instruction. Everything else runs on the instruction loop.
 */

interface Context {
  /** Inside a procedure body (RETURN and EXIT SUB/FUNCTION allowed), or a loop region (not). */
  proc: 'sub' | 'function' | null;
  loops: ('for' | 'do' | 'while')[];
  procs: ReadonlyMap<string, ProcRef>;
  pure: ReadonlySet<string>;
}

function exprPure(e: Expr, c: Context): boolean {
  let ok = true;
  walkExpr(e, {
    expr(node) {
      if (!ok) return false;
      if (node.kind === 'keyword') ok = false;
      else if (node.kind === 'call') ok = callPure(node.name, node.args.length, c);
      else if (node.kind === 'variable' && c.procs.has(node.name)) ok = callPure(node.name, 0, c);
      return ok;
    },
  });
  return ok;
}

function callPure(name: string, argc: number, c: Context): boolean {
  const proc = c.procs.get(name);
  if (proc) return c.pure.has(name) && argc <= proc.params;
  return Object.hasOwn(builtinFunctions, name);
}

function stmtsPure(stmts: readonly Stmt[], c: Context): boolean {
  return stmts.every((s) => stmtPure(s, c));
}

function inLoop(kind: 'for' | 'do' | 'while', body: readonly Stmt[], c: Context): boolean {
  return stmtsPure(body, { ...c, loops: [...c.loops, kind] });
}

function stmtPure(s: Stmt, c: Context): boolean {
  const all = (exprs: readonly (Expr | undefined)[]) => exprs.every((e) => !e || exprPure(e, c));
  switch (s.kind) {
    case 'assign':
      return all([s.value, s.target.kind === 'variable' ? undefined : s.target.object, s.target.kind === 'index' ? s.target.index : undefined]);
    case 'if':
      return s.branches.every((b) => exprPure(b.condition, c) && stmtsPure(b.body, c)) && stmtsPure(s.elseBody, c);
    case 'for':
      return all([s.from, s.to, s.step]) && inLoop('for', s.body, c);
    case 'for_each':
      return all([s.list]) && inLoop('for', s.body, c);
    case 'loop':
      return all([s.condition]) && inLoop(s.loop, s.body, c);
    case 'select':
      return exprPure(s.subject, c) && s.cases.every((k) => all(k.values) && stmtsPure(k.body, c)) && stmtsPure(s.elseBody, c);
    case 'exit':
      return s.what === 'sub' || s.what === 'function' ? c.proc === s.what : c.loops.includes(s.what);
    case 'call':
      return callPure(s.name, s.args.length, c) && all(s.args);
    case 'return':
      return c.proc !== null && all([s.value]);
    case 'talk':
      return exprPure(s.value, c);
    case 'command':
      return ['set_header', 'clear_headers', 'add_suggestion', 'clear_suggestions'].includes(s.keyword) && all(s.args);
    case 'hear':
    case 'wait':
    case 'save':
      return false;
  }
}

/** The procedures that can run as JS: pure bodies calling only built-ins and other such procedures. */
export function pureProcedures(program: Program, procs: ReadonlyMap<string, ProcRef>): Set<string> {
  const pure = new Set(program.procedures.map((p) => p.name));
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of program.procedures) {
      if (pure.has(p.name) && !stmtsPure(p.body, { proc: p.kind, loops: [], procs, pure })) {
        pure.delete(p.name);
        changed = true;
      }
    }
  }
  return pure;
}

/** True when a statement can be part of a native region (no RETURN, no EXIT out of the region). */
export function pureStatement(s: Stmt, procs: ReadonlyMap<string, ProcRef>, pure: ReadonlySet<string>): boolean {
  return stmtPure(s, { proc: null, loops: [], procs, pure });
}

/** True when a statement is or contains a loop: what makes a region worth generating. */
export function hasLoop(s: Stmt): boolean {
  switch (s.kind) {
    case 'for':
    case 'for_each':
    case 'loop':
      return true;
    case 'if':
      return s.branches.some((b) => b.body.some(hasLoop)) || s.elseBody.some(hasLoop);
    case 'select':
      return s.cases.some((k) => k.body.some(hasLoop)) || s.elseBody.some(hasLoop);
    default:
      return false;
  }
}

/** True when evaluating e may run a procedure of this script (which may change module variables). */
export function callsProcedure(e: Expr, procs: ReadonlyMap<string, ProcRef>): boolean {
  let found = false;
  walkExpr(e, {
    expr(node) {
      if ((node.kind === 'call' || node.kind === 'variable') && procs.has(node.name)) found = true;
      return !found;
    },
  });
  return found;
}

/**
 * The module variables (slots) each procedure reads or writes, itself or through the procedures
 * it calls. Generated loops keep variables in JS locals and write back only these around a call.
 */
export function moduleTouches(
  program: Program,
  locals: ReadonlyMap<Procedure, readonly string[]>,
  moduleIndex: ReadonlyMap<string, number>,
  procs: ReadonlyMap<string, ProcRef>,
): Map<string, Set<number>> {
  const slots = new Map<string, Set<number>>();
  const callees = new Map<string, Set<string>>();
  for (const p of program.procedures) {
    const own = new Set(locals.get(p));
    const mine = new Set<number>();
    const calls = new Set<string>();
    const note = (name: string) => {
      const slot = own.has(name) ? undefined : moduleIndex.get(name);
      if (slot !== undefined) mine.add(slot);
      if (procs.has(name)) calls.add(name);
    };
    walkStmts(p.body, {
      write: note,
      stmt: (st) => void (st.kind === 'call' && note(st.name)),
      expr: (e) => void ((e.kind === 'variable' || e.kind === 'call') && note(e.name)),
    });
    slots.set(p.name, mine);
    callees.set(p.name, calls);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, mine] of slots) {
      for (const callee of callees.get(name) ?? []) {
        for (const slot of slots.get(callee) ?? []) {
          if (!mine.has(slot)) {
            mine.add(slot);
            changed = true;
          }
        }
      }
    }
  }
  return slots;
}
