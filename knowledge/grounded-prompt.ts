import type { Passage } from './knowledge-store.js';

/** A chat message as the bot's model takes it. */
export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The request of an LLM keyword while knowledge is active (USE KB, USE WEBSITE): the session's
 * SET CONTEXT text, then the passages found for the question, numbered, with the instruction to
 * answer from them and cite them as [n]; then the question.
 */
export function groundedMessages(input: { context?: string; prompt: string; passages: readonly Passage[] }): PromptMessage[] {
  const numbered = input.passages.map((p, i) => `[${i + 1}] ${p.title} (${p.document})\n${p.content}`).join('\n\n');
  const instruction = 'Answer from the numbered passages below when they hold the answer, and cite each passage you use by its number '
    + 'in brackets, e.g. [1]. If they do not hold the answer, say that you do not know.';
  const system = [input.context, instruction, numbered].filter((part) => part && part.trim() !== '').join('\n\n');
  return [{ role: 'system', content: system }, { role: 'user', content: input.prompt }];
}

/**
 * The request of an LLM keyword in answer mode `document` (SET ANSWER MODE, docs/basic.md) with
 * no knowledge active: the session's SET CONTEXT text is the document, and the model answers from
 * it alone.
 */
export function documentMessages(input: { context?: string; prompt: string }): PromptMessage[] {
  const instruction = 'Answer only from the text above. If it does not hold the answer, say that you do not know.';
  const system = [input.context, instruction].filter((part) => part && part.trim() !== '').join('\n\n');
  return [{ role: 'system', content: system }, { role: 'user', content: input.prompt }];
}

/** The model's answer followed by the sources it cited (`[n] title — document`), so the customer sees where it comes from. */
export function withSources(answer: string, passages: readonly Passage[]): string {
  const cited = [...new Set([...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))]
    .filter((n) => n >= 1 && n <= passages.length)
    .sort((a, b) => a - b);
  if (cited.length === 0) return answer;
  return `${answer}\n\nSources:\n${cited.map((n) => `[${n}] ${passages[n - 1]!.title} — ${passages[n - 1]!.document}`).join('\n')}`;
}

/**
 * The answer without a model: the best passages themselves, each with its source — those that
 * match at least half as well as the best one, since no model is there to pick among them.
 */
export function passagesAnswer(passages: readonly Passage[]): string {
  if (passages.length === 0) return NOTHING_FOUND;
  const best = Math.max(...passages.map((p) => p.rank ?? 0));
  return passages.filter((p) => (p.rank ?? best) >= best / 2).map((p) => `${p.content}\n(${p.title} — ${p.document})`).join('\n\n');
}

/** What an LLM keyword answers without a model when no passage matches the question. */
export const NOTHING_FOUND = 'Nothing in the knowledge base answers this.';
