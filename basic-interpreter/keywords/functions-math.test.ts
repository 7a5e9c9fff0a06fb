import { jest } from '@jest/globals';
import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };
const call = (name: string, ...args: Value[]): Value => builtinFunctions[name]!(args, ctx);

describe('math functions', () => {
  it.each<[string, Value[], Value]>([
    ['abs', [-3.5], 3.5],
    ['abs', ['-2'], 2],
    ['abs', [null], 0],
    ['round', [2.5], 3],
    ['round', [-2.5], -3],
    ['round', [2.4], 2],
    ['round', [-0.4], 0],
    ['round', [1.005, 2], 1.01],
    ['round', [3.14159, 3], 3.142],
    ['round', [1234.5, -2], 1200],
    ['round', [1250, -2], 1300],
    ['round', [-1250, -2], -1300],
    ['round', ['7.25', 1], 7.3],
    ['round', [1e-7, 2], 0],
    ['int', [2.9], 2],
    ['int', [-2.5], -3],
    ['int', [-0.5], -1],
    ['int', [0.5], 0],
    ['max', [1, 5, 3], 5],
    ['max', [[1, 5, 3]], 5],
    ['max', [[2, '10']], '10'],
    ['max', [['pear', 'apple']], 'pear'],
    ['max', [[]], null],
    ['max', [7], 7],
    ['min', [1, -5, 3], -5],
    ['min', [[4, 2, 8]], 2],
    ['min', [[]], null],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('RANDOM() is a fraction in [0, 1)', () => {
    for (let i = 0; i < 200; i++) {
      const r = call('random') as number;
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
    }
  });

  it('RANDOM(a, b) is an integer in [a, b], bounds in either order', () => {
    const seen = new Set<Value>();
    for (let i = 0; i < 500; i++) seen.add(call('random', 3, 1));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('RANDOM(a, b) reaches both ends', () => {
    const spy = jest.spyOn(Math, 'random');
    spy.mockReturnValueOnce(0).mockReturnValueOnce(0.999999);
    expect(call('random', 1, 6)).toBe(1);
    expect(call('random', 1, 6)).toBe(6);
    spy.mockRestore();
  });

  it.each<[string, Value[], RegExp]>([
    ['abs', ['abc'], /ABS: argument 1 must be a number/],
    ['abs', [[1]], /ABS: argument 1 must be a number/],
    ['round', [], /ROUND expects 1 or 2 arguments, got 0/],
    ['max', [], /MAX expects at least 1 argument, got 0/],
    ['random', [1], /RANDOM expects 0 or 2 arguments, got 1/],
    ['random', [1.2, 1.8], /no integer between/],
  ])('%s(%j) is an error', (name, args, message) => {
    expect(() => call(name, ...args)).toThrow(BuiltinError);
    expect(() => call(name, ...args)).toThrow(message);
  });
});
