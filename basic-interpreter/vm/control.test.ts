import type { Stmt } from '../parser/index.js';
import {
  arr, bin, call, callStmt, converse, doLoop, doUntil, doWhile, exit, fn, forEach, forTo, hear, iff, ifs, interp, line, loopUntil, loopWhile,
  obj, param, program, ret, select, set, sub, talk, v, whileWend,
} from '../../test/support/basic-ast.js';

async function run(body: Stmt[], extra: Parameters<typeof program>[2] = {}): Promise<string[]> {
  return converse([program('start.bas', body, extra)], 'start');
}

const append = (name: string, e: Parameters<typeof bin>[1]) => set(name, bin('&', v(name), e));

describe('loops', () => {
  test('FOR with and without STEP, counting down, never entered; bounds evaluated once', async () => {
    const body = [
      set('s', ''), forTo('i', 1, 5, [append('s', v('i'))]), talk(v('s')),
      set('s', ''), forTo('i', 10, 1, [append('s', bin('&', v('i'), ' '))], -3), talk(v('s')),
      forTo('i', 1, 0, [talk('never')]), talk(interp('after ', v('i'))),
      set('n', 3), set('s', ''), forTo('i', 1, v('n'), [set('n', 10), append('s', v('i'))]), talk(v('s')),
      set('s', ''), forTo('x', 0, 1, [append('s', bin('&', v('x'), ','))], 0.25), talk(v('s')),
    ];
    expect(await run(body)).toEqual(['< 12345', '< 10 7 4 1 ', '< after 1', '< 123', '< 0,0.25,0.5,0.75,1,', '= done']);
  });

  test('FOR EACH over arrays, object values, NULL; the list is a snapshot', async () => {
    const body = [
      set('s', ''), forEach('c', arr('a', 'b', 'c'), [append('s', v('c'))]), talk(v('s')),
      set('s', ''), forEach('c', obj({ x: 1, y: 2 }), [append('s', v('c'))]), talk(v('s')),
      forEach('c', null, [talk('never')]),
      set('l', arr(1, 2)), set('s', ''), forEach('c', v('l'), [set('l', arr()), append('s', v('c'))]), talk(v('s')),
    ];
    expect(await run(body)).toEqual(['< abc', '< 12', '< 12', '= done']);
    expect((await run([forEach('c', 5, [])])).at(-1)).toMatch(/FOR EACH needs a list, got 5/);
  });

  test('DO and WHILE loops in all their forms, and EXIT', async () => {
    const body = [
      set('i', 0), doWhile(bin('<', v('i'), 3), [set('i', bin('+', v('i'), 1))]), talk(v('i')),
      doUntil(bin('=', v('i'), 0), [set('i', bin('-', v('i'), 1))]), talk(v('i')),
      loopWhile([set('i', bin('+', v('i'), 2))], bin('<', v('i'), 5)), talk(v('i')),
      loopUntil([set('i', bin('-', v('i'), 1))], bin('<=', v('i'), 4)), talk(v('i')),
      whileWend(bin('<', v('i'), 8), [set('i', bin('+', v('i'), 1))]), talk(v('i')),
      set('t', 0), forTo('i', 1, 100, [iff(bin('>', v('i'), 3), [exit('for')]), set('t', bin('+', v('t'), v('i')))]), talk(v('t')),
      doLoop([set('t', bin('+', v('t'), 1)), iff(bin('>=', v('t'), 10), [exit('do')])]), talk(v('t')),
      whileWend(true, [exit('while')]), talk('out'),
      forTo('i', 1, 3, [forEach('c', arr(1, 2, 3), [iff(bin('=', v('c'), 2), [exit('for')]), talk(interp(v('i'), v('c')))])]),
    ];
    expect(await run(body)).toEqual(['< 3', '< 0', '< 6', '< 4', '< 8', '< 6', '< 10', '< out', '< 11', '< 21', '< 31', '= done']);
  });

  test('EXIT outside its loop is reported at compile time and fails at that line', async () => {
    expect((await run([talk(1), line(2, exit('for'))])).at(-1)).toBe('= error start.bas:2: EXIT FOR outside a FOR loop (line 2)');
  });
});

describe('IF and SELECT', () => {
  test('IF / ELSEIF / ELSE', async () => {
    const body = [forEach('n', arr(1, 5, 10, 20), [ifs([[bin('<', v('n'), 5), [talk('small')]], [bin('<', v('n'), 10), [talk('medium')]], [bin('=', v('n'), 10), [talk('ten')]]], [talk('large')])])];
    expect(await run(body)).toEqual(['< small', '< medium', '< ten', '< large', '= done']);
  });

  test('SELECT CASE compares with = and takes alternatives', async () => {
    const body = [forEach('x', arr(1, 2, 3, 'a', 'z', '2'), [select(v('x'), [[[1, 2], [talk(interp(v('x'), ': one or two'))]], [['a'], [talk(interp(v('x'), ': a'))]]], [talk(interp(v('x'), ': other'))])])];
    expect(await run(body)).toEqual(['< 1: one or two', '< 2: one or two', '< 3: other', '< a: a', '< z: other', '< 2: one or two', '= done']);
  });
});

