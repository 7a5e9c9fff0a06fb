import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };
const call = (name: string, ...args: Value[]): Value => builtinFunctions[name]!(args, ctx);

describe('text functions', () => {
  it.each<[string, Value[], Value]>([
    ['len', ['hello'], 5],
    ['len', [''], 0],
    ['len', [null], 0],
    ['len', [12.5], 4],
    ['len', ['👍ok'], 3],
    ['len', [[1, 2, 3]], 3],
    ['len', [[]], 0],
    ['len', [{ a: 1, b: 2 }], 2],
    ['left', ['hello', 2], 'he'],
    ['left', ['hello', 0], ''],
    ['left', ['hello', -1], ''],
    ['left', ['hello', 99], 'hello'],
    ['left', [null, 3], ''],
    ['right', ['hello', 3], 'llo'],
    ['right', ['hello', 0], ''],
    ['right', ['hello', 99], 'hello'],
    ['mid', ['hello', 2, 3], 'ell'],
    ['mid', ['hello', 2], 'ello'],
    ['mid', ['hello', 0, 2], 'he'],
    ['mid', ['hello', 6], ''],
    ['mid', ['hello', 4, 99], 'lo'],
    ['mid', ['hello', 2, 0], ''],
    ['mid', ['hello', 2, -1], ''],
    ['mid', ['a👍b', 2, 1], '👍'],
    ['trim', ['  a  b  '], 'a  b'],
    ['trim', [null], ''],
    ['ucase', ['Ação'], 'AÇÃO'],
    ['upper', ['abc'], 'ABC'],
    ['lcase', ['ÁBC'], 'ábc'],
    ['lower', ['ABC'], 'abc'],
    ['replace', ['a-b-c', '-', '+'], 'a+b+c'],
    ['replace', ['aAa', 'a', 'x'], 'xAx'],
    ['replace', ['abc', '', 'x'], 'abc'],
    ['replace', ['abc', 'b', ''], 'ac'],
    ['split', ['a,b,,c', ','], ['a', 'b', '', 'c']],
    ['split', ['a b'], ['a', 'b']],
    ['split', ['', ','], []],
    ['split', ['abc', ''], ['a', 'b', 'c']],
    ['split', ['abc', ';'], ['abc']],
    ['join', [['a', 1, true, null], '-'], 'a-1-true-'],
    ['join', [['a', 'b']], 'a b'],
    ['join', [[], ','], ''],
    ['join', [null, ','], ''],
    ['instr', ['hello', 'l'], 3],
    ['instr', ['hello', 'z'], 0],
    ['instr', ['hello', 'L'], 0],
    ['instr', [4, 'hello', 'l'], 4],
    ['instr', [5, 'hello', 'l'], 0],
    ['instr', [99, 'hello', 'l'], 0],
    ['instr', [0, 'hello', 'h'], 1],
    ['instr', ['hello', ''], 1],
    ['instr', ['', 'a'], 0],
    ['instr', ['👍ab', 'b'], 3],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it.each<[string, Value[], RegExp]>([
    ['left', ['abc'], /^LEFT expects 2 arguments, got 1$/],
    ['mid', ['abc'], /^MID expects 2 or 3 arguments, got 1$/],
    ['instr', ['a', 'b', 'c', 'd'], /^INSTR expects 2 or 3 arguments, got 4$/],
    ['left', ['abc', 'x'], /^LEFT: argument 2 must be a number, got "x"$/],
    ['join', ['abc', ','], /^JOIN: argument 1 must be an array/],
  ])('%s(%j) is an error', (name, args, message) => {
    expect(() => call(name, ...args)).toThrow(BuiltinError);
    expect(() => call(name, ...args)).toThrow(message);
  });
});
