import type { StoredDialog } from './dialog-envelope.js';
import type { InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';

/**
 * The one port through which the engine has the bot answer (docs/architecture.md, "The one path
 * of a message"): the engine decides when the bot runs, on which session, and commits what it
 * did; the script host (script-host/, given by the composition root) runs the BASIC dialog.
 */
export interface BotRunner {
  /**
   * One turn of the bot on `turn`'s session. What the bot does lands on the turn — its replies
   * and TALK TO messages in `turn.outbound`, the session keys it set, a hand-over — and the turn's
   * commit writes it all in one transaction. Resolves to the dialog to store and, for a customer
   * message, how it went with a HEAR that waited for it.
   */
  run(turn: SessionTurn, input: BotInput): Promise<BotRun>;
}

/** Why the bot runs: a customer message, a WAIT that is over, or the sign-in a HEAR x AS LOGIN waited for. */
export type BotInput =
  | { kind: 'message'; inbound: InboundMessage }
  | { kind: 'wake' }
  | { kind: 'signed_in'; user: SignInAnswer };

/** Who signed in through a HEAR x AS LOGIN link (docs/basic.md, "HEAR AS LOGIN"): the answer of that HEAR. */
export type SignInAnswer = { [key: string]: string | number | boolean | null | string[] };

/** What one run of the bot left for the turn to commit besides what it put on the turn. */
export interface BotRun {
  /** The dialog to store: the suspended one, null when it ended, undefined when it did not run (nothing to change). */
  dialog: StoredDialog | null | undefined;
  /**
   * How the customer's message went with the dialog (docs/attendance/smart-transfer.md): a HEAR
   * that waited for it `accepted` or `rejected` it, or it answered no HEAR (`none`, also for a
   * wake-up or a sign-in).
   */
  answer: AnswerVerdict;
}

/** See {@link BotRun.answer}. */
export type AnswerVerdict = 'accepted' | 'rejected' | 'none';
