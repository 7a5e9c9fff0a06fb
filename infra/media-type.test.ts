import { DEFAULT_MEDIA_TYPE, essenceOf, isMediaType, mediaTypeOr, normalizeMediaType } from './media-type.js';

describe('normalizeMediaType', () => {
  test.each([
    ['text/plain', 'text/plain'],
    ['Text/HTML; Charset=UTF-8', 'text/html; charset=UTF-8'],
    ['image/svg+xml', 'image/svg+xml'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['multipart/mixed;boundary="a b=c"', 'multipart/mixed; boundary="a b=c"'],
    ['  audio/ogg ; codecs=opus ;', 'audio/ogg; codecs=opus'],
  ])('accepts %j as %j', (given, normal) => {
    expect(normalizeMediaType(given)).toBe(normal);
    expect(isMediaType(given)).toBe(true);
  });

  test.each([
    'text/plain\r\nX-Injected: 1', 'text/plain\nset-cookie: a=b', 'text/plain; charset=utf-8\r\n', 'text/plain; a="x\r\ny"',
    'text', 'text/', '/plain', 'text/plain/x', 'te xt/plain', 'text/plain; charset', 'text/plain; charset=', 'text/plain; a="b\\"c"',
    'text/plain; a="unterminated', 'text/plain (comment)', 'text/plain, text/html', 'täxt/plain', '', `text/${'x'.repeat(200)}`,
    `text/plain${'; a=b'.repeat(9)}`,
  ])('refuses %j', (given) => {
    expect(normalizeMediaType(given)).toBeUndefined();
    expect(isMediaType(given)).toBe(false);
  });
});

test('a type nobody chose explicitly falls back to application/octet-stream when absent or invalid', () => {
  expect(mediaTypeOr('IMAGE/PNG')).toBe('image/png');
  expect(mediaTypeOr('text/html\r\nx: y')).toBe(DEFAULT_MEDIA_TYPE);
  expect(mediaTypeOr(undefined)).toBe(DEFAULT_MEDIA_TYPE);
  expect(mediaTypeOr(null)).toBe(DEFAULT_MEDIA_TYPE);
  expect(essenceOf('text/plain; charset=utf-8')).toBe('text/plain');
});
