import { parseUsersCsv } from './import-users.js';

test('header names in any case and order; each row keeps its line', () => {
  const rows = parseUsersCsv('\uFEFFEmail,NAME\n\nana@corp.test,"Lima, Ana"\nbo@corp.test,Bo\n');
  expect(rows).toEqual([
    { line: 3, values: { email: 'ana@corp.test', name: 'Lima, Ana' } },
    { line: 4, values: { email: 'bo@corp.test', name: 'Bo' } },
  ]);
});

test('unknown columns and a missing email column are refused before any row', () => {
  expect(() => parseUsersCsv('email,shoe_size\na@b.test,42\n')).toThrow(/Unknown column\(s\) shoe_size/);
  expect(() => parseUsersCsv('name\nAna\n')).toThrow(/email column is required/);
});
