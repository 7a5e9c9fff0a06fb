import { lexiconSentiment } from '../../../infra/sentiment/index.js';
import type { Summary } from '../assist-schemas.js';
import type { TranscriptLine } from '../assist-context.js';
import { TOPIC_NEEDS, topicsIn } from './keywords.js';
import { clip, customerLines, openQuestions } from './transcript-facts.js';

const KEY_POINTS = 3;
/** How far the mood must move between the first and the last third to count as a trend. */
const TREND_STEP = 0.2;

/**
 * A summary computed from the transcript: the first customer message as the brief, their last
 * few messages as key points, needs from the transfer reason and topic words, questions since
 * the attendant last wrote as unresolved, the trend from lexicon scores of the first and last
 * third of the customer's messages, and an action from rules.
 */
export async function fallbackSummary(input: { transcript: readonly TranscriptLine[]; transferReason: string | null }): Promise<Summary> {
  const { transcript, transferReason } = input;
  const customer = customerLines(transcript);
  const needs = [
    ...(transferReason ? [`Transfer reason: ${clip(transferReason, 120)}`] : []),
    ...topicsIn(customer.map((m) => m.text).join('\n')).map((t) => TOPIC_NEEDS[t]),
  ];
  const unresolved = openQuestions(transcript);
  const sentiment_trend = await trendOf(customer.map((m) => m.text));
  const recommended_action = unresolved.length > 0 ? "Answer the customer's open question(s)."
    : sentiment_trend === 'declining' ? 'Acknowledge the frustration and offer a concrete next step.'
      : needs.some((n) => n === TOPIC_NEEDS.order || n === TOPIC_NEEDS.refund || n === TOPIC_NEEDS.billing)
        ? 'Look up the order or payment, then tell the customer what happens next.'
        : customer.length === 0 ? 'Greet the customer and ask how you can help.'
          : 'Confirm the issue is solved, then resolve the conversation.';
  const first = transcript[0]?.at.getTime() ?? 0;
  const last = transcript.at(-1)?.at.getTime() ?? 0;
  return {
    brief: customer[0] ? clip(customer[0].text) : 'No message from the customer yet.',
    key_points: customer.slice(-KEY_POINTS).map((m) => clip(m.text)),
    customer_needs: needs,
    unresolved_issues: unresolved,
    sentiment_trend,
    recommended_action,
    message_count: transcript.length,
    duration_minutes: Math.round((last - first) / 60_000),
  };
}

/** Compares the mean lexicon score of the first third of the messages with the last third. */
async function trendOf(texts: readonly string[]): Promise<Summary['sentiment_trend']> {
  if (texts.length < 2) return 'stable';
  const third = Math.max(1, Math.floor(texts.length / 3));
  const mean = async (part: readonly string[]) =>
    (await Promise.all(part.map(async (t) => (await lexiconSentiment(t)).score))).reduce((a, b) => a + b, 0) / part.length;
  const change = (await mean(texts.slice(-third))) - (await mean(texts.slice(0, third)));
  return change > TREND_STEP ? 'improving' : change < -TREND_STEP ? 'declining' : 'stable';
}
