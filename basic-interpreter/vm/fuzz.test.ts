import type { BinaryOp, Expr, Procedure, Stmt } from '../parser/index.js';
import {
  arr, bin, call, callStmt, converse, doWhile, exit, fn, forEach, forTo, hear, iff, idx, interp, kw, line, mem, neg, not, obj, program, RecordingHost, ret, select,
  set, sub, talk, v,
} from '../../test/support/basic-ast.js';

/**
 * Random programs (from a fixed seed) that ask for answers, generated twice: once asking with
 * HEAR, so the dialog suspends and its state goes through JSON (and the script is compiled anew)
 * at every answer, and once reading the same answers from the host without ever suspending. Both
 * must tell the same story — outputs, values, copies, errors and their lines — and every run must
 * end as a script author would see it: done, waiting, or a runtime error at a line of the
 * program, never an error of the VM's own code.
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

/** How a generated program asks for its next answer: HEAR, or an effect answered by the host. */
type Ask = (variable: string) => Stmt;
let ask: Ask = (variable) => hear(variable);

function stmt(depth: number, loops: ('for' | 'do')[] = []): Stmt {
  const at = <S extends Stmt>(s: S) => line(lineNo++, s);
  const body = (kind?: 'for' | 'do') => Array.from({ length: 1 + random(3) }, () => stmt(depth - 1, kind ? [...loops, kind] : loops));
  const simple = [
    () => at(set(pick(['a', 'b', 'a', 'b', 'c', 'd']), expr(2))),
    () => at(talk(expr(2))),
    () => at(set(mem(v('d'), pick(['k', 'z'])), expr(1))),
    () => at(set(idx(v('c'), random(3)), expr(1))),
    () => at(callStmt('note', expr(1))),
    () => at(ask(pick(['a', 'b']))),
    () => at(callStmt('ask')),
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

const procedures = (): Procedure[] => [
  fn('twice', ['x'], [ret(bin('&', v('x'), v('x')))]),
  fn('bump', [], [set('a', bin('+', v('a'), 1)), ret(v('a'))]),
  sub('note', ['x'], [set('d', v('x'))]),
  sub('ask', [], [ask('b'), talk(interp('heard ', v('b')))]),
];

/** Program `i`, asking the given way; the same `i` gives the same program shape either way. */
function generate(i: number, how: Ask) {
  ask = how;
  seed = 1000 + i * 7919;
  lineNo = 1;
  const start = [set('a', 1), set('b', 'x'), set('c', arr(1, 2)), set('d', obj({ k: 0 })), set('n', 0)];
  const body = Array.from({ length: 8 }, () => (random(2) ? [stmt(2)] : [stmt(2), line(lineNo++, ask('a'))])).flat();
  return program('start.bas', [...start, ...body], { procedures: procedures() });
}

const ANSWERS = ['1', 'x', '3', '', 'ab', '-2', '7', 'y', '0', '12'];
const limits = { maxSteps: 1_000_000, maxOutputChars: 1_000_000 };

test.each(Array.from({ length: 200 }, (_, i) => i))('random program %i', async (i) => {
  const heard = await converse([generate(i, (name) => hear(name))], 'start', { inputs: ANSWERS, fresh: true, limits });
  const answers = [...ANSWERS];
  const host = new RecordingHost({
    'session.get': () => {
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no more answers');
      return answer;
    },
  });
  const read = await converse([generate(i, (name) => set(name, kw('get_session', 'answer')))], 'start', { host, limits });

  const end = heard.at(-1)!;
  if (end.startsWith('= error')) {
    expect(end).toMatch(/^= error start\.bas:(\d+): .+ \(line \1\)$/);
    expect(end).not.toMatch(/TypeError|Cannot read|is not a function|is not iterable|undefined|internal/);
  } else {
    expect(end).toMatch(/^= (done|waiting)$/);
  }
  const story = heard.filter((l) => !l.startsWith('> ')).map((l) => (l === '= waiting' ? '= no more answers' : l));
  expect(read.map((l) => l.replace(/^= error .*: no more answers \(line \d+\)$/, '= no more answers'))).toEqual(story);
});
