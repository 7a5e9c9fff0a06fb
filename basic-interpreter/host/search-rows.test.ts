import type { ObjectValue } from '../values.js';
import { searchRows } from './search-rows.js';

const rows: ObjectValue[] = [
  { name: 'Milk', brand: 'Chocolaté Farm' },
  { name: 'Bread', brand: 'Bakery', notes: 'no chocolate' },
  { name: 'Dark Chocolate', brand: 'Cacau', price: 4.5 },
  { name: 'Hot chocolate mix', brand: 'Cacau' },
];

test('every word of the query in some field, case and accents ignored; oldest first among equals', () => {
  expect(searchRows(rows, 'CHOCOLATE').map((r) => r.name)).toEqual(['Milk', 'Bread', 'Dark Chocolate', 'Hot chocolate mix']);
  expect(searchRows(rows, 'cacau chocolate').map((r) => r.name)).toEqual(['Dark Chocolate', 'Hot chocolate mix']);
  expect(searchRows(rows, '4.5').map((r) => r.name)).toEqual(['Dark Chocolate']);
});

test('rows where the words start a word come first; the limit keeps the best; an empty query finds nothing', () => {
  expect(searchRows(rows, 'late').map((r) => r.name)).toEqual(['Milk', 'Bread', 'Dark Chocolate', 'Hot chocolate mix']);
  expect(searchRows(rows, 'hot', 1).map((r) => r.name)).toEqual(['Hot chocolate mix']);
  expect(searchRows([{ name: 'Mochocolate' }, { name: 'Choco' }], 'choc').map((r) => r.name)).toEqual(['Choco', 'Mochocolate']);
  expect(searchRows(rows, '   ')).toEqual([]);
});
