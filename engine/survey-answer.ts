import { translate } from '../infra/i18n.js';
import type { InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';

/**
 * The post-attendance satisfaction survey, engine side (docs/attendance/insights-and-survey.md):
 * attendance marks the session when it resolves and asks "from 0 to 10…"; the customer's next
 * message is read here, before the bot, so the engine never has to ask attendance during a turn.
 * A score is thanked and stored; attendance records it from the `survey.answered` event.
 */

/** Context key that marks a session whose next message may be a satisfaction score. */
export const SURVEY_CONTEXT_KEY = 'satisfaction_survey';

/** What the customer is told after a score was taken, in English; in the bot's `language` it is `survey.thanks` of locales/. */
export const SURVEY_THANKS = translate('en', 'survey.thanks');

const SCORE = /^(\d{1,2})(?:\s*\/\s*10)?$/;

/**
 * The score in a survey answer: a whole number 0–10 alone, optionally written "n/10" ("8",
 * "8/10", " 10 "). Anything else ("8.5", "11", "about 8", "great") is not an answer, so a customer
 * who simply goes on talking reaches the bot.
 */
export function parseSurveyScore(text: string): number | undefined {
  const match = SCORE.exec(text.trim());
  if (!match) return undefined;
  const score = Number(match[1]);
  return score <= 10 ? score : undefined;
}

/**
 * The first message after a resolve that asked for a score: a score is stored as context
 * `customer_satisfaction` and thanked, and the bot does not run; anything else goes on to the
 * bot. The question is asked once: the mark is cleared whatever the answer. Resolves to the
 * score taken and the mark as attendance left it, if a score was taken.
 */
export function takeSurveyAnswer(turn: SessionTurn, inbound: Pick<InboundMessage, 'text'>): { score: number; mark: unknown } | undefined {
  const mark = turn.context[SURVEY_CONTEXT_KEY];
  if (mark === undefined || mark === null) return undefined;
  turn.setContext(SURVEY_CONTEXT_KEY, null);
  const score = parseSurveyScore(inbound.text);
  if (score === undefined) return undefined;
  turn.setContext('customer_satisfaction', score);
  turn.say(translate(turn.bot.config.language, 'survey.thanks'), 'system');
  return { score, mark };
}
