import type { BotConfig } from '../config/index.js';
import type { AnswerVerdict } from './bot-runner.js';
import { attendanceAvailable, findTransferKeyword } from './routing-rule.js';

/**
 * The bot-side transfer triggers (docs/attendance/smart-transfer.md), as pure decisions (engine/answer-customer.ts
 * applies them to a turn). With `attendance-smart-transfer` on and a human side
 * (`attendanceAvailable`), a session goes to a human:
 *
 * a. when the customer's failed bot attempts reach `attendance-transfer-failed-attempts` and the
 *    sentiment of their last {@link SENTIMENT_MESSAGES} messages is below
 *    `attendance-transfer-sentiment-threshold`. A failed attempt is an answer to a waiting HEAR
 *    that the HEAR refused: a typed HEAR (`AS NUMBER`, `AS EMAIL`…) that could not read it, or a
 *    menu (`HEAR x AS "A", "B"`) whose answer matched no option — the "unanswered intent" of a
 *    BASIC bot. An accepted answer resets the count; messages that answer no HEAR (the first one
 *    of a dialog, one during a WAIT) leave it as it is. The bot runner tells which it was
 *    (BotRun.answer, engine/bot-runner.ts).
 * b. at once, on an escalate intent: the text holds one of `attendance-escalate-keywords`
 *    (whole words, case and accents ignored, as the transfer keywords are matched).
 */

/** Context key holding the failed bot attempts since the last accepted answer. */
export const FAILED_BOT_ATTEMPTS_KEY = 'bot_failed_attempts';

/** How many of the customer's latest messages the sentiment is read from (joined). */
export const SENTIMENT_MESSAGES = 3;

/** Whether the triggers apply to this bot at all. */
export function smartTransferOn(config: BotConfig): boolean {
  return config['attendance-smart-transfer'] && attendanceAvailable(config);
}

/** Trigger b: the transfer reason when `text` asks to escalate, e.g. `smart: escalate intent (manager)`. */
export function escalateReason(config: BotConfig, text: string): string | undefined {
  if (!smartTransferOn(config)) return undefined;
  const phrase = findTransferKeyword(text, config['attendance-escalate-keywords']);
  return phrase === undefined ? undefined : `smart: escalate intent (${phrase})`;
}

/** The count after this message: one more on a refusal, 0 on an accepted answer. */
export function nextFailedAttempts(previous: unknown, verdict: AnswerVerdict): number {
  const count = typeof previous === 'number' && Number.isInteger(previous) && previous > 0 ? previous : 0;
  switch (verdict) {
    case 'accepted':
      return 0;
    case 'rejected':
      return count + 1;
    case 'none':
      return count;
  }
}

/** Whether the count is high enough for the sentiment to matter (the sentiment is read only then). */
export function attemptsReached(config: BotConfig, attempts: number): boolean {
  return smartTransferOn(config) && attempts >= config['attendance-transfer-failed-attempts'];
}

/**
 * Trigger a: the transfer reason when the attempts reached the limit and `sentiment` (-1..1) is
 * below the threshold, e.g. `smart: failed attempts (3) with negative sentiment (-0.72)`.
 */
export function stuckReason(config: BotConfig, attempts: number, sentiment: number): string | undefined {
  if (!attemptsReached(config, attempts) || !(sentiment < config['attendance-transfer-sentiment-threshold'])) return undefined;
  return `smart: failed attempts (${attempts}) with negative sentiment (${sentiment})`;
}
