import { BuiltinError, builtinFunctions } from './index.js';

const ctx = { now: () => new Date('2024-05-31T14:30:00Z') };

const NAMES = `LEN LEFT RIGHT MID TRIM UCASE LCASE UPPER LOWER REPLACE SPLIT JOIN INSTR VAL STR ISNUMERIC ISEMPTY
  ISNULL NVL IIF ABS ROUND INT MAX MIN RANDOM NOW TODAY YEAR MONTH DAY HOUR MINUTE DATEADD DATEDIFF FORMAT FIRST LAST
  SORT UNIQUE CONTAINS PUSH COUNT UBOUND TOJSON FROMJSON`.split(/\s+/);

describe('builtinFunctions', () => {
  it('has exactly the documented functions, under lower-case names', () => {
    expect(Object.keys(builtinFunctions).sort()).toEqual(NAMES.map((name) => name.toLowerCase()).sort());
  });

  it.each(NAMES.filter((name) => name !== 'MAX' && name !== 'MIN'))('%s refuses too many arguments, naming itself', (name) => {
    const call = () => builtinFunctions[name.toLowerCase()]!(Array(9).fill(1), ctx);
    expect(call).toThrow(BuiltinError);
    expect(call).toThrow(new RegExp(`^${name} expects .+ got 9$`));
  });

  it('BuiltinError is an Error with its own name', () => {
    const error = new BuiltinError('x');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BuiltinError');
  });
});
