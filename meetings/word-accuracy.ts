/**
 * How good a transcript is (docs/meetings.md, "Transcription accuracy"): 100 × (1 − word error
 * rate) against a reference transcript, words compared without case, accents or punctuation, the
 * error rate being the word-level edit distance over the reference's length. Pure.
 */
export function wordAccuracy(reference: string, hypothesis: string): number | undefined {
  const ref = words(reference);
  const hyp = words(hypothesis);
  if (ref.length === 0) return undefined;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  const errorRate = previous[hyp.length]! / ref.length;
  return Math.max(0, 100 * (1 - errorRate));
}

function words(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((w) => w.length > 0);
}
