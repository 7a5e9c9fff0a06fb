import type { Expr, Procedure, Stmt } from './ast.js';
import type { UnitBuilder } from './vm-compile-unit.js';
import { scalarConst } from './vm-compile-walk.js';
import { cond, fresh, gv, gx, type GenContext, type JitPool, place, type RegisterMode } from './vm-jit-expr.js';
import { HELPER_NAMES } from './vm-jit-runtime.js';

/**
 * Statements, loop regions and procedures to JavaScript source (the tier for code that cannot
 * suspend; see vm-jit-pure.ts). Every construct mirrors vm-compile-stmt.ts, including the step
 * count of each loop's back edge (`backEdges`: the length of the loop in instructions) and the
 * line a runtime error names, so limits and errors read the same on both paths.
 */

interface StmtContext extends GenContext {
  readonly backEdges: ReadonlyMap<Stmt, number>;
  /** Count steps in a local (only where no procedure is called, as those count in `m.steps`). */
  readonly localSteps: boolean;
  readonly loops: { kind: 'for' | 'do' | 'while'; label: string }[];
}

/** A node's line as a plain integer: only numbers ever reach the generated source. */
function ln(node: { loc: { line: number } }): number {
  return Number.isSafeInteger(node.loc.line) ? node.loc.line : 0;
}

function body(c: StmtContext, stmts: readonly Stmt[]): string {
  return stmts.map((s) => stmt(c, s)).join('\n');
}

function inLoop(c: StmtContext, kind: 'for' | 'do' | 'while', label: string, build: () => string): string {
  c.loops.push({ kind, label });
  try {
    return build();
  } finally {
    c.loops.pop();
  }
}

/** The back edge: count the loop's instructions, check the limits (errors name the loop's line). */
function backEdge(c: StmtContext, s: Stmt): string {
  return `line = ${ln(s)}; ${steps(c, s)}`;
}

/** Counts one iteration. A region that calls no procedure keeps the count in a local until it exits. */
function steps(c: StmtContext, s: Stmt): string {
  const size = c.backEdges.get(s);
  if (size === undefined) throw new Error('jit: loop without a recorded back edge');
  if (!c.localSteps) return `STEPS(m, ${size});`;
  return `if ((steps += ${size}) >= checkAt) { m.steps = steps; m.checkLimits(); checkAt = m.checkAt; }`;
}

function owned(c: StmtContext, e: Expr): string {
  const k = scalarConst(e);
  return k ? c.pool.literal(k.value) : gv(c, e);
}

