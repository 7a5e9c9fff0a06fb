import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };
const call = (name: string, ...args: Value[]): Value => builtinFunctions[name]!(args, ctx);

describe('conversion functions', () => {
  it.each<[string, Value[], Value]>([
    ['val', ['12abc'], 12],
    ['val', ['abc'], 0],
    ['val', ['  -3.5kg'], -3.5],
    ['val', ['.5'], 0.5],
    ['val', ['1e3x'], 1000],
    ['val', ['1,5'], 1],
    ['val', [''], 0],
    ['val', [null], 0],
    ['val', [42], 42],
    ['val', [true], 1],
    ['val', [[1]], 0],
    ['str', [3], '3'],
    ['str', [2.5], '2.5'],
    ['str', [null], ''],
    ['str', [[1, 2]], '[1,2]'],
    ['isnumeric', [12], true],
    ['isnumeric', ['12.5'], true],
    ['isnumeric', [' 7 '], true],
    ['isnumeric', ['12abc'], false],
    ['isnumeric', [''], false],
    ['isnumeric', [null], false],
    ['isnumeric', [true], false],
    ['isempty', [null], true],
    ['isempty', [''], true],
    ['isempty', [[]], true],
    ['isempty', [{}], true],
    ['isempty', [' '], false],
    ['isempty', [0], false],
    ['isempty', [false], false],
    ['isempty', [[null]], false],
    ['isnull', [null], true],
    ['isnull', [''], false],
    ['nvl', [null, 'x'], 'x'],
    ['nvl', ['', 'x'], ''],
    ['nvl', [0, 'x'], 0],
    ['nvl', [null, null], null],
    ['iif', [true, 'a', 'b'], 'a'],
    ['iif', [0, 'a', 'b'], 'b'],
    ['iif', ['false', 'a', 'b'], 'b'],
    ['iif', [null, 'a', 'b'], 'b'],
    ['iif', [[], 'a', 'b'], 'b'], ['iif', [[0], 'a', 'b'], 'a'],
    ['tojson', [{ a: [1, 'x', null] }], '{"a":[1,"x",null]}'],
    ['tojson', ['hi'], '"hi"'],
    ['tojson', [null], 'null'],
    ['fromjson', ['{"a":[1,true]}'], { a: [1, true] }],
    ['fromjson', ['3'], 3],
    ['fromjson', ['null'], null],
    ['fromjson', [null], null],
    ['fromjson', [[1, 2]], [1, 2]],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it.each<[string, Value[], RegExp]>([
    ['fromjson', ['{x'], /^FROMJSON: invalid JSON "\{x"/],
    ['fromjson', [''], /^FROMJSON: invalid JSON/],
    ['iif', [true, 1], /^IIF expects 3 arguments, got 2$/],
    ['nvl', [null], /^NVL expects 2 arguments, got 1$/],
    ['tojson', [], /^TOJSON expects 1 argument, got 0$/],
  ])('%s(%j) is an error', (name, args, message) => {
    expect(() => call(name, ...args)).toThrow(BuiltinError);
    expect(() => call(name, ...args)).toThrow(message);
  });
});
