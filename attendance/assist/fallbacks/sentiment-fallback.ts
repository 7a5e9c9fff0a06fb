import { lexiconSentiment } from '../../../infra/sentiment/index.js';
import type { Sentiment } from '../assist-schemas.js';
import { emotionsIn, ESCALATION_WORDS, mentions, normalize } from './keywords.js';

const NEGATIVE_EMOTIONS = ['anger', 'frustration'];

/**
 * The customer's mood without a model: the score from the nlp.js lexicons (English and
 * Portuguese), emotions from keyword lists. A frustration or anger word caps the score at -0.5
 * (a general lexicon reads "unacceptable, I want your manager" as mild); when the lexicon knows
 * none of the words, a satisfied word makes it +0.5. Escalation risk is high on anger, a
 * manager/lawyer/cancel word or a score at or below -0.6; medium on frustration or below -0.2.
 * Urgency is high on an urgency word, medium on "!!" or "today"/"hoje".
 */
export async function fallbackSentiment(text: string): Promise<Sentiment> {
  const lexicon = await lexiconSentiment(text);
  const emotions = emotionsIn(text);
  let score = lexicon.score;
  if (emotions.some((e) => NEGATIVE_EMOTIONS.includes(e))) score = Math.min(score, -0.5);
  else if (lexicon.hits === 0 && emotions.includes('satisfaction')) score = 0.5;
  const overall = score > 0.05 ? 'positive' : score < -0.05 ? 'negative' : 'neutral';
  const n = normalize(text);
  const escalation_risk = emotions.includes('anger') || mentions(n, ESCALATION_WORDS) || score <= -0.6 ? 'high'
    : emotions.includes('frustration') || score < -0.2 ? 'medium' : 'low';
  const urgency = emotions.includes('urgency') ? 'high' : /!!/.test(text) || mentions(n, ['today', 'hoje', 'soon', 'logo']) ? 'medium' : 'low';
  return { overall, score, emotions, escalation_risk, urgency };
}
