import { storableBody } from './storable-body.js';

test('NUL is removed and unpaired surrogates become U+FFFD in every string, keys included; pairs and other values stay', () => {
  expect(storableBody({ 'k\u0000': ['a\u0000b', '\ud800x', 'x\udc00', '😀'], n: 1, t: true, z: null })).toEqual({
    k: ['ab', '\ufffdx', 'x\ufffd', '😀'], n: 1, t: true, z: null,
  });
  expect(storableBody('plain')).toBe('plain');
  expect(storableBody(undefined)).toBeUndefined();
});
