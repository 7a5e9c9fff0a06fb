import { equalityMatches } from './scim-context.js';

const FIELDS = { username: 'username', externalid: 'external_id' } as const;

test('eq expressions joined by and (and alternatives by or) become exact matches; anything else falls back', () => {
  expect(equalityMatches([{ userName: ['eq', 'ana'], externalId: ['eq', 'e1'] }], FIELDS)).toEqual([{ username: 'ana', external_id: 'e1' }]);
  expect(equalityMatches([{ userName: ['eq', 'ana'] }, { userName: ['eq', 'bo'] }], FIELDS)).toEqual([{ username: 'ana' }, { username: 'bo' }]);
  expect(equalityMatches([{ userName: ['sw', 'a'] }], FIELDS)).toBeUndefined();
  expect(equalityMatches([{ title: ['eq', 'x'] }], FIELDS)).toBeUndefined();
  expect(equalityMatches(undefined, FIELDS)).toBeUndefined();
});
