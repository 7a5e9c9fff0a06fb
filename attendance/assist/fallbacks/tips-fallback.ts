import type { Sentiment, Tip } from '../assist-schemas.js';
import type { TranscriptLine } from '../assist-context.js';
import { topicsIn } from './keywords.js';
import { clip, customerLines, openQuestions, unansweredLines } from './transcript-facts.js';

/** A customer waiting this long since their first unanswered message gets an apology. */
export const LONG_WAIT_MS = 5 * 60_000;

export interface TipsFallbackInput {
  transcript: readonly TranscriptLine[];
  sentiment: Sentiment;
  now: Date;
}

/**
 * Tips from rules, most important first: an upset customer → empathy; a risk of escalation →
 * a concrete next step; an unanswered question → answer it; a wait of five minutes or more →
 * apologise; an order, refund or billing matter → look it up first. With none of these, a general
 * tip on opening the conversation.
 */
export function fallbackTips(input: TipsFallbackInput): Tip[] {
  const { transcript, sentiment, now } = input;
  const tips: Tip[] = [];
  if (sentiment.overall === 'negative') {
    tips.push({ type: 'empathy', content: 'The customer sounds upset: acknowledge how they feel before solving the problem.', confidence: 0.7, priority: 1 });
  }
  if (sentiment.escalation_risk === 'high') {
    tips.push({
      type: 'escalation', confidence: 0.6, priority: 1,
      content: 'Risk of escalation: stay calm, give a concrete next step and when it will happen; involve a supervisor if needed.',
    });
  }
  const [question] = openQuestions(transcript).slice(-1);
  if (question) tips.push({ type: 'question', content: `Answer the customer's question: "${clip(question, 120)}"`, confidence: 0.8, priority: 1 });
  const waitingSince = unansweredLines(transcript)[0]?.at;
  if (waitingSince && now.getTime() - waitingSince.getTime() >= LONG_WAIT_MS) {
    const minutes = Math.floor((now.getTime() - waitingSince.getTime()) / 60_000);
    tips.push({ type: 'wait', content: `The customer has waited ${minutes} minutes: apologise for the wait.`, confidence: 0.9, priority: 2 });
  }
  const topics = topicsIn(customerLines(transcript).map((m) => m.text).join('\n'));
  const lookup = topics.find((t) => t === 'order' || t === 'refund' || t === 'billing');
  if (lookup) {
    const what = { order: 'their order', refund: 'the payment to refund', billing: 'their invoices and payments' }[lookup];
    tips.push({ type: 'lookup', content: `The customer mentions ${lookup === 'order' ? 'an order' : lookup}: look up ${what} before answering.`, confidence: 0.6, priority: 2 });
  }
  if (tips.length === 0) {
    tips.push({ type: 'general', content: 'Greet the customer, confirm what they need in one sentence, and say what you will do next.', confidence: 0.5, priority: 3 });
  }
  return tips.sort((a, b) => a.priority - b.priority).slice(0, 5);
}
