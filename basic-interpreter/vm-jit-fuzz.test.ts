import type { BinaryOp, Expr, Procedure, Stmt } from './ast.js';
import {
  arr, bin, call, callStmt, compileDefaults, converse, doWhile, exit, fn, forEach, forTo, iff, idx, interp, line, mem, neg, not, obj, program, ret, select, set, sub, talk, v,
} from './test-ast.js';

/**
 * Random programs (from a fixed seed) run with and without generated code must give the same
 * transcript: values, copies, errors and their lines, step limits.
 */
let seed = 12345;
function random(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
}
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;

const VARS = ['a', 'b', 'c', 'd'];
const OPS: BinaryOp[] = ['+', '-', '*', '/', '\\', 'MOD', '&', '=', '<>', '<', '>=', 'AND', 'OR'];
let lineNo = 1;

function expr(depth: number): Expr {
  const leaf = () =>
    pick<() => Expr>([
      () => v(pick(VARS)),
      () => ({ kind: 'number', value: random(7) - 2, loc: { line: 1, column: 1 } }),
      () => ({ kind: 'string', parts: [pick(['', 'x', '3', 'ab'])], loc: { line: 1, column: 1 } }),
      () => v('i'),
    ])();
  if (depth <= 0) return leaf();
  return pick<() => Expr>([
    leaf,
    () => bin(pick(OPS), expr(depth - 1), expr(depth - 1)),
    () => neg(expr(depth - 1)),
    () => not(expr(depth - 1)),
    () => arr(expr(depth - 1), expr(depth - 1)),
    () => obj({ k: expr(depth - 1) }),
    () => mem(expr(depth - 1), 'k'),
    () => idx(expr(depth - 1), random(3)),
    () => interp('<', expr(depth - 1), '>'),
    () => call('twice', expr(depth - 1)),
    () => call('len', expr(depth - 1)),
    () => call('bump'),
  ])();
}

function stmt(depth: number, loops: ('for' | 'do')[] = []): Stmt {
  const at = <S extends Stmt>(s: S) => line(lineNo++, s);
  const body = (kind?: 'for' | 'do') => Array.from({ length: 1 + random(3) }, () => stmt(depth - 1, kind ? [...loops, kind] : loops));
  const simple = [
    () => at(set(pick(['a', 'b', 'a', 'b', 'c', 'd']), expr(2))),
    () => at(talk(expr(2))),
    () => at(set(mem(v('d'), pick(['k', 'z'])), expr(1))),
    () => at(set(idx(v('c'), random(3)), expr(1))),
    () => at(callStmt('note', expr(1))),
  ];
  if (depth <= 0) return pick(simple)();
  const compound = [
    () => at(iff(expr(2), body(), body())),
    () => at(forTo('i', random(3), random(5), body('for'), pick([1, 2, -1]))),
    () => at(forEach('i', pick([arr(1, 'x', arr(2)), obj({ p: 1, q: 'y' }), v('c')]), body('for'))),
    () => at(doWhile(bin('<', v('n'), random(5)), [at(set('n', bin('+', v('n'), 1))), ...body('do')])),
    () => at(select(expr(1), [[[1, 'x'], body()], [[expr(1)], body()]], body())),
  ];
  const exits = loops.length ? [() => at(iff(bin('>', v('i'), 2), [at(exit(pick(loops)))]))] : [];
  return pick([...simple, ...compound, ...compound, ...exits])();
}

const procedures: Procedure[] = [
  fn('twice', ['x'], [ret(bin('&', v('x'), v('x')))]),
  fn('bump', [], [set('a', bin('+', v('a'), 1)), ret(v('a'))]),
  sub('note', ['x'], [set('d', v('x'))]),
];

async function transcript(p: ReturnType<typeof program>, jit: boolean): Promise<string[]> {
  compileDefaults.jit = jit;
  try {
    return await converse([p], 'start', { limits: { maxSteps: 20_000, maxOutputChars: 5_000 } });
  } finally {
    compileDefaults.jit = true;
  }
}

test.each(Array.from({ length: 200 }, (_, i) => i))('random program %i', async (i) => {
  seed = 1000 + i * 7919;
  lineNo = 1;
  const body = [set('a', 1), set('b', 'x'), set('c', arr(1, 2)), set('d', obj({ k: 0 })), set('n', 0), ...Array.from({ length: 8 }, () => stmt(2))];
  const p = program('start.bas', body, { procedures });
  expect(await transcript(p, true)).toEqual(await transcript(p, false));
});
