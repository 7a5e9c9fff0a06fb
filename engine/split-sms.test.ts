import { splitSms } from './outbox/split-sms.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('splitSms', () => {
  test('text within 160 characters is one part, unchanged', () => {
    const text = 'x'.repeat(160);
    expect(splitSms(text)).toEqual([text]);
    expect(splitSms('hello')).toEqual(['hello']);
  });

  test('longer text becomes numbered parts of at most 160 characters, numbering included', () => {
    const text = words(120);
    const parts = splitSms(text);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, i) => {
      expect(Array.from(part).length).toBeLessThanOrEqual(160);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    });
  });

  test('cuts on word boundaries and never drops text', () => {
    const text = words(120);
    const parts = splitSms(text);
    const bodies = parts.map((p) => p.replace(/^\(\d+\/\d+\) /, ''));
    expect(bodies.join(' ')).toBe(text);
    for (const body of bodies) expect(body).toMatch(/^word\d+( word\d+)*$/);
  });

  test('a word longer than a part is cut mid-word, with nothing lost', () => {
    const text = 'a'.repeat(400);
    const parts = splitSms(text);
    expect(parts).toHaveLength(3);
    expect(parts.map((p) => p.replace(/^\(\d\/3\) /, '')).join('')).toBe(text);
    parts.forEach((p) => expect(p.length).toBeLessThanOrEqual(160));
  });

  test('the part count settles when the numbering gets wider (10 parts and more)', () => {
    const text = words(400);
    const parts = splitSms(text);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(160);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    });
  });

  test('counts code points, never splitting an emoji', () => {
    const text = '😀'.repeat(200);
    const parts = splitSms(text);
    parts.forEach((p) => expect(Array.from(p).length).toBeLessThanOrEqual(160));
    expect(parts.map((p) => p.replace(/^\(\d\/\d\) /, '')).join('')).toBe(text);
  });
});
