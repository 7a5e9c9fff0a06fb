import type { Expr, Stmt } from '../parser/index.js';
import type { Value } from '../values.js';

/** Read-only traversals of the AST shared by the compiler's passes (scope analysis, constants). */

export interface WalkVisitor {
  /** Every expression, outermost first; return false to skip its children. */
  expr?(e: Expr): boolean | void;
  /** A variable a statement assigns (`x = …`, FOR x, FOR EACH x, HEAR x). */
  write?(name: string): void;
  /** Every statement, before its parts. */
  stmt?(s: Stmt): void;
}

/** Visits statements, their expressions and nested bodies, in source order. */
export function walkStmts(stmts: readonly Stmt[], v: WalkVisitor): void {
  for (const s of stmts) walkStmt(s, v);
}

/** Visits each expression of a list (absent ones skipped). */
function walkAll(list: readonly (Expr | undefined)[], v: WalkVisitor): void {
  for (const e of list) if (e) walkExpr(e, v);
}

function walkStmt(s: Stmt, v: WalkVisitor): void {
  v.stmt?.(s);
  switch (s.kind) {
    case 'assign':
      if (s.target.kind === 'variable') v.write?.(s.target.name);
      else walkAll([s.target.object, s.target.kind === 'index' ? s.target.index : undefined], v);
      return walkAll([s.value], v);
    case 'if':
      for (const b of s.branches) {
        walkAll([b.condition], v);
        walkStmts(b.body, v);
      }
      return walkStmts(s.elseBody, v);
    case 'for':
      v.write?.(s.variable);
      walkAll([s.from, s.to, s.step], v);
      return walkStmts(s.body, v);
    case 'for_each':
      v.write?.(s.variable);
      walkAll([s.list], v);
      return walkStmts(s.body, v);
    case 'loop':
      walkAll([s.condition], v);
      return walkStmts(s.body, v);
    case 'select':
      walkAll([s.subject], v);
      for (const c of s.cases) {
        walkAll(c.values, v);
        walkStmts(c.body, v);
      }
      return walkStmts(s.elseBody, v);
    case 'hear':
      v.write?.(s.variable);
      return walkAll(s.as?.kind === 'menu' ? s.as.options : [], v);
    case 'call':
    case 'command':
    case 'phrase':
      return walkAll(s.args, v);
    case 'sequence':
      return walkStmts(s.body, v);
    case 'return':
      return walkAll([s.value], v);
    case 'talk':
      return walkAll([s.value], v);
    case 'wait':
      return walkAll([s.seconds], v);
    case 'save':
      return walkAll([s.table, ...s.fields], v);
    case 'exit':
      return;
  }
}

/** Visits an expression and its children, outermost first. */
export function walkExpr(e: Expr, v: WalkVisitor): void {
  if (v.expr?.(e) === false) return;
  switch (e.kind) {
    case 'string':
      for (const part of e.parts) if (typeof part !== 'string') walkExpr(part, v);
      return;
    case 'array':
      return walkAll(e.items, v);
    case 'object':
      for (const entry of e.entries) walkExpr(entry.value, v);
      return;
    case 'member':
      return walkExpr(e.object, v);
    case 'index':
      walkExpr(e.object, v);
      return walkExpr(e.index, v);
    case 'unary':
      return walkExpr(e.operand, v);
    case 'binary':
      walkExpr(e.left, v);
      return walkExpr(e.right, v);
    case 'call':
    case 'keyword':
    case 'phrase':
      return walkAll(e.args, v);
    case 'number':
    case 'boolean':
    case 'null':
    case 'variable':
      return;
  }
}

/** The value of a literal scalar (folding `-5`), or undefined when `e` is not one. */
export function scalarConst(e: Expr): { value: Value } | undefined {
  switch (e.kind) {
    case 'number':
    case 'boolean':
      return { value: e.value };
    case 'null':
      return { value: null };
    case 'string':
      return e.parts.every((p) => typeof p === 'string') ? { value: e.parts.join('') } : undefined;
    case 'unary': {
      const inner = scalarConst(e.operand);
      if (!inner || typeof inner.value !== 'number' || e.op === 'NOT') return undefined;
      return { value: e.op === '-' ? -inner.value : inner.value };
    }
    case 'array':
    case 'object':
    case 'variable':
    case 'member':
    case 'index':
    case 'binary':
    case 'call':
    case 'keyword':
    case 'phrase':
      return undefined;
  }
}

/** A constant value (scalars, arrays and objects of constants), as PARAM … LIKE needs; else undefined. */
export function constantValue(e: Expr): { value: Value } | undefined {
  const scalar = scalarConst(e);
  if (scalar) return scalar;
  if (e.kind === 'array') {
    const items = e.items.map(constantValue);
    return items.every((i) => i) ? { value: items.map((i) => i!.value) } : undefined;
  }
  if (e.kind === 'object') {
    const out: Record<string, Value> = {};
    for (const entry of e.entries) {
      const item = constantValue(entry.value);
      if (!item) return undefined;
      out[entry.key] = item.value;
    }
    return { value: out };
  }
  return undefined;
}

/** The scalar constants of a body (literals and the text parts of interpolated strings), in order. */
export function collectConsts(stmts: readonly Stmt[]): Value[] {
  const out: Value[] = [];
  walkStmts(stmts, {
    expr(e) {
      const k = scalarConst(e);
      if (k) {
        out.push(k.value);
        return false;
      }
      if (e.kind === 'string') for (const p of e.parts) if (typeof p === 'string' && p !== '') out.push(p);
      return true;
    },
  });
  return out;
}
