/**
 * The knowledge base behind USE KB and USE WEBSITE (docs/basic.md, "Knowledge base"): documents of
 * a bot's .gbkb folder and crawled sites, chunked into PostgreSQL full-text search, and the prompt
 * an LLM keyword answers from with citations (or, without a model, the passages themselves).
 */
export { createKnowledgeBase, searchTerms, type IndexedSource, type KnowledgeBase, type KnowledgeBaseDeps, type KnowledgeSettings } from './knowledge-base.js';
export type { KnowledgeStore, Passage, StoredSource } from './knowledge-store.js';
export type { FetchPage } from './crawl-website.js';
export { createLlmAnswers, type AnswerRequest, type GenerationRequest, type LlmAnswers } from './llm-answers.js';
export { documentMessages, groundedMessages, NOTHING_FOUND, passagesAnswer, withSources, type PromptMessage } from './grounded-prompt.js';
