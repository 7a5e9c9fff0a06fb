import { wordAccuracy } from './word-accuracy.js';

describe('wordAccuracy', () => {
  it('is 100 for the same words, ignoring case, accents and punctuation', () => {
    expect(wordAccuracy('Olá, você está aí?', 'ola voce esta ai')).toBe(100);
  });

  it('counts substitutions, insertions and deletions over the reference length', () => {
    // one substitution (cat→hat), one deletion (the), of 5 reference words: WER 2/5
    expect(wordAccuracy('the cat sat on the', 'hat sat on the')).toBeCloseTo(60, 5);
    expect(wordAccuracy('one two', 'one two three four')).toBe(0);
  });

  it('has no value without a reference', () => {
    expect(wordAccuracy('  ', 'anything')).toBeUndefined();
  });
});
