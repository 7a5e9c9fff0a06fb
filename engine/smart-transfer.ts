import { refusedAnswers } from '../basic-interpreter/index.js';
import type { BotConfig } from '../config/index.js';
import type { StoredDialog } from './dialog-envelope.js';
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
 *    of a dialog, one during a WAIT) leave it as it is.
 * b. at once, on an escalate intent: the text holds one of `attendance-escalate-keywords`
 *    (whole words, case and accents ignored, as the transfer keywords are matched).
 */

/** Context key holding the failed bot attempts since the last accepted answer. */
export const FAILED_BOT_ATTEMPTS_KEY = 'bot_failed_attempts';

/** How many of the customer's latest messages the sentiment is read from (joined). */
export const SENTIMENT_MESSAGES = 3;

/** How a customer message went with the dialog: a HEAR accepted or refused it, or it answered no HEAR. */
export type AnswerVerdict = 'accepted' | 'rejected' | 'none';

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

/** The dialog around one customer message: as stored before it, as the bot turn left it, and whether a HEAR gave up. */
export interface TurnDialogs {
  before: StoredDialog | null;
  /** undefined: the VM did not run (nothing changed). */
  after: StoredDialog | null | undefined;
  /** The third refused answer in a row: the HEAR stored NULL and the script went on (`hear.failed`). */
  hearFailed: boolean;
}

/**
 * Whether the message was an answer and a HEAR refused it. The VM counts refusals in a row in its
 * saved state (`refusedAnswers`): a higher count after the turn means this answer was refused and
 * asked again; the third refusal resets it and reports `hear.failed` instead.
 */
export function answerVerdict({ before, after, hearFailed }: TurnDialogs): AnswerVerdict {
  if (before?.status !== 'waiting' || after === undefined) return 'none';
  if (hearFailed) return 'rejected';
  const refusedAgain = after?.status === 'waiting' && hearTries(after) > hearTries(before);
  return refusedAgain ? 'rejected' : 'accepted';
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

const hearTries = (dialog: StoredDialog): number => refusedAnswers(dialog.state);
