import type { PolishAnswer } from '../assist-schemas.js';

/** Frequent chat shorthand and typos, English and Portuguese, with their fix. */
const TYPOS: Record<string, string> = {
  i: 'I', im: "I'm", ive: "I've", dont: "don't", cant: "can't", wont: "won't", didnt: "didn't", doesnt: "doesn't", isnt: "isn't",
  thats: "that's", youre: "you're", teh: 'the', recieve: 'receive', definately: 'definitely', thx: 'thanks', pls: 'please',
  plz: 'please', u: 'you', ur: 'your',
  vc: 'você', pq: 'porque', tb: 'também', tbm: 'também', obg: 'obrigado', nao: 'não', voce: 'você', entao: 'então',
};
const WORD = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}'’])${w}(?![\\p{L}\\p{N}'’])`, 'giu');

/**
 * A draft tidied without a model: spacing, a few common typos, capital letters at sentence
 * starts and a final full stop. The tone is left as written; `changes` says what was done.
 */
export function fallbackPolish(text: string): PolishAnswer {
  const changes: string[] = [];
  let t = text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').replace(/ +([,.!?;:])/g, '$1').trim();
  if (t !== text) changes.push('Removed extra spaces');
  for (const [typo, fix] of Object.entries(TYPOS)) {
    const next = t.replace(WORD(typo), (found) => (typo === 'i' && found === 'I' ? found : keepCase(found, fix)));
    if (next !== t) changes.push(`Fixed "${typo}" → "${fix}"`);
    t = next;
  }
  const capitalised = t.replace(/(^|[.!?]\s+|\n)(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
  if (capitalised !== t) changes.push('Capitalised the start of sentences');
  t = capitalised;
  if (/[\p{L}\p{N}]$/u.test(t)) {
    t = `${t}.`;
    changes.push('Added a final full stop');
  }
  return { polished: t, changes };
}

/** The fix with the found word's capital first letter kept ("Dont" → "Don't"). */
function keepCase(found: string, fix: string): string {
  return found[0] !== found[0]!.toLowerCase() ? fix[0]!.toUpperCase() + fix.slice(1) : fix;
}
