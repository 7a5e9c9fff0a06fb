import { chunkText } from './chunk-text.js';

test('paragraphs are packed together up to the limit, split at blank lines', () => {
  expect(chunkText('One.\n\nTwo.\r\n\r\nThree.', 12)).toEqual(['One.\n\nTwo.', 'Three.']);
  expect(chunkText('  \n\n ')).toEqual([]);
});

test('a long paragraph is cut at sentence ends, a long sentence at spaces; nothing is lost', () => {
  const sentence = 'The shop opens at nine.';
  const chunks = chunkText(Array.from({ length: 10 }, () => sentence).join(' '), 60);
  expect(chunks.every((c) => c.length <= 60)).toBe(true);
  expect(chunks.join(' ')).toBe(Array.from({ length: 10 }, () => sentence).join(' '));
  const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  const cut = chunkText(words, 50);
  expect(cut.every((c) => c.length <= 50)).toBe(true);
  expect(cut.join(' ')).toBe(words);
});
