import type { BotConfig } from '../config/index.js';
import type { LlmClient } from '../infra/llm/index.js';
import type { Logger } from '../infra/logger.js';
import { attendanceAvailable } from './routing-rule.js';

/**
 * The complexity trigger (docs/attendance/smart-transfer.md, "Complexity"): a customer message
 * whose complexity score (0–1) is above `attendance-complexity-threshold` goes to a human before
 * the bot answers, with the reason {@link COMPLEXITY_REASON}. The score is the bot's language
 * model's when it has one (and `attendance-complexity-llm` is on), otherwise — and whenever the
 * model gives no usable answer — the offline heuristic below.
 */

/** The transfer reason of the complexity trigger. */
export const COMPLEXITY_REASON = 'complexity';
/** Context key holding the score of the message that handed the session over. */
export const COMPLEXITY_SCORE_KEY = 'complexity_score';

/** The threshold when the trigger applies to this bot: set, smart transfer on and a human side. */
export function complexityThreshold(config: BotConfig): number | undefined {
  const threshold = config['attendance-complexity-threshold'];
  if (threshold === undefined || !config['attendance-smart-transfer'] || !attendanceAvailable(config)) return undefined;
  return threshold;
}

/** A score and where it came from. */
export interface ComplexityScore {
  score: number;
  source: 'llm' | 'heuristic';
}

/** The parts of the heuristic score, each 0–1 (see {@link heuristicComplexity}). */
export interface ComplexityParts {
  length: number;
  questions: number;
  requests: number;
  pressure: number;
}

/** Words at which length counts fully. */
const LONG_MESSAGE_WORDS = 60;
/** Question marks at which questions count fully. */
const MANY_QUESTIONS = 3;
/** Requests beyond the first at which they count fully. */
const MANY_REQUESTS = 3;
/** Negation and urgency words at which they count fully. */
const MANY_PRESSURE_WORDS = 3;
/** Weights of length, questions, requests and pressure; they sum to 1. */
export const HEURISTIC_WEIGHTS = { length: 0.3, questions: 0.25, requests: 0.25, pressure: 0.2 } as const;

/** Words that join a further request inside a sentence (English and Portuguese). */
const REQUEST_JOINERS = /\b(also|additionally|besides|furthermore|moreover|as well as|and then|plus|além disso|também|e ainda|alem disso|tambem)\b/giu;
/** Negation and urgency words (English and Portuguese), whole words, accents ignored. */
const PRESSURE_WORDS = new Set([
  'not', 'no', 'never', 'nothing', 'cannot', "can't", 'cant', "don't", 'dont', "doesn't", "didn't", "won't", "isn't", "wasn't", 'without',
  'urgent', 'urgently', 'asap', 'immediately', 'emergency',
  'nao', 'nunca', 'nada', 'sem', 'urgente', 'imediatamente', 'emergencia',
]);

/**
 * The offline score: a weighted sum of four parts, each capped at 1 —
 * length = words / 60; questions = question marks / 3; requests = (sentences of three words or
 * more, plus joiners such as "also", "além disso", minus one) / 3; pressure = negation and urgency
 * words / 3 — with the weights 0.3, 0.25, 0.25 and 0.2, rounded to two decimals. No I/O, a few
 * microseconds.
 */
export function heuristicComplexity(text: string): { score: number; parts: ComplexityParts } {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = plain.match(/[\p{L}\p{N}']+/gu) ?? [];
  const sentences = plain.split(/[.!?;\n]+/).filter((s) => (s.match(/[\p{L}\p{N}']+/gu) ?? []).length >= 3).length;
  const joiners = (plain.match(REQUEST_JOINERS) ?? []).length;
  const parts: ComplexityParts = {
    length: cap(words.length / LONG_MESSAGE_WORDS),
    questions: cap((text.match(/[?？]/g) ?? []).length / MANY_QUESTIONS),
    requests: cap(Math.max(sentences + joiners - 1, 0) / MANY_REQUESTS),
    pressure: cap(words.filter((w) => PRESSURE_WORDS.has(w)).length / MANY_PRESSURE_WORDS),
  };
  const w = HEURISTIC_WEIGHTS;
  const score = w.length * parts.length + w.questions * parts.questions + w.requests * parts.requests + w.pressure * parts.pressure;
  return { score: round(score), parts };
}

/** What the model is asked: one number, so the answer is cheap and easy to check. */
export const COMPLEXITY_PROMPT = [
  'You rate how complex a customer\'s message is for an automated support bot.',
  'Answer with a JSON object {"complexity": n} where n is a number from 0 to 1:',
  '0 = a single simple question a FAQ answers; 0.5 = one request needing some detail;',
  '1 = several intertwined requests, a dispute, or a problem that needs a person\'s judgement.',
].join(' ');

/** The model's score of `text`, or undefined when its answer is not a number from 0 to 1. Throws what the client throws. */
export async function modelComplexity(model: LlmClient, text: string): Promise<number | undefined> {
  const answer = await model.json([{ role: 'system', content: COMPLEXITY_PROMPT }, { role: 'user', content: text }]);
  const value = typeof answer === 'object' && answer !== null ? (answer as { complexity?: unknown }).complexity : undefined;
  const score = typeof value === 'string' ? Number(value) : value;
  return typeof score === 'number' && score >= 0 && score <= 1 ? round(score) : undefined;
}

/** What scoring needs: the bot's model, if any, and where a model failure is logged. */
export interface ComplexityDeps {
  readonly models?: (botId: string) => LlmClient | undefined;
  readonly logger: Logger;
}

/**
 * The score of a customer's message: the model's when the bot has one and
 * `attendance-complexity-llm` is on, else — or when the model fails or answers no number, which
 * is logged — the heuristic's.
 */
export async function scoreComplexity(ctx: ComplexityDeps, bot: { id: string; config: BotConfig }, text: string): Promise<ComplexityScore> {
  const model = bot.config['attendance-complexity-llm'] ? ctx.models?.(bot.id) : undefined;
  if (model) {
    try {
      const score = await modelComplexity(model, text);
      if (score !== undefined) return { score, source: 'llm' };
      ctx.logger.warn({ bot: bot.id }, 'complexity: the model answered no score; the heuristic scores');
    } catch (error) {
      ctx.logger.warn({ err: error, bot: bot.id }, 'complexity: the model failed; the heuristic scores');
    }
  }
  return { score: heuristicComplexity(text).score, source: 'heuristic' };
}

function cap(value: number): number {
  return Math.min(value, 1);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
