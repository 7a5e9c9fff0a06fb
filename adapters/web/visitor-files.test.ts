import { attachmentTypeOf, safeFileName, WEB_UPLOAD_MAX_BYTES } from './visitor-files.js';

// What a web visitor's file is called and what kind it is (docs/channels/web.md, "Files from the visitor").

test('the limit is 10 MiB', () => {
  expect(WEB_UPLOAD_MAX_BYTES).toBe(10_485_760);
});

test.each([
  ['photo.png', 'photo.png'],
  ['Résumé 2026 (final).pdf', 'Résumé_2026_final_.pdf'],
  ['../../etc/passwd', 'etc_passwd'],
  ['a/b\\c.txt', 'a_b_c.txt'],
  ['.env', 'env'],
  ['..', 'file'],
  ['report@v2', 'report_v2'],
  ['line\nbreak\u0000.txt', 'line_break_.txt'],
  ['___', 'file'],
])('the name %j is kept as %j', (given, kept) => {
  expect(safeFileName(given)).toBe(kept);
});

test('a long name is cut to 120 characters, its extension kept', () => {
  const kept = safeFileName(`${'x'.repeat(300)}.jpeg`);
  expect(kept).toHaveLength(120);
  expect(kept.endsWith('x.jpeg')).toBe(true);
});

test.each([
  ['image/png', 'a.bin', 'image'],
  ['audio/ogg', 'a', 'audio'],
  ['video/mp4', 'a.png', 'video'],
  ['application/pdf', 'a.png', 'file'],
  ['application/octet-stream', 'scan.JPG', 'image'],
  ['application/octet-stream', 'note.m4a', 'audio'],
  ['application/octet-stream', 'clip.webm', 'video'],
  ['application/octet-stream', 'data.csv', 'file'],
  ['application/octet-stream', 'noextension', 'file'],
])('%s named %s is a %s', (mime, name, kind) => {
  expect(attachmentTypeOf(mime, name)).toBe(kind);
});
