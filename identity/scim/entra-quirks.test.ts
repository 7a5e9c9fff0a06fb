import { normalizePatch } from './entra-quirks.js';

test('string booleans of active become booleans, with or without a path', () => {
  const body = { schemas: ['x'], Operations: [
    { op: 'Replace', path: 'active', value: 'False' },
    { op: 'replace', value: { active: 'TRUE', displayName: 'Ann' } },
    { op: 'Add', path: 'displayName', value: 'true' },
  ] };
  expect(normalizePatch(body)).toEqual({ schemas: ['x'], Operations: [
    { op: 'Replace', path: 'active', value: false },
    { op: 'replace', value: { active: true, displayName: 'Ann' } },
    { op: 'Add', path: 'displayName', value: 'true' },
  ] });
  expect(normalizePatch('not an object')).toBe('not an object');
});
