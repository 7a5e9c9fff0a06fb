// nlp.js ships no type declarations; these cover the parts the lexicon analyzer uses.
declare module '@nlpjs/core' {
  export class Container {
    use(plugin: unknown): void;
  }
}
declare module '@nlpjs/sentiment' {
  import type { Container } from '@nlpjs/core';
  export interface SentimentResult {
    score: number;
    numWords: number;
    numHits: number;
    average: number;
    type?: string;
    locale: string;
    vote: 'positive' | 'negative' | 'neutral';
  }
  export class SentimentAnalyzer {
    constructor(settings: { container: Container });
    process(input: { locale: string; text: string }): Promise<{ sentiment: SentimentResult }>;
  }
}
declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-pt' {
  export const LangPt: unknown;
}
