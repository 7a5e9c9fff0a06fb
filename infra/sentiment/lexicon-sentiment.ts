import { Container } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en';
import { LangPt } from '@nlpjs/lang-pt';
import { SentimentAnalyzer, type SentimentResult } from '@nlpjs/sentiment';

/** Languages the lexicons cover. */
export const LEXICON_LANGUAGES = ['en', 'pt'] as const;
export type LexiconLanguage = (typeof LEXICON_LANGUAGES)[number];

/** A lexicon's reading of a text: `score` from -1 (very negative) to 1 (very positive). */
export interface LexiconSentiment {
  score: number;
  vote: 'positive' | 'negative' | 'neutral';
  language: LexiconLanguage;
  /** Words of the text found in the lexicon; 0 means the lexicon had nothing to say. */
  hits: number;
}

/**
 * Sentiment without a language model, from the lexicons of nlp.js (SentiCon for English, AFINN
 * for Portuguese). The text is scored in each language and the one whose lexicon recognises more
 * words wins, so no language has to be declared. Word scores are summed on a common -1..1 scale
 * (AFINN's -5..5 divided by 5) and squashed like VADER's compound score, x / √(x² + 1), so
 * several strong words approach ±1 without passing it.
 */
export async function lexiconSentiment(text: string, language?: LexiconLanguage): Promise<LexiconSentiment> {
  const analyzer = await analyzerOnce();
  const languages = language ? [language] : LEXICON_LANGUAGES;
  let best: { language: LexiconLanguage; result: SentimentResult } | undefined;
  for (const locale of languages) {
    const { sentiment } = await analyzer.process({ locale, text });
    if (!best || sentiment.numHits > best.result.numHits) best = { language: locale, result: sentiment };
  }
  const { result } = best!;
  const sum = result.type === 'afinn' ? result.score / 5 : result.score;
  const score = result.numHits === 0 ? 0 : round(sum / Math.sqrt(sum * sum + 1));
  const vote = score > 0.05 ? 'positive' : score < -0.05 ? 'negative' : 'neutral';
  return { score, vote, language: best!.language, hits: result.numHits };
}

let analyzer: SentimentAnalyzer | undefined;
/** The lexicons load once per process (they are a few hundred kilobytes). */
async function analyzerOnce(): Promise<SentimentAnalyzer> {
  if (!analyzer) {
    const container = new Container();
    container.use(LangEn);
    container.use(LangPt);
    analyzer = new SentimentAnalyzer({ container });
  }
  return analyzer;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
