import { arr, bin, call, converse, type E, idx, interp, lines, mem, neg, not, obj, program, set, talk, v, callStmt, sub, fn, ret } from '../../test/support/basic-ast.js';
import type { Stmt } from '../parser/index.js';

/** What `TALK e` prints for each expression, one script per table. */
async function talks(...exprs: E[]): Promise<string[]> {
  const out = await converse([program('start.bas', exprs.map((e) => talk(e)))], 'start');
  return out.slice(0, -1).map((l) => l.slice(2));
}

async function run(body: Stmt[], extra: Parameters<typeof program>[2] = {}): Promise<string[]> {
  return converse([program('start.bas', body, extra)], 'start');
}

describe('arithmetic', () => {
  test('operators and precedence as the tree says', async () => {
    expect(
      await talks(
        bin('+', 1, bin('*', 2, 3)),
        bin('*', bin('+', 1, 2), 3),
        bin('^', 2, bin('^', 3, 2)),
        neg(bin('^', 2, 2)),
        bin('\\', 7, 2),
        bin('\\', -7, 2),
        bin('MOD', 7, 3),
        bin('/', 10, 4),
        bin('-', 10, 4.5),
        bin('*', '3', 2),
        bin('+', null, 1),
        bin('+', true, 1),
      ),
    ).toEqual(['7', '9', '512', '-4', '3', '-3', '1', '2.5', '5.5', '6', '1', '2']);
  });

  test('division by zero and non-numbers are runtime errors with file and line', async () => {
    expect((await run(lines(talk(1), talk(bin('/', 1, 0))))).at(-1)).toBe('= error start.bas:2: division by zero (line 2)');
    expect((await run([talk(bin('-', 'abc', 1))])).at(-1)).toMatch(/cannot use "abc" as a number/);
    expect((await run([talk(bin('MOD', 1, 0))])).at(-1)).toMatch(/division by zero/);
  });
});

describe('strings', () => {
  test('+ concatenates when either side is a string, & always', async () => {
    expect(await talks(bin('+', 'a', 1), bin('+', 1, 'a'), bin('+', '1', 2), bin('&', 1, 2), bin('&', bin('&', 'x', null), 'y'), bin('&', bin('+', 1, 2), 3))).toEqual([
      'a1', '1a', '12', '12', 'xy', '33',
    ]);
  });

  test('interpolation and TALK formatting of values', async () => {
    const body = [set('name', 'Ana'), set('items', arr(1, 2)), talk(interp('Hi ', v('name'), ', ', call('count', v('items')), ' items: ', v('items'), '!')), talk(interp(v('name')))];
    expect(await run(body)).toEqual(['< Hi Ana, 2 items: [1,2]!', '< Ana', '= done']);
    expect(await talks(3, 2.5, 1e3, true, null, arr(1, 'x'), obj({ name: 'Ana', Age: 30 }))).toEqual(['3', '2.5', '1000', 'true', '', '[1,"x"]', '{"name":"Ana","Age":30}']);
  });

  test('interpolating the assigned variable reads its old value', async () => {
    expect(await run([set('s', 'a'), set('s', interp(v('s'), '-', v('s'), '-', v('s'))), talk(v('s'))])).toEqual(['< a-a-a', '= done']);
  });
});

describe('comparison and logic', () => {
  test('comparisons coerce like VB; AND/OR/NOT give booleans', async () => {
    expect(
      await talks(
        bin('>', 3, 2), bin('=', 3, 3.0), bin('=', '10', 10), bin('<>', 'a', 'b'), bin('>', 'b', 'a'), bin('<', '9', '10'),
        bin('AND', bin('<=', 2, 2), bin('>=', 3, 4)), not(bin('=', 1, 2)), bin('OR', true, bin('AND', false, false)),
        bin('AND', 'x', 1), bin('OR', 0, ''), not('false'), bin('=', null, ''),
      ),
    ).toEqual(['true', 'true', 'true', 'true', 'true', 'true', 'false', 'true', 'true', 'true', 'false', 'true', 'true']);
  });

  test('x = y AND x uses the old x', async () => {
    expect(await run([set('x', 0), set('x', bin('OR', 1, v('x'))), talk(v('x'))])).toEqual(['< true', '= done']);
  });
});

