/** Sentiment without a model: the offline fallback of attendant assist and of the transfer triggers. */
export { LEXICON_LANGUAGES, lexiconSentiment, type LexiconLanguage, type LexiconSentiment } from './lexicon-sentiment.js';