function stmt(c: StmtContext, s: Stmt): string {
  const at = `line = ${ln(s)};`;
  switch (s.kind) {
    case 'assign': {
      const t = s.target;
      if (t.kind === 'variable') return `${at} ${place(c, t.name)} = ${gv(c, s.value)};`;
      const v = fresh(c, 't');
      if (t.kind === 'member') return `${at} { const ${v} = ${owned(c, s.value)}; SETMEMBER(${gx(c, t.object)}, ${c.pool.ref(t.name)}, ${v}); }`;
      const i = fresh(c, 't');
      return `${at} { const ${v} = ${owned(c, s.value)}; const ${i} = ${gx(c, t.index)}; SETINDEX(${gx(c, t.object)}, ${i}, ${v}); }`;
    }
    case 'if': {
      const branches = s.branches.map((b) => `if (${cond(c, b.condition)}) {\n${body(c, b.body)}\n}`).join(' else ');
      return `${at} ${branches} else {\n${body(c, s.elseBody)}\n}`;
    }
    case 'for': {
      const [label, cur, to, step] = [fresh(c, 'L'), fresh(c, 't'), fresh(c, 't'), s.step ? fresh(c, 't') : '1'];
      const v = place(c, s.variable);
      // A register variable takes FROM at once; a module variable (from a procedure) only when the body runs.
      const inRegister = c.u.varIndex.has(s.variable);
      const test = s.step ? `(${step} >= 0 ? ${cur} <= ${to} : ${cur} >= ${to})` : `${cur} <= ${to}`;
      const bounds = `let ${to} = ${gx(c, s.to)};${s.step ? ` let ${step} = ${gx(c, s.step)};` : ''}`;
      const numbers = `${to} = NUM(${to});${s.step ? ` ${step} = NUM(${step});` : ''}`;
      const head = inRegister
        ? `${v} = ${gx(c, s.from)}; ${bounds}\nline = ${ln(s)}; let ${cur} = NUM(${v}); ${numbers} ${v} = ${cur};`
        : `let ${cur} = ${gx(c, s.from)}; ${bounds}\nline = ${ln(s)}; ${cur} = NUM(${cur}); ${numbers}`;
      return `${at} { ${head}
if (${test}) ${label}: for (;;) { ${inRegister ? '' : `${v} = ${cur};`}
${inLoop(c, 'for', label, () => body(c, s.body))}
line = ${ln(s)}; ${cur} = ${v}; ${cur} = (typeof ${cur} === 'number' ? ${cur} : NUM(${cur})) + ${step};${inRegister ? ` ${v} = ${cur};` : ''}
if (!(${test})) break; ${steps(c, s)} } }`;
    }
    case 'for_each': {
      const [label, list, i] = [fresh(c, 'L'), fresh(c, 't'), fresh(c, 't')];
      return `${at} { const ${list} = EACH(${gx(c, s.list)}); let ${i} = 0;
${label}: for (;;) { if (${i} >= ${list}.length) break; ${place(c, s.variable)} = ${list}[${i}++];
${inLoop(c, 'for', label, () => body(c, s.body))}
${backEdge(c, s)} } }`;
    }
    case 'loop': {
      const label = fresh(c, 'L');
      const exit = s.condition ? `if (${s.mode === 'while' ? '!' : ''}${cond(c, s.condition)}) break;` : '';
      const inner = inLoop(c, s.loop, label, () => body(c, s.body));
      const before = s.test === 'before' ? exit : '';
      const after = s.test === 'after' ? exit : '';
      return `${at} ${label}: for (;;) { ${before}\n${inner}\n${after} ${backEdge(c, s)} }`;
    }
    case 'exit': {
      if (s.what === 'sub' || s.what === 'function') return `${at} ${procReturn(c)}`;
      const loop = [...c.loops].reverse().find((l) => l.kind === s.what);
      if (!loop) throw new Error('jit: EXIT outside its loop');
      return `${at} break ${loop.label};`;
    }
    case 'select': {
      const subject = fresh(c, 't');
      const cases = s.cases.map((k) => `if (${k.values.map((v) => `EQ(${subject}, ${gx(c, v)})`).join(' || ')}) {\n${body(c, k.body)}\n}`);
      return `${at} { const ${subject} = ${gx(c, s.subject)};\n${[...cases, `{\n${body(c, s.elseBody)}\n}`].join(' else ')} }`;
    }
    case 'call':
      return `${at} ${gx(c, { kind: 'call', name: s.name, args: s.args, loc: s.loc })};`;
    case 'return':
      if (!s.value) return `${at} ${procReturn(c)}`;
      return `${at} return ${ownedByFrame(c.u, s.value) ? gx(c, s.value) : `CLONE(${gx(c, s.value)})`};`;
    case 'talk':
      return `${at} TALK(m, ${gx(c, s.value)});`;
    case 'command':
      return `${at} ${command(c, s)}`;
    case 'hear':
    case 'wait':
    case 'save':
      throw new Error(`jit: ${s.kind} cannot be generated`);
  }
}

function command(c: StmtContext, s: Extract<Stmt, { kind: 'command' }>): string {
  const arg = (i: number) => (s.args[i] ? gx(c, s.args[i]) : 'null');
  switch (s.keyword) {
    case 'set_header':
      return `SETHEADER(m, ${arg(0)}, ${arg(1)});`;
    case 'clear_headers':
      return 'CLEARHEADERS(m);';
    case 'clear_suggestions':
      return 'CLEARSUG(m);';
    case 'add_suggestion': {
      const key = fresh(c, 't');
      return `{ const ${key} = ${arg(0)}; ADDSUG(m, ${key}, ${s.args.length > 1 ? arg(1) : key}); }`;
    }
    default:
      throw new Error(`jit: ${s.keyword} cannot be generated`);
  }
}

