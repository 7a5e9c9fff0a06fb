import type { Value } from '../values.js';
import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };
const format = (...args: Value[]): Value => builtinFunctions.format!(args, ctx);

describe('FORMAT', () => {
  it.each<[Value, string, string]>([
    [3.14159, '0.00', '3.14'],
    [2.5, '0', '3'],
    [-2.5, '0', '-3'],
    [1.005, '0.00', '1.01'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [999.999, '#,##0.00', '1,000.00'],
    [0, '#,##0.00', '0.00'],
    [-1234.5, '#,##0.00', '-1,234.50'],
    [-0.001, '0.00', '0.00'],
    [0.256, '0%', '26%'],
    [0.5, '0.0%', '50.0%'],
    [7, '000', '007'],
    [0.5, '#.##', '.5'],
    [1.5, '0.##', '1.5'],
    [2, '0.##', '2'],
    [1234.5, 'R$ #,##0.00', 'R$ 1,234.50'],
    [12, '$0.00 USD', '$12.00 USD'],
    ['1234.5', '#,##0.0', '1,234.5'],
    [1234.5, 'Standard', '1,234.50'],
    [1234.5, 'fixed', '1234.50'],
    [0.1234, 'Percent', '12.34%'],
  ])('FORMAT(%j, %j) → %j', (value, pattern, expected) => {
    expect(format(value, pattern)).toBe(expected);
  });

  it.each<[Value, string, string]>([
    ['2024-05-31', 'yyyy-MM-dd', '2024-05-31'],
    ['2024-05-31T14:05:09Z', 'dd/MM/yyyy HH:mm', '31/05/2024 14:05'],
    ['2024-05-31T14:05:09Z', 'd/M/yy H:m:s', '31/5/24 14:5:9'],
    ['2024-05-31T14:05:09Z', 'hh:mm tt', '02:05 PM'],
    ['2024-05-31T00:05:00Z', 'h:mm tt', '12:05 AM'],
    ['2024-05-31T12:00:00-03:00', 'HH:mm', '15:00'],
    ['2024-01-07', 'dddd, MMMM d', 'Sunday, January 7'],
    ['2024-01-07', 'ddd d MMM', 'Sun 7 Jan'],
    ['2024-01-07', "'day' d", 'day 7'],
  ])('FORMAT(%j, %j) → %j', (value, pattern, expected) => {
    expect(format(value, pattern)).toBe(expected);
  });

  it('uses the separators and names of a given locale', () => {
    expect(format(1234.5, '#,##0.00', 'pt-BR')).toBe('1.234,50');
    expect(format(-1234.5, 'R$ #,##0.00', 'pt-BR')).toBe('-R$ 1.234,50');
    expect(format('2024-05-31', "dddd, d 'de' MMMM", 'pt-BR')).toBe('sexta-feira, 31 de maio');
  });

  it('formats NULL as ""', () => {
    expect(format(null, '0.00')).toBe('');
  });

  it.each<[Value[], RegExp]>([
    [['abc', '0.00'], /^FORMAT: "abc" is neither a number nor an ISO date$/],
    [[true, '0.00'], /neither a number nor an ISO date/],
    [[5, 'abc'], /^FORMAT: pattern "abc" has no 0 or # placeholder$/],
    [[5, '0', 'not a locale!'], /^FORMAT: "not a locale!" is not a locale/],
    [[5], /^FORMAT expects 2 or 3 arguments, got 1$/],
  ])('FORMAT(%j) is an error', (args, message) => {
    expect(() => format(...args)).toThrow(BuiltinError);
    expect(() => format(...args)).toThrow(message);
  });
});
