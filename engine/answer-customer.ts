import type { MessagesRepo } from '../db/index.js';
import type { Logger } from '../infra/logger.js';
import { lexiconSentiment } from '../infra/sentiment/index.js';
import type { BotRunner } from './bot-runner.js';
import type { StoredDialog } from './dialog-envelope.js';
import { COMPLEXITY_REASON, COMPLEXITY_SCORE_KEY, complexityThreshold, scoreComplexity, type ComplexityDeps } from './complexity.js';
import type { InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';
import {
  attemptsReached, escalateReason, FAILED_BOT_ATTEMPTS_KEY, nextFailedAttempts, SENTIMENT_MESSAGES,
  smartTransferOn, stuckReason,
} from './smart-transfer.js';
import { transferToHuman } from './transfer-to-human.js';

/** What the bot's answer needs: the bot runner, the transcript (the customer's mood), the clock. */
export interface AnswerDeps extends ComplexityDeps {
  readonly bot: BotRunner;
  readonly repos: { readonly messages: Pick<MessagesRepo, 'listBySession'> };
  readonly logger: Logger;
  readonly now: () => Date;
}

/**
 * The bot's answer to a customer message, watched by the smart transfer triggers
 * (smart-transfer.ts), so a customer the bot cannot help reaches a person in the same turn:
 * - an escalate intent transfers before the bot runs (its dialog stays as it is, as with a
 *   transfer keyword); so does a message whose complexity is above the bot's threshold
 *   (complexity.ts), when one is set;
 * - otherwise the bot runs; a refused answer counts a failed attempt, an accepted one resets the
 *   count; when the count reaches the limit and the customer's recent messages read negative,
 *   the session is transferred. The bot has failed this customer then: its replies of this turn
 *   are not sent and its dialog ends, so after the attendance the next message starts it afresh.
 * Both go through {@link transferToHuman}, the path of TRANSFER TO HUMAN (the wait message, then
 * the attendance port). A script that transfers or sets needs_human itself is left alone.
 * Resolves to the dialog to store, as the bot runner does (engine/bot-runner.ts).
 */
export async function answerCustomer(ctx: AnswerDeps, turn: SessionTurn, inbound: InboundMessage): Promise<StoredDialog | null | undefined> {
  const { config } = turn.bot;
  if (!smartTransferOn(config)) return (await ctx.bot.run(turn, { kind: 'message', inbound })).dialog;

  const escalation = escalateReason(config, inbound.text);
  if (escalation) {
    transferToHuman(turn, { reason: escalation }, ctx.now());
    return undefined;
  }
  // Complexity: only scored when its threshold is set (docs/attendance/smart-transfer.md, "Complexity").
  const threshold = complexityThreshold(config);
  if (threshold !== undefined && inbound.text.trim() !== '') {
    const { score } = await scoreComplexity(ctx, turn.bot, inbound.text);
    if (score > threshold) {
      transferToHuman(turn, { reason: COMPLEXITY_REASON }, ctx.now());
      turn.setContext(COMPLEXITY_SCORE_KEY, score);
      return undefined;
    }
  }

  const outputsAt = turn.outbound.length;
  const { dialog: after, answer: verdict } = await ctx.bot.run(turn, { kind: 'message', inbound });
  const previous = turn.context[FAILED_BOT_ATTEMPTS_KEY];
  const attempts = nextFailedAttempts(previous, verdict);
  if (attempts !== previous && (attempts > 0 || previous !== undefined)) turn.setContext(FAILED_BOT_ATTEMPTS_KEY, attempts);
  if (!attemptsReached(config, attempts) || turn.needsHuman()) return after;

  const sentiment = await recentSentiment(ctx, turn, inbound.text);
  const reason = sentiment === undefined ? undefined : stuckReason(config, attempts, sentiment);
  if (!reason) return after;
  dropBotReplies(turn, outputsAt);
  transferToHuman(turn, { reason }, ctx.now());
  turn.setContext(FAILED_BOT_ATTEMPTS_KEY, 0);
  return null;
}

/**
 * The customer's mood: the lexicon sentiment (-1..1) of each of their last
 * {@link SENTIMENT_MESSAGES} messages of the session (this one included), averaged over the
 * messages the lexicon recognised a word in; 0 when it recognised none. Each message is scored
 * on its own, since a "not" in one would otherwise turn the words of the next. No language
 * model: this runs on every failed attempt past the limit. A failure is logged and means "no
 * reading" (no transfer), never a failed turn.
 */
async function recentSentiment(ctx: AnswerDeps, turn: SessionTurn, text: string): Promise<number | undefined> {
  try {
    // This message is not stored yet: it commits with the turn.
    const transcript = turn.isNew ? [] : await ctx.repos.messages.listBySession(turn.id);
    const texts = [...transcript.filter((m) => m.direction === 'inbound').map((m) => m.text), text];
    const recent = texts.slice(-SENTIMENT_MESSAGES);
    const readings = (await Promise.all(recent.map((t) => lexiconSentiment(t)))).filter((r) => r.hits > 0);
    const mean = readings.reduce((sum, r) => sum + r.score, 0) / (readings.length || 1);
    return Math.round(mean * 100) / 100;
  } catch (error) {
    ctx.logger.warn({ err: error, session: turn.id }, 'smart transfer: no sentiment reading');
    return undefined;
  }
}

/** Removes the bot's customer replies queued since `from` (TALK TO messages to others stay). */
function dropBotReplies(turn: SessionTurn, from: number): void {
  for (let i = turn.outbound.length - 1; i >= from; i--) {
    const pending = turn.outbound[i]!;
    if (pending.toCustomer && pending.message.from === 'bot') turn.outbound.splice(i, 1);
  }
}
