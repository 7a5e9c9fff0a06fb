import { ValidationError } from '../infra/errors.js';
import { defaultPriority, parsePriority, priorityName, resolvePriority } from './priority.js';

describe('priority', () => {
  test.each([
    ['low', 0], ['normal', 1], ['high', 2], ['urgent', 3], [' URGENT ', 3], ['High', 2],
    [0, 0], [3, 3], ['2', 2], ['03', 3],
  ] as const)('%p parses to %p', (value, expected) => {
    expect(parsePriority(value)).toBe(expected);
  });

  test.each([['critical'], [4], [-1], [1.5], ['4'], [''], [null], [undefined], [{}], ['toString'], ['constructor']])('%p is not a priority', (value) => {
    expect(parsePriority(value)).toBeUndefined();
  });

  test('names round-trip', () => {
    expect([0, 1, 2, 3].map((p) => priorityName(p as 0 | 1 | 2 | 3))).toEqual(['low', 'normal', 'high', 'urgent']);
  });

  test('the default comes from the config value, normal when absent, and a bad value fails loudly', () => {
    expect(defaultPriority(undefined)).toBe(1);
    expect(defaultPriority('')).toBe(1);
    expect(defaultPriority('high')).toBe(2);
    expect(defaultPriority('3')).toBe(3);
    expect(() => defaultPriority('asap')).toThrow(ValidationError);
  });

  test('resolvePriority uses the given value when it parses, else the fallback', () => {
    expect(resolvePriority('urgent', 1)).toBe(3);
    expect(resolvePriority(undefined, 2)).toBe(2);
    expect(resolvePriority('nonsense', 0)).toBe(0);
  });
});
