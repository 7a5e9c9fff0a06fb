import type { BinaryOp, Expr } from '../parser/index.js';
import { Op, type OpCode } from '../vm/index.js';
import type { UnitBuilder } from './compile-unit.js';
import { operand, operandPair } from './compile-expr.js';
import { scalarConst } from './compile-walk.js';

/**
 * Conditions of IF, loops and SELECT compiled straight to jumps: comparisons fuse with the
 * branch, AND/OR short-circuit without making a boolean, NOT swaps the jump.
 */

/** Fused compare-and-branch: jump to d unless the comparison holds. */
const JUMP_UNLESS: Partial<Record<BinaryOp, OpCode>> = {
  '=': Op.JumpUnlessEq, '<>': Op.JumpUnlessNe, '<': Op.JumpUnlessLt, '<=': Op.JumpUnlessLe, '>': Op.JumpUnlessGt, '>=': Op.JumpUnlessGe,
};

/** Emits jumps taken when e is false; returns them for patching. Falls through when e is true. */
export function jumpIfFalse(u: UnitBuilder, e: Expr): number[] {
  const mark = u.mark();
  try {
    const k = scalarConst(e);
    if (k && k.value === true) return [];
    if (e.kind === 'unary' && e.op === 'NOT') return jumpIfTrue(u, e.operand);
    if (e.kind === 'binary') {
      if (e.op === 'AND') return [...jumpIfFalse(u, e.left), ...jumpIfFalse(u, e.right)];
      if (e.op === 'OR') {
        const taken = jumpIfTrue(u, e.left);
        const out = jumpIfFalse(u, e.right);
        u.patch(taken);
        return out;
      }
      const fused = JUMP_UNLESS[e.op];
      if (fused !== undefined) {
        const [left, right] = operandPair(u, e.left, e.right);
        return [u.emit(fused, left, right, 0, 0, e.loc.line)];
      }
    }
    return [u.emit(Op.JumpIfFalse, operand(u, e), 0, 0, 0, e.loc.line)];
  } finally {
    u.release(mark);
  }
}

/** Emits jumps taken when e is true; falls through when e is false. */
export function jumpIfTrue(u: UnitBuilder, e: Expr): number[] {
  const mark = u.mark();
  try {
    if (e.kind === 'unary' && e.op === 'NOT') return jumpIfFalse(u, e.operand);
    if (e.kind === 'binary') {
      if (e.op === 'OR') return [...jumpIfTrue(u, e.left), ...jumpIfTrue(u, e.right)];
      if (e.op === 'AND') {
        const skip = jumpIfFalse(u, e.left);
        const out = jumpIfTrue(u, e.right);
        u.patch(skip);
        return out;
      }
      if (e.op === '=' || e.op === '<>') {
        const [left, right] = operandPair(u, e.left, e.right);
        return [u.emit(e.op === '=' ? Op.JumpUnlessNe : Op.JumpUnlessEq, left, right, 0, 0, e.loc.line)];
      }
    }
    return [u.emit(Op.JumpIfTrue, operand(u, e), 0, 0, 0, e.loc.line)];
  } finally {
    u.release(mark);
  }
}