describe('procedures', () => {
  const procedures = [
    sub('greet', ['name'], [talk(interp('Hi ', v('name')))]),
    fn('square', ['n'], [ret(bin('*', v('n'), v('n')))]),
    fn('fact', ['n'], [iff(bin('<=', v('n'), 1), [ret(1)]), ret(bin('*', v('n'), call('fact', bin('-', v('n'), 1))))]),
    sub('bump', [], [set('counter', bin('+', v('counter'), 1))]),
    sub('shadow', ['x'], [talk(interp('inside ', v('x'))), set('y', 'local'), exit('sub'), talk('never')]),
    fn('byname', ['a'], [set('byname', bin('*', v('a'), 10))]),
    fn('nothing', [], []),
  ];

  test('SUB, FUNCTION, recursion, module variables, shadowing, EXIT SUB, assigning the function name', async () => {
    const body = [
      set('counter', 0), set('x', 'global'), set('y', 'global y'),
      callStmt('greet', 'Ana'), talk(call('square', 4)), talk(call('fact', 10)),
      callStmt('bump'), callStmt('bump'), talk(interp('counter ', v('counter'))),
      callStmt('shadow', 'param'), talk(v('x')), talk(v('y')),
      talk(call('byname', 4)), talk(bin('&', call('nothing'), '|')), talk(call('square', 3)),
    ];
    expect(await run(body, { procedures })).toEqual([
      '< Hi Ana', '< 16', '< 3628800', '< counter 2', '< inside param', '< global', '< local', '< 40', '< |', '< 9', '= done',
    ]);
  });

  test('locals of a procedure are fresh on every call and invisible outside', async () => {
    const body = [talk(call('count')), talk(call('count')), talk(bin('&', v('n'), '|'))];
    const count = fn('count', [], [set('n', bin('+', v('n'), 1)), ret(v('n'))]);
    expect(await run([...body, iff(false, [set('z', 1)])], { procedures: [count] })).toEqual(['< 1', '< 1', '< |', '= done']);
  });

  test('a bare name that is a FUNCTION calls it', async () => {
    expect(await run([talk(v('answer'))], { procedures: [fn('answer', [], [ret(42)])] })).toEqual(['< 42', '= done']);
  });

  test('too many arguments is an error; endless recursion stops', async () => {
    expect((await run([line(1, callStmt('greet', 1, 2))], { procedures })).at(-1)).toMatch(/SUB greet takes 1 argument, got 2/);
    const loop = fn('down', ['n'], [ret(call('down', bin('+', v('n'), 1)))]);
    expect((await run([talk(call('down', 0))], { procedures: [loop] })).at(-1)).toMatch(/nested deeper than 5000/);
  });

  test('RETURN at the top level ends the script with its value', async () => {
    expect(await run([talk('before'), ret(bin('*', 6, 7)), talk('never')])).toEqual(['< before', '= done 42']);
  });
});

describe('calling other scripts', () => {
  const addTax = program('add_tax.bas', [ret(bin('*', v('amount'), 1.21))], { params: [param('amount', 'NUMBER')], description: 'Adds tax' });
  const askName = program('ask_name.bas', [talk('Name please'), hear('n'), ret(call('ucase', v('n')))]);

  test('PARAMs get the arguments and the top-level RETURN is the value', async () => {
    const start = program('start.bas', [set('total', call('add_tax', 100)), talk(interp('total ', v('total')))]);
    expect(await converse([start, addTax], 'start')).toEqual(['< total 121', '= done']);
  });

  test('a HEAR inside a called script suspends the whole dialog', async () => {
    const start = program('start.bas', [set('before', 'kept'), set('msg', bin('&', 'got ', call('ask_name'))), talk(interp(v('msg'), ' ', v('before')))]);
    for (const fresh of [false, true]) {
      expect(await converse([start, askName], 'start', { inputs: ['Ana'], fresh })).toEqual(['< Name please', '> Ana', '< got ANA kept', '= done']);
    }
  });

  test('called scripts have their own variables but see the built-in ones', async () => {
    const start = program('start.bas', [set('n', 'mine'), callStmt('other', 1), talk(v('n'))]);
    const other = program('other.bas', [set('n', 'theirs'), talk(interp(v('user_name'), ' ', v('a')))], { params: [param('a', 'INTEGER')] });
    expect(await converse([start, other], 'start', { variables: { user_name: 'Ana' } })).toEqual(['< Ana 1', '< mine', '= done']);
  });

  test('too many arguments for a script is an error', async () => {
    const start = program('start.bas', [talk(call('add_tax', 1, 2))]);
    expect((await converse([start, addTax], 'start')).at(-1)).toMatch(/script add_tax takes 1 argument, got 2/);
  });
});