describe('variables, members and items', () => {
  test('undefined variables, missing members and items out of range are NULL', async () => {
    expect(await run([set('p', obj({ a: 1 })), set('l', arr(1)), talk(bin('&', bin('&', v('nope'), mem(v('p'), 'b')), idx(v('l'), 5))), talk(idx(v('p'), 'a')), talk(idx(v('l'), -1))])).toEqual([
      '< ', '< 1', '< ', '= done',
    ]);
  });

  test('assigning members and items mutates the variable', async () => {
    const body = [
      set('person', obj({ name: 'Ana', address: obj({ city: 'Lisbon' }) })),
      set(mem(v('person'), 'name'), 'Bia'),
      set(mem(mem(v('person'), 'address'), 'city'), 'Porto'),
      set(idx(v('person'), 'age'), 41),
      set('list', arr(10, 20)),
      set(idx(v('list'), 1), 21),
      set(idx(v('list'), 2), 30),
      talk(v('person')),
      talk(v('list')),
    ];
    expect(await run(body)).toEqual(['< {"name":"Bia","address":{"city":"Porto"},"age":41}', '< [10,21,30]', '= done']);
  });

  test('setting a member of NULL, or an item past the end, is an error at its line', async () => {
    expect((await run(lines(talk('start'), set('x', null), set(mem(v('x'), 'name'), 'boom')))).at(-1)).toBe(
      '= error start.bas:3: cannot set member "name" of NULL (line 3)',
    );
    expect((await run([set('l', arr()), set(idx(v('l'), 3), 1)])).at(-1)).toMatch(/index 3 is out of range for an array of 0 items/);
  });

  test('values are copied on assignment, into arrays and into parameters', async () => {
    const body = [
      set('a', obj({ n: 1 })),
      set('b', v('a')),
      set(mem(v('b'), 'n'), 2),
      set('list', arr(v('a'))),
      set(mem(idx(v('list'), 0), 'n'), 3),
      callStmt('poke', v('a')),
      set('c', idx(v('list'), 0)),
      set(mem(v('c'), 'n'), 4),
      talk(interp(mem(v('a'), 'n'), ' ', mem(v('b'), 'n'), ' ', mem(idx(v('list'), 0), 'n'), ' ', mem(v('c'), 'n'))),
      talk(mem(call('keep'), 'n')),
    ];
    const procedures = [sub('poke', ['o'], [set(mem(v('o'), 'n'), 99)]), fn('keep', [], [set(mem(v('a'), 'n'), 7), ret(v('a'))])];
    expect(await run(body, { procedures })).toEqual(['< 1 2 3 4', '< 7', '= done']);
  });

  test('now and today read the injected clock unless assigned', async () => {
    expect(await talks(v('now'), v('today'))).toEqual(['2026-03-10T12:00:00.000Z', '2026-03-10']);
    expect(await run([set('today', 'x'), talk(v('today'))])).toEqual(['< x', '= done']);
  });

  test('built-in variables come from the start options', async () => {
    const out = await converse([program('start.bas', [talk(interp('Hi ', v('user_name')))])], 'start', { variables: { user_name: 'Ana' } });
    expect(out).toEqual(['< Hi Ana', '= done']);
  });
});

describe('built-in functions', () => {
  test('are called with their arguments; unknown names fail naming the function', async () => {
    expect(await talks(call('ucase', 'abc'), call('len', 'hello'), call('max', 3, 9, 4))).toEqual(['ABC', '5', '9']);
    expect((await run(lines(talk(1), talk(call('nosuchthing', 1))))).at(-1)).toMatch(/^= error start\.bas:2: unknown function "nosuchthing"/);
  });

  test('a built-in that rejects its arguments is a runtime error at the line', async () => {
    expect((await run(lines(talk(call('mid'))))).at(-1)).toMatch(/^= error start\.bas:1: MID expects/);
  });
});
