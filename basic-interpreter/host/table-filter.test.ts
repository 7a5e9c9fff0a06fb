import { matchesConditions, numericText, parseTableFilter, TableFilterError } from './table-filter.js';

describe('parseTableFilter', () => {
  test.each([
    ['', []],
    ['   ', []],
    ['name=Ana', [{ field: 'name', op: '=', value: 'Ana' }]],
    ['Age >= 18 and City = Lisbon', [{ field: 'age', op: '>=', value: '18' }, { field: 'city', op: '=', value: 'Lisbon' }]],
    ['a<>1 AND b>2 AND c<3 AND d<=4 AND e!=5', [
      { field: 'a', op: '<>', value: '1' }, { field: 'b', op: '>', value: '2' }, { field: 'c', op: '<', value: '3' },
      { field: 'd', op: '<=', value: '4' }, { field: 'e', op: '<>', value: '5' },
    ]],
    ['city=New York', [{ field: 'city', op: '=', value: 'New York' }]],
    [`title="Tom AND Jerry" AND x='it''s'`, [{ field: 'title', op: '=', value: 'Tom AND Jerry' }, { field: 'x', op: '=', value: "it's" }]],
    [`name = "" AND note=`, [{ field: 'name', op: '=', value: '' }, { field: 'note', op: '=', value: '' }]],
    ['name= AND x=1', [{ field: 'name', op: '=', value: '' }, { field: 'x', op: '=', value: '1' }]],
    ['brand=ANDROID', [{ field: 'brand', op: '=', value: 'ANDROID' }]],
    [`name='Ana'AND age=3`, [{ field: 'name', op: '=', value: 'Ana' }, { field: 'age', op: '=', value: '3' }]],
    ['_id=7', [{ field: '_id', op: '=', value: '7' }]],
  ])('%j', (filter, expected) => {
    expect(parseTableFilter(filter)).toEqual(expected);
  });

  test.each([
    ['name', /expected =, <>, >, <, >= or <= after "name"/],
    ['=Ana', /expected a column name/],
    ['1abc=2', /expected a column name/],
    ['name="Ana', /no closing "/],
    [`name='Ana' age=3`, /expected AND between conditions/],
    ['name=Ana AND', /expected a condition after AND/],
    ['city=Porto OR city=Lisbon', /OR is not supported/],
    ['name=Tom AND Jerry', /after "Jerry"/],
  ])('rejects %j', (filter, message) => {
    expect(() => parseTableFilter(filter)).toThrow(TableFilterError);
    expect(() => parseTableFilter(filter)).toThrow(message);
  });

  test('messages quote the filter and the position', () => {
    expect(() => parseTableFilter('age>=18 AND =3')).toThrow('Filter "age>=18 AND =3": expected a column name, like name=Ana (at character 13)');
  });
});

describe('numericText', () => {
  test.each(['18', '-2.5', '+3', '.5', '5.', '1e3', '1E-05'])('%s is numeric', (text) => {
    expect(numericText(text)).toBe(Number(text));
  });
  test.each(['', ' 18', '18 ', '0x10', 'Infinity', 'NaN', '1e100', '1,5', '--1', `1${'0'.repeat(64)}`])('%j is not', (text) => {
    expect(numericText(text)).toBeUndefined();
  });
});

describe('matchesConditions', () => {
  const matches = (row: Record<string, unknown>, filter: string) =>
    matchesConditions(row as Parameters<typeof matchesConditions>[0], parseTableFilter(filter));

  test('numbers and numeric strings compare numerically', () => {
    expect(matches({ age: 9 }, 'age<18')).toBe(true);
    expect(matches({ age: '9' }, 'age<18')).toBe(true);
    expect(matches({ age: '18.0' }, 'age=18')).toBe(true);
    expect(matches({ age: 100 }, 'age>1e1')).toBe(true);
  });

  test('otherwise text, case-insensitive, by code point', () => {
    expect(matches({ city: 'LISBON' }, 'city=lisbon')).toBe(true);
    expect(matches({ city: 'São Paulo' }, 'city=SÃO PAULO')).toBe(true);
    expect(matches({ age: '9' }, 'age<abc')).toBe(true); // '9' < 'abc' as text
    expect(matches({ name: 'Zoe' }, 'name>ana')).toBe(true);
    expect(matches({ name: 'b' }, 'name>B')).toBe(false);
    expect(matches({ code: ' 30' }, 'code<0')).toBe(true); // " 30" is not numeric
  });

  test('missing and null read as empty text; arrays and objects match nothing', () => {
    expect(matches({}, 'name=')).toBe(true);
    expect(matches({ name: null }, 'name<>x')).toBe(true);
    expect(matches({ tags: ['a'] }, 'tags<>a')).toBe(false);
    expect(matches({ meta: {} }, 'meta=')).toBe(false);
    expect(matches({ active: true }, 'active=TRUE')).toBe(true);
    expect(matches({}, 'constructor=')).toBe(true);
  });

  test('every condition must hold', () => {
    expect(matches({ age: 20, city: 'Porto' }, 'age>=18 AND city=Lisbon')).toBe(false);
    expect(matches({ age: 20, city: 'Lisbon' }, 'age>=18 AND city=Lisbon')).toBe(true);
  });
});
