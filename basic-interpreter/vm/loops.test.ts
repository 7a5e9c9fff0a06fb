import type { Procedure, Program, Stmt } from '../parser/index.js';
import {
  arr, asType, bin, call, callStmt, cmd, converse, type ConverseOptions, doLoop, doWhile, exit, fn, forEach, forTo, hear, iff, interp, line, lines,
  mem, obj, program, ret, select, set, sub, talk, v,
} from '../../test/support/basic-ast.js';

/**
 * Loops, procedures and limits on the VM: each program runs in one go and with a JSON round trip
 * of its state at every HEAR (the scripts compiled anew), and both must give the same transcript,
 * which is also checked.
 */
async function both(programs: Program[], options: ConverseOptions = {}): Promise<string[]> {
  const runs: string[][] = [];
  for (const fresh of [false, true]) runs.push(await converse(programs, 'start', { ...options, fresh }));
  expect(runs[1]).toEqual(runs[0]);
  return runs[0]!;
}

const start = (body: Stmt[], procedures: Procedure[] = []) => program('start.bas', body, { procedures });
const inc = (name: string, by: Parameters<typeof bin>[2] = 1) => set(name, bin('+', v(name), by));

describe('loops and procedures', () => {
  test('operands are read left to right even when a procedure changes them', async () => {
    const body = [set('x', 1), forTo('i', 1, 1, [set('y', bin('+', v('x'), call('bump'))), talk(interp(v('x'), ' ', v('y')))])];
    expect(await both([start(body, [fn('bump', [], [set('x', 10), ret(1)])])])).toEqual(['< 10 2', '= done']);
  });

  test('module variables a procedure uses (itself or through another) are handed over around calls', async () => {
    const procs = [fn('bump', ['n'], [callStmt('addto', v('n')), ret(v('counter'))]), sub('addto', ['n'], [inc('counter', v('n')), set('last', v('n'))])];
    const body = [set('counter', 0), set('total', 0), set('last', 0), forTo('i', 1, 5, [inc('total', call('bump', v('i'))), inc('total', v('last'))]), talk(interp(v('counter'), ' ', v('total'), ' ', v('last')))];
    expect(await both([start(body, procs)])).toEqual(['< 15 50 5', '= done']);
  });

  test('values are copies inside loops too', async () => {
    const body = [
      set('item', obj({ n: 0 })), set('list', arr()),
      forTo('i', 1, 3, [set(mem(v('item'), 'n'), v('i')), set('list', call('push', v('list'), v('item')))]),
      forEach('x', v('list'), [set(mem(v('x'), 'n'), 0)]),
      talk(v('list')), talk(v('item')),
    ];
    expect(await both([start(body)])).toEqual(['< [{"n":1},{"n":2},{"n":3}]', '< {"n":3}', '= done']);
  });

  test('runtime errors in loops and procedures name their line', async () => {
    const f = fn('half', ['n'], [line(11, iff(bin('=', v('n'), 0), [line(12, set(mem(v('nothing'), 'x'), 1))])), line(13, ret(bin('/', v('n'), 2)))]);
    const body = lines(set('s', 0), forTo('i', 3, 0, [inc('s', call('half', v('i')))], -1), talk(v('s')));
    expect(await both([start(body, [f])])).toEqual(['= error start.bas:12: cannot set member "x" of NULL (line 12)']);
    const loop = lines(set('l', arr(1, 2)), forEach('x', v('l'), [line(3, talk(bin('/', 1, bin('-', v('x'), 2))))]));
    expect(await both([start(loop)])).toEqual(['< -1', '= error start.bas:3: division by zero (line 3)']);
  });

  test('steps are counted the same: the step limit stops at the same place', async () => {
    const body = lines(set('i', 0), doLoop([inc('i'), iff(bin('=', bin('MOD', v('i'), 1000), 0), [talk(v('i'))])]));
    const out = await both([start(body)], { limits: { maxSteps: 100_000 } });
    expect(out.at(-1)).toBe('= error start.bas:2: script exceeded 100000 steps in one turn (possible infinite loop) (line 2)');
    expect(out.length).toBeGreaterThan(5);
    const calls = lines(set('n', 0), forTo('i', 1, 1e9, [inc('n', call('one'))]));
    const one = fn('one', [], [ret(1)]);
    expect((await both([start(calls, [one])], { limits: { maxSteps: 50_000 } })).at(-1)).toMatch(/exceeded 50000 steps/);
    const work = sub('work', [], [hear('x'), set('k', 0), line(7, forTo('i', 1, 1e9, [inc('k', call('one'))]))]);
    expect((await both([start([callStmt('work')], [work, one])], { inputs: ['go'], limits: { maxSteps: 30_000 } })).at(-1)).toMatch(/exceeded 30000 steps/);
  });

  test('wall time and output limits hold inside loops', async () => {
    const spin = await both([start([doLoop([inc('i')])])], { limits: { maxSteps: 1e12, maxWallMs: 30 } });
    expect(spin).toEqual(['= error start.bas:1: script ran longer than 30 ms in one turn (line 1)']);
    const chatty = await both([start([forTo('i', 1, 100, [talk('0123456789')])])], { limits: { maxOutputChars: 25 } });
    expect(chatty).toEqual(['< 0123456789', '< 0123456789', '= error start.bas:1: script output exceeded 25 characters in one turn (line 1)']);
  });

  test('loops inside a loop that HEARs, and inside a procedure that HEARs', async () => {
    const ask = sub('ask', ['times'], [
      hear('n', asType('INTEGER')),
      set('local', 0), forTo('k', 1, v('n'), [inc('local', v('times')), inc('total', v('k'))]),
      talk(interp('local ', v('local'), ' total ', v('total'))),
    ]);
    const body = [set('total', 0), forTo('round', 1, 2, [set('acc', ''), forTo('j', 1, 3, [set('acc', bin('&', v('acc'), v('j')))]), talk(v('acc')), callStmt('ask', v('round'))]), talk(v('total'))];
    expect(await both([start(body, [ask])], { inputs: ['2', '3'] })).toEqual([
      '< 123', '> 2', '< local 2 total 3', '< 123', '> 3', '< local 6 total 9', '< 9', '= done',
    ]);
  });

  test('EXIT from nested loops, SELECT, headers and suggestions set inside loops', async () => {
    const body = [
      set('s', ''),
      doWhile(true, [forTo('i', 1, 5, [forEach('c', arr('a', 'b'), [iff(bin('=', v('c'), 'b'), [exit('for')]), set('s', bin('&', v('s'), v('c')))]), iff(bin('=', v('i'), 3), [exit('do')])])]),
      forTo('i', 1, 3, [select(v('i'), [[[1], [set('s', bin('&', v('s'), 'one'))]], [[2, 3], [set('s', bin('&', v('s'), 'more'))]]])]),
      forTo('i', 1, 1, [cmd('add_suggestion', 'k', 'Label'), cmd('set_header', 'X-A', v('i'))]),
      talk(v('s')),
    ];
    expect(await both([start(body)])).toEqual(['< aaaonemoremore [k:Label]', '= done']);
  });

  test('a FOR over a module variable inside a procedure', async () => {
    const p = sub('count', ['from'], [forTo('n', v('from'), 3, [set('seen', bin('&', v('seen'), v('n')))])]);
    const body = [set('n', 'unset'), set('seen', ''), callStmt('count', 5), talk(v('n')), callStmt('count', 1), talk(interp(v('n'), ' ', v('seen')))];
    expect(await both([start(body, [p])])).toEqual(['< unset', '< 3 123', '= done']);
  });

  test('procedures calling procedures, recursion, the function-name return and built-ins', async () => {
    const procs = [
      fn('fib', ['n'], [iff(bin('<', v('n'), 2), [ret(v('n'))]), ret(bin('+', call('fib', bin('-', v('n'), 1)), call('fib', bin('-', v('n'), 2))))]),
      fn('shout', ['t'], [set('shout', call('ucase', interp(v('t'), '!')))]),
      fn('depth', ['n'], [ret(call('depth', bin('+', v('n'), 1)))]),
    ];
    expect(await both([start([talk(call('fib', 20)), talk(call('shout', 'hi')), talk(v('today'))], procs)])).toEqual(['< 6765', '< HI!', '< 2026-03-10', '= done']);
    expect((await both([start([talk(call('depth', 0))], procs)])).at(-1)).toMatch(/calls nested deeper than 5000/);
  });

  test('text that looks like code is only data: member names and strings', async () => {
    const evil = '"); process.exit(1); ("';
    const body = [set('o', obj({ [`k${evil}`]: 1 })), forTo('i', 1, 2, [set(mem(v('o'), `m'${evil}`), v('i')), talk(interp(evil, v('i')))]), talk(v('o'))];
    expect(await both([start(body)])).toEqual([`< ${evil}1`, `< ${evil}2`, `< ${JSON.stringify({ [`k${evil}`]: 1, [`m'${evil}`]: 2 })}`, '= done']);
  });
});