function procReturn(c: StmtContext): string {
  return c.u.kind === 'function' ? `return l${c.u.varIndex.get(c.u.name)};` : 'return null;';
}

/** As in vm-compile-stmt.ts: values read only from the dying frame need no copy on return. */
function ownedByFrame(u: UnitBuilder, e: Expr): boolean {
  if (e.kind === 'variable') return u.resolve(e.name).kind === 'reg';
  if (e.kind === 'member' || e.kind === 'index') return ownedByFrame(u, e.object);
  return true;
}

function context(u: UnitBuilder, pool: JitPool, mode: RegisterMode, backEdges: ReadonlyMap<Stmt, number>, localSteps = false): StmtContext {
  return { u, pool, mode, used: new Set(), decls: [], next: 0, backEdges, loops: [], localSteps };
}

/**
 * Statements (with a loop) as `function gN(m, regs, mod, depth)`, with the frame's registers
 * kept in JS locals (loaded on entry, stored on exit, handed over around procedure calls).
 */
export function genRegion(u: UnitBuilder, pool: JitPool, name: string, run: readonly Stmt[], calls: boolean, backEdges: ReadonlyMap<Stmt, number>): string {
  const c = context(u, pool, 'cached', backEdges, !calls);
  const code = body(c, run);
  const regs = [...c.used].sort((a, b) => a - b);
  const locals = [...regs.map((r) => `r${r} = regs[${r}]`), ...c.decls];
  const store = regs.map((r) => `regs[${r}] = r${r};`).join(' ');
  const counter = calls ? ['', ''] : ['let steps = m.steps, checkAt = m.checkAt;', 'm.steps = steps;'];
  return `function ${name}(m, regs, mod, depth) {
let line = ${run[0] ? ln(run[0]) : 0}; ${locals.length ? `let ${locals.join(', ')};` : ''} ${counter[0]}
try {
${code}
} catch (e) { ${counter[1]} throw LOCATE(e, ${pool.ref(u.script.file)}, line); }
${counter[1]} ${store} }`;
}

/**
 * A SUB/FUNCTION as `function pN(m, mod, depth, a0…)` for generated callers, and `pN_` with the
 * instruction loop's calling convention (arguments in registers).
 */
export function genProc(u: UnitBuilder, pool: JitPool, name: string, proc: Procedure, backEdges: ReadonlyMap<Stmt, number>): string {
  const c = context(u, pool, 'proc', backEdges);
  const code = body(c, proc.body);
  const params = proc.params.map((_, i) => `a${i}`);
  const locals = [...u.varNames.map((_, i) => `l${i} = ${i < params.length ? `a${i}` : 'null'}`), ...c.decls];
  const end = procReturn(c);
  const args = params.map((_, i) => `, argc > ${i} ? regs[base + ${i}] : null`).join('');
  return `function ${name}(m, mod, depth${params.map((p) => `, ${p}`).join('')}) {
ENTER(m, depth);
let line = ${ln(proc)}; ${locals.length ? `let ${locals.join(', ')};` : ''}
try {
${code}
${end}
} catch (e) { throw LOCATE(e, ${pool.ref(u.script.file)}, line); } }
function ${name}_(m, mod, depth, regs, base, argc) { return ${name}(m, mod, depth${args}); }`;
}

/** The factory body: helpers and constants in scope, then the functions, then the tables. */
export function genFactory(functions: readonly string[], pool: JitPool, procUnits: readonly number[], regions: readonly (string | undefined)[]): string {
  const consts = pool.values.map((_, i) => `k${i} = K[${i}]`);
  const procs: string[] = [];
  for (const unit of procUnits) procs[unit] = `p${unit}_`;
  return `"use strict";
const { ${HELPER_NAMES.join(', ')} } = H;
${consts.length ? `const ${consts.join(', ')};` : ''}
${functions.join('\n')}
return { procs: [${Array.from(procs, (p) => p ?? 'undefined').join(', ')}], regions: [${regions.map((r) => r ?? 'undefined').join(', ')}] };`;
}
