import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };
const call = (name: string, ...args: Value[]): Value => builtinFunctions[name]!(args, ctx);

describe('list functions', () => {
  it.each<[string, Value[], Value]>([
    ['first', [[1, 2, 3]], 1],
    ['first', [[]], null],
    ['first', [null], null],
    ['first', ['  Maria da Silva '], 'Maria'],
    ['first', [''], ''],
    ['last', [[1, 2, 3]], 3],
    ['last', [[]], null],
    ['last', ['Maria da Silva'], 'Silva'],
    ['last', ['single'], 'single'],
    ['sort', [[3, 1, 10, 2]], [1, 2, 3, 10]],
    ['sort', [[3, 1, 10, 2], 'desc'], [10, 3, 2, 1]],
    ['sort', [['10', '9', 2]], [2, '9', '10']],
    ['sort', [['pear', 'Apple', 'banana', 'árvore']], ['Apple', 'árvore', 'banana', 'pear']],
    ['sort', [['b', 1, null, 'a']], [1, 'a', 'b', null]],
    ['sort', [['b', 1, null, 'a'], 'DESC'], ['b', 'a', 1, null]],
    ['sort', [[]], []],
    ['sort', [null], []],
    ['sort', [[{ n: 'b', a: 2 }, { n: 'a', a: 10 }, { a: 1 }], 'n'], [{ n: 'a', a: 10 }, { n: 'b', a: 2 }, { a: 1 }]],
    ['sort', [[{ n: 'b', a: 2 }, { n: 'a', a: 10 }, { a: 1 }], 'a', 'desc'], [{ n: 'a', a: 10 }, { n: 'b', a: 2 }, { a: 1 }]],
    ['sort', [[{ k: 1, i: 0 }, { k: 0, i: 1 }, { k: 1, i: 2 }], 'k'], [{ k: 0, i: 1 }, { k: 1, i: 0 }, { k: 1, i: 2 }]],
    ['unique', [[1, 2, 1, '1', 3, 2]], [1, 2, '1', 3]],
    ['unique', [[{ a: 1 }, { a: 1 }, 'A', 'a']], [{ a: 1 }, 'A', 'a']],
    ['unique', [[]], []],
    ['unique', [null], []],
    ['contains', [[1, 2, 3], 2], true],
    ['contains', [[1, 2, 3], '2'], true],
    ['contains', [['a', 'b'], 'A'], false],
    ['contains', [[], 1], false],
    ['contains', ['Hello World', 'WORLD'], true],
    ['contains', ['Hello', 'x'], false],
    ['contains', ['Hello', ''], true],
    ['contains', [{ name: 'x' }, 'name'], true],
    ['contains', [{ name: 'x' }, 'x'], false],
    ['contains', [null, 'x'], false],
    ['push', [[1, 2], 3], [1, 2, 3]],
    ['push', [[], [1]], [[1]]],
    ['push', [null, 'a'], ['a']],
    ['count', [[1, 2, 3]], 3],
    ['count', [[]], 0],
    ['count', [null], 0],
    ['count', [{ a: 1, b: 2 }], 2],
    ['ubound', [[1, 2, 3]], 2],
    ['ubound', [[]], -1],
    ['ubound', [null], -1],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('PUSH and SORT leave their argument unchanged', () => {
    const list: Value[] = [3, 1, 2];
    call('push', list, 4);
    call('sort', list);
    expect(list).toEqual([3, 1, 2]);
  });

  it.each<[string, Value[], RegExp]>([
    ['first', [{ a: 1 }], /^FIRST: argument 1 must be an array or a text/],
    ['sort', ['abc'], /^SORT: argument 1 must be an array, got "abc"$/],
    ['sort', [[1], 'key', 'up'], /^SORT: direction must be "asc" or "desc", got "up"$/],
    ['push', [[1]], /^PUSH expects 2 arguments, got 1$/],
    ['push', ['abc', 1], /^PUSH: argument 1 must be an array/],
    ['count', ['abc'], /^COUNT: argument 1 must be an array/],
    ['ubound', [{ a: 1 }], /^UBOUND: argument 1 must be an array/],
    ['contains', [[1]], /^CONTAINS expects 2 arguments, got 1$/],
  ])('%s(%j) is an error', (name, args, message) => {
    expect(() => call(name, ...args)).toThrow(BuiltinError);
    expect(() => call(name, ...args)).toThrow(message);
  });
});
