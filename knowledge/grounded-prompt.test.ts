import { documentMessages, groundedMessages, NOTHING_FOUND, passagesAnswer, withSources } from './grounded-prompt.js';
import { searchTerms } from './knowledge-base.js';

const passage = (document: string, content: string, rank: number) => ({ source: 'kb', document, title: document.toUpperCase(), position: 0, content, rank });

test('the prompt: context, the instruction to cite, the numbered passages, then the question', () => {
  const [system, user] = groundedMessages({ context: 'Be brief.', prompt: 'Hours?', passages: [passage('a.md', 'Nine to six.', 1)] });
  expect(system!.content).toMatch(/^Be brief\.\n\nAnswer from the numbered passages below[^\n]*\[1\][^\n]*\n\n\[1\] A\.MD \(a\.md\)\nNine to six\.$/);
  expect(user).toEqual({ role: 'user', content: 'Hours?' });
});

test('the sources the answer cites are listed under it; citations of no passage are ignored', () => {
  const passages = [passage('a.md', 'x', 1), passage('b.md', 'y', 1)];
  expect(withSources('See [2] and [2], not [7].', passages)).toBe('See [2] and [2], not [7].\n\nSources:\n[2] B.MD — b.md');
  expect(withSources('No citation.', passages)).toBe('No citation.');
});

test('without a model: the passages matching at least half as well as the best', () => {
  expect(passagesAnswer([passage('a.md', 'best', 0.6), passage('b.md', 'close', 0.3), passage('c.md', 'far', 0.1)])).toBe('best\n(A.MD — a.md)\n\nclose\n(B.MD — b.md)');
  expect(passagesAnswer([])).toBe(NOTHING_FOUND);
});

test('search terms: words of two letters or more, once, without query syntax', () => {
  expect(searchTerms("What's the shop's Öffnungszeit? a | b & !c (hours) hours")).toEqual(['what', 'the', 'shop', 'öffnungszeit', 'hours']);
});

test('answer mode "document": the context is the document and the model answers from it alone', () => {
  const [system, user] = documentMessages({ context: 'Case 7 was filed in March.', prompt: 'When?' });
  expect(system).toEqual({ role: 'system', content: 'Case 7 was filed in March.\n\nAnswer only from the text above. If it does not hold the answer, say that you do not know.' });
  expect(user).toEqual({ role: 'user', content: 'When?' });
});
