import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:05.250Z') };
const call = (name: string, ...args: Value[]): Value => builtinFunctions[name]!(args, ctx);

describe('date functions', () => {
  it.each<[string, Value[], Value]>([
    ['now', [], '2024-05-31T14:30:05.250Z'],
    ['today', [], '2024-05-31'],
    ['year', [], 2024],
    ['month', [], 5],
    ['day', [], 31],
    ['hour', [], 14],
    ['minute', [], 30],
    ['year', ['1999-12-31'], 1999],
    ['month', ['2024-02-03T04:05:06Z'], 2],
    ['day', ['2024-02-03 04:05'], 3],
    ['hour', ['2024-02-03'], 0],
    ['hour', ['2024-02-03T23:30:00-03:00'], 2],
    ['day', ['2024-02-03T23:30:00-03:00'], 4],
    ['minute', ['2024-02-03T10:45:00+0530'], 15],
    ['hour', ['2024-02-03T10:45'], 10],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it.each<[Value, Value, Value, Value]>([
    ['2024-05-31', 1, 'd', '2024-06-01'],
    ['2024-05-31', -31, 'day', '2024-04-30'],
    ['2024-01-31', 1, 'm', '2024-02-29'],
    ['2023-01-31', 1, 'month', '2023-02-28'],
    ['2024-03-31', -1, 'months', '2024-02-29'],
    ['2024-08-31', 1, 'q', '2024-11-30'],
    ['2024-02-29', 1, 'yyyy', '2025-02-28'],
    ['2024-02-29', 4, 'YEAR', '2028-02-29'],
    ['2024-05-31', 2, 'ww', '2024-06-14'],
    ['2024-05-31', 1, 'week', '2024-06-07'],
    ['2024-12-31', 1, 'd', '2025-01-01'],
    ['2024-05-31', 36, 'h', '2024-06-01T12:00:00.000Z'],
    ['2024-05-31T23:59:00Z', 2, 'n', '2024-06-01T00:01:00.000Z'],
    ['2024-05-31T23:59:59Z', 1, 's', '2024-06-01T00:00:00.000Z'],
    ['2024-01-31T10:00:00Z', 1, 'm', '2024-02-29T10:00:00.000Z'],
    ['2024-05-31T10:00:00-03:00', 1, 'hour', '2024-05-31T14:00:00.000Z'],
    ['2024-05-31', 1.9, 'd', '2024-06-01'],
  ])('DATEADD(%j, %j, %j) → %j', (date, n, unit, expected) => {
    expect(call('dateadd', date, n, unit)).toBe(expected);
  });

  it.each<[Value, Value, Value, Value]>([
    ['d', '2024-05-01', '2024-05-31', 30],
    ['d', '2024-05-31', '2024-05-01', -30],
    ['d', '2024-05-01T23:00:00Z', '2024-05-02T01:00:00Z', 1],
    ['d', '2024-05-01T01:00:00Z', '2024-05-01T23:00:00Z', 0],
    ['m', '2024-01-31', '2024-02-01', 1],
    ['month', '2024-05-15', '2023-05-15', -12],
    ['yyyy', '2023-12-31', '2024-01-01', 1],
    ['years', '2000-06-01', '2024-05-31', 24],
    ['q', '2024-03-31', '2024-04-01', 1],
    ['ww', '2024-05-01', '2024-05-31', 4],
    ['ww', '2024-05-31', '2024-05-01', -4],
    ['h', '2024-05-31T10:59:00Z', '2024-05-31T11:00:00Z', 1],
    ['hours', '2024-05-31', '2024-06-01', 24],
    ['n', '2024-05-31T10:00:00Z', '2024-05-31T10:30:59Z', 30],
    ['s', '2024-05-31T10:00:00Z', '2024-05-31T10:01:00Z', 60],
    ['minute', '2024-05-31T10:00:00Z', '2024-05-31T10:00:00Z', 0],
    ['minute', '2024-05-31T10:00:00Z', '2024-05-31T10:00:00-01:00', 60],
  ])('DATEDIFF(%j, %j, %j) → %j', (unit, a, b, expected) => {
    expect(call('datediff', unit, a, b)).toBe(expected);
  });

  it.each<[string, Value[], RegExp]>([
    ['year', ['31/05/2024'], /^YEAR: "31\/05\/2024" is not a date; use ISO 8601/],
    ['year', [null], /^YEAR: NULL is not a date/],
    ['day', ['2024-02-30'], /is not a date/],
    ['hour', ['2024-02-03T24:00'], /is not a date/],
    ['now', [1], /^NOW expects 0 arguments, got 1$/],
    ['year', ['2024-01-01', 2], /^YEAR expects 0 or 1 arguments, got 2$/],
    ['dateadd', ['2024-01-01', 1, 'fortnight'], /^DATEADD: unknown unit "fortnight"/],
    ['dateadd', ['2024-01-01', 'x', 'd'], /^DATEADD: argument 2 must be a number/],
    ['datediff', ['2024-01-01', '2024-01-02', 'x'], /^DATEDIFF: unknown unit "x"/],
    ['datediff', ['d', '2024-01-01'], /^DATEDIFF expects 3 arguments, got 2$/],
  ])('%s(%j) is an error', (name, args, message) => {
    expect(() => call(name, ...args)).toThrow(BuiltinError);
    expect(() => call(name, ...args)).toThrow(message);
  });
});
