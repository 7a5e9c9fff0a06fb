import { resumeDialog, startDialog, turnLimitsFrom, type ObjectValue, type TurnResult, type Value } from '../basic-interpreter/index.js';
import { readStoredDialog, storedDialogOf, type StoredDialog } from './dialog-envelope.js';
import type { EngineContext } from './engine-context.js';
import { createTurnHost } from './engine-host.js';
import type { InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';
import { offerSignIn, SIGN_IN_UNAVAILABLE } from './sign-in-link.js';

/** Why the bot runs: a customer message, a WAIT that is over, or the sign-in a HEAR x AS LOGIN waited for. */
export type BotInput = { kind: 'message'; inbound: InboundMessage } | { kind: 'wake' } | { kind: 'signed_in'; user: ObjectValue };

/**
 * One turn of the bot's BASIC dialog on a session:
 * - no stored dialog (a new session, or the last dialog ended): `start` runs from the top, with
 *   the built-in variables; the message is `first_message`, not an answer to a HEAR;
 * - a dialog waiting on HEAR: it resumes with the message as the answer;
 * - a dialog sleeping after WAIT: a customer message does not wake it (it stays in the
 *   transcript); the WAIT job does, without input;
 * - a dialog waiting on HEAR x AS LOGIN: the sign-in resumes it with the user (complete-sign-in.ts);
 *   while it waits, every turn ends with a fresh sign-in link (sign-in-link.ts).
 * The outputs become bot messages of the turn (a HEAR menu rides on the last one as suggestions),
 * ahead of messages its effects produced (a transfer's wait message), since the VM hands its TALK
 * output over only when the turn ends.
 * Resolves to the dialog to store, or undefined when the VM did not run (nothing to change).
 */
export async function runBotTurn(ctx: EngineContext, turn: SessionTurn, input: BotInput): Promise<StoredDialog | null | undefined> {
  // A channel's restart command (bot_msg `/start`) drops whatever dialog there was.
  const restart = input.kind === 'message' && input.inbound.command?.kind === 'restart';
  const stored = restart ? null : readStoredDialog(turn.session.dialog_state);
  const { bot } = turn;
  const options = { library: bot.dialogs, host: createTurnHost(ctx, turn), limits: turnLimitsFrom(bot.config), now: ctx.now };
  // Messages effects add during the VM run (the wait message of a transfer) follow the TALK output.
  const outputsAt = turn.outbound.length;
  let result: TurnResult;
  if (input.kind === 'wake') {
    if (stored?.status !== 'sleeping') return undefined;
    result = await resumeDialog({ ...options, state: stored.state });
  } else if (input.kind === 'signed_in') {
    if (stored?.status !== 'waiting') return undefined;
    result = await resumeDialog({ ...options, state: stored.state, answer: input.user });
  } else if (stored?.status === 'sleeping') {
    return undefined;
  } else if (stored?.status === 'waiting') {
    result = await resumeDialog({ ...options, state: stored.state, input: input.inbound.text, attachments: input.inbound.attachments });
  } else {
    result = await startDialog({ ...options, entry: 'start', variables: builtInVariables(turn, input.inbound) });
  }

  const log = { bot: bot.name, session: turn.id };
  if (result.notice) ctx.logger.info(log, result.notice);
  if (result.status === 'error') {
    const { message, file, line } = result.error;
    ctx.logger.warn({ ...log, file, line }, `dialog ended by an error: ${message}`);
  }
  const menu = result.status === 'waiting' ? result.waiting_for.menu : undefined;
  const outputs = result.outputs.map((output, i) => {
    const last = i === result.outputs.length - 1;
    // SEND FILE's output: the file by URL; its caption is the message's text, so no channel shows it twice.
    return turn.botMessage(output.text, output.suggestions ?? (last ? menu : undefined), output.files);
  });
  turn.outbound.splice(outputsAt, 0, ...outputs);
  if (result.status === 'waiting' && result.waiting_for.type === 'LOGIN' && !(await offerSignIn(ctx, turn))) {
    ctx.logger.warn(log, `dialog ended by an error: ${SIGN_IN_UNAVAILABLE}`);
    return null;
  }
  return storedDialogOf(result);
}

/**
 * The variables `start` begins with: every `param-<x>` of config.csv as `x`, then the built-ins
 * (which win a clash): user_name, user_id, phone, email, channel, bot, session_id, first_message.
 * Unknown customer details are "".
 */
function builtInVariables(turn: SessionTurn, inbound: InboundMessage): Record<string, Value> {
  const { customer } = inbound;
  return {
    ...turn.bot.params,
    user_name: customer.display_name ?? '',
    user_id: turn.session.user_id,
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    channel: turn.session.channel,
    bot: turn.bot.name,
    session_id: turn.id,
    first_message: inbound.text,
  };
}
