import { resumeDialog, startDialog, turnLimitsFrom, type HearPrompt, type TurnResult, type Value } from '../basic-interpreter/index.js';
import type { BotInput, BotRun, InboundMessage, SessionTurn } from '../engine/index.js';
import { translate } from '../infra/i18n.js';
import { createTurnHost } from './effect-host.js';
import { answerVerdict, readScriptDialog, storedDialogOf, type ScriptDialog } from './script-dialog.js';
import type { HostContext, ScriptBot } from './script-host-context.js';
import { offerSignIn, SIGN_IN_UNAVAILABLE } from './sign-in-link.js';
import { triggeredBot } from './bot-triggers.js';
import { DIALOG_BOT_KEY, SIGNED_IN_USER_KEY } from './session-keys.js';

/**
 * The engine's bot runner (engine/bot-runner.ts): one turn of the bot's BASIC dialog, as
 * {@link runDialogTurn} runs it, and how a customer's message went with a HEAR that waited for it
 * (the smart transfer's failed attempts, script-dialog.ts).
 */
export async function runBotTurn(ctx: HostContext, turn: SessionTurn, input: BotInput): Promise<BotRun> {
  const bot = ctx.bots(turn.bot.name);
  if (!bot) throw new Error(`the bot "${turn.bot.name}" has no scripts loaded`);
  if (input.kind !== 'message') return { dialog: await runDialogTurn(ctx, bot, turn, input), answer: 'none' };
  const before = readScriptDialog(turn.session.dialog_state);
  const hearFailuresBefore = turn.context.failed_attempts; // hear.failed (effect-host.ts) bumps it
  const dialog = await runDialogTurn(ctx, bot, turn, input);
  return { dialog, answer: answerVerdict({ before, after: dialog, hearFailed: turn.context.failed_attempts !== hearFailuresBefore }) };
}

/**
 * One turn of the bot's BASIC dialog on a session:
 * - no stored dialog (a new session, or the last dialog ended): `start` runs from the top, with
 *   the built-in variables; the message is `first_message`, not an answer to a HEAR;
 * - a dialog waiting on HEAR: it resumes with the message as the answer;
 * - a dialog sleeping after WAIT: a customer message does not wake it (it stays in the
 *   transcript); the WAIT job does, without input;
 * - a dialog waiting on HEAR x AS LOGIN: the sign-in resumes it with the user (engine/complete-sign-in.ts);
 *   while it waits, every turn ends with a fresh sign-in link (sign-in-link.ts).
 * The outputs become bot messages of the turn (a HEAR menu rides on the last one as suggestions),
 * ahead of messages its effects produced (a transfer's wait message), since the VM hands its TALK
 * output over only when the turn ends.
 * Resolves to the dialog to store, or undefined when the VM did not run (nothing to change).
 */
async function runDialogTurn(ctx: HostContext, ownBot: ScriptBot, turn: SessionTurn, input: BotInput): Promise<ScriptDialog | null | undefined> {
  // A channel's restart command (bot_msg `/start`) drops whatever dialog there was.
  const restart = input.kind === 'message' && input.inbound.command?.kind === 'restart';
  const stored = restart ? null : readScriptDialog(turn.session.dialog_state);
  const bot = dialogBot(ctx, ownBot, turn, stored === null && input.kind === 'message' ? input.inbound.text : undefined);
  const options = {
    library: bot.dialogs, host: createTurnHost(ctx, bot, turn), limits: turnLimitsFrom(bot.config), now: ctx.now,
    // HEAR's re-asks in the bot's language (locales/<language>/server.json, "hear").
    hearPrompt: (prompt: HearPrompt) => translate(bot.config.language, `hear.${prompt.key}`, { ...prompt.params }),
  };
  // Messages effects add during the VM run (the wait message of a transfer) follow the TALK output.
  const outputsAt = turn.outbound.length;
  let result: TurnResult;
  if (input.kind === 'wake') {
    if (stored?.status !== 'sleeping') return undefined;
    result = await resumeDialog({ ...options, state: stored.state });
  } else if (input.kind === 'signed_in') {
    if (stored?.status !== 'waiting') return undefined;
    // ALLOW ROLE reads the account the person signed in with (docs/basic.md, "ALLOW ROLE").
    turn.setContext(SIGNED_IN_USER_KEY, input.user.id);
    result = await resumeDialog({ ...options, state: stored.state, answer: input.user });
  } else if (stored?.status === 'sleeping') {
    return undefined;
  } else if (stored?.status === 'waiting') {
    result = await resumeDialog({ ...options, state: stored.state, input: input.inbound.text, attachments: input.inbound.attachments });
  } else {
    result = await startDialog({ ...options, entry: 'start', variables: builtInVariables(bot, turn, input.inbound) });
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
 * The bot whose dialog runs this turn: a dialog an ADD BOT trigger started keeps running on its bot
 * until it ends (the session's `dialog_bot`); a message starting a new dialog goes to the bot whose
 * ADD BOT words it holds, else to the conversation's own bot.
 */
function dialogBot(ctx: HostContext, ownBot: ScriptBot, turn: SessionTurn, startingWith: string | undefined): ScriptBot {
  if (startingWith === undefined) {
    const running = turn.context[DIALOG_BOT_KEY];
    return (typeof running === 'string' ? ctx.bots(running) : undefined) ?? ownBot;
  }
  const routed = triggeredBot(ctx, turn, startingWith);
  // Written only when it changes: most conversations never have an ADD BOT, and their turns write nothing more.
  if ((turn.context[DIALOG_BOT_KEY] ?? null) !== (routed?.name ?? null)) turn.setContext(DIALOG_BOT_KEY, routed?.name ?? null);
  return routed ?? ownBot;
}

/**
 * The variables `start` begins with: every `param-<x>` of config.csv as `x`, then the built-ins
 * (which win a clash): user_name, user_id, phone, email, channel, bot, session_id, first_message.
 * user_name is the customer's name as the session holds it, the one attendants see: the
 * channel's, unless a script or the CRM gave another (docs/crm.md, "Names from every channel").
 * Unknown customer details are "".
 */
function builtInVariables(bot: ScriptBot, turn: SessionTurn, inbound: InboundMessage): Record<string, Value> {
  const { customer } = inbound;
  const kept = turn.context.customer_name;
  return {
    ...bot.params,
    user_name: typeof kept === 'string' && kept.trim() ? kept : customer.display_name ?? '',
    user_id: turn.session.user_id,
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    channel: turn.session.channel,
    bot: bot.name,
    session_id: turn.id,
    first_message: inbound.text,
  };
}
