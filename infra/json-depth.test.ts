import { ValidationError } from './errors.js';
import { assertJsonDepth, exceedsJsonDepth, MAX_JSON_DEPTH, parseJsonWithinDepth } from './json-depth.js';

const nested = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}${close.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

test('arrays and objects up to the limit pass; one level more does not', () => {
  expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
  expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  expect(exceedsJsonDepth(nestedObjects(MAX_JSON_DEPTH))).toBe(false);
  expect(exceedsJsonDepth(nestedObjects(MAX_JSON_DEPTH + 1))).toBe(true);
  expect(exceedsJsonDepth(`[${'{"a":['.repeat(40)}1${']}'.repeat(40)}]`)).toBe(true);
});

test('depth is how deep brackets sit inside one another, not how many there are', () => {
  const wide = `[${Array.from({ length: 10_000 }, () => '[{}]').join(',')}]`;
  expect(exceedsJsonDepth(wide)).toBe(false);
  expect(exceedsJsonDepth(nested(10_000))).toBe(true);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(exceedsJsonDepth(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
  expect(exceedsJsonDepth(JSON.stringify({ text: `a"${'{'.repeat(1000)}\\"[` }))).toBe(false);
  // An escaped quote does not end the string: the brackets after it are still text.
  expect(exceedsJsonDepth(`["\\"${'['.repeat(100)}"]`)).toBe(false);
  // A string that ends with an escaped backslash does end: the brackets after it count.
  expect(exceedsJsonDepth(`["\\\\",${nested(100)}]`)).toBe(true);
});

test('UTF-8 bytes read the same as the text', () => {
  const text = JSON.stringify({ naïve: '日本語 [[[', deep: JSON.parse(nested(MAX_JSON_DEPTH - 1)) as unknown });
  expect(exceedsJsonDepth(Buffer.from(text))).toBe(false);
  expect(exceedsJsonDepth(Buffer.from(`["ü",${nested(MAX_JSON_DEPTH)}]`))).toBe(true);
});

test('assertJsonDepth and parseJsonWithinDepth refuse a deep body with validation_error, and parse the rest', () => {
  expect(() => assertJsonDepth(nested(10_000))).toThrow(ValidationError);
  expect(() => parseJsonWithinDepth(nestedObjects(10_000))).toThrow(expect.objectContaining({ code: 'validation_error' }));
  expect(parseJsonWithinDepth('{"a":[1,{"b":2}]}')).toEqual({ a: [1, { b: 2 }] });
  expect(() => parseJsonWithinDepth('{"a":')).toThrow(SyntaxError);
});
