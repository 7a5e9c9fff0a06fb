import { createMessagesRepo, createSessionsRepo } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { answerCustomer } from './answer-customer.js';
import { commitTurn } from './commit-turn.js';
import type { EngineBot, EngineContext } from './engine-context.js';
import { conversationLockKey } from './engine-context.js';
import type { ReceiveOutcome } from './engine-api.js';
import type { InboundMessage } from './messages.js';
import { SURVEY_CONTEXT_KEY } from './ports.js';
import { attendanceAvailable, decideRoute } from './routing-rule.js';
import { SessionTurn } from './session-turn.js';
import { transferToHuman } from './transfer-to-human.js';

/**
 * The whole path of one inbound message (ARCHITECTURE.md), under the conversation's lock so the
 * messages of one customer are handled one at a time in arrival order, on every instance:
 * 1. open (or create) the session — an upsert on the one-open-session index;
 * 2. store the message in the transcript — the unique provider id makes a second copy a
 *    `duplicate`, decided by the database, not by a read;
 * 3. route it (routing-rule.ts): bot turn (with the smart transfer triggers, answer-customer.ts),
 *    attendance, or keyword transfer then attendance;
 * 4. commit the session's changes and the outbound messages together, then deliver.
 * When something fails before the commit, the transcript row is removed again, so the
 * provider's retry of the same message is processed rather than dropped as a duplicate.
 */
export async function receiveMessage(ctx: EngineContext, inbound: InboundMessage): Promise<ReceiveOutcome> {
  const bot = ctx.bots(inbound.bot);
  if (!bot) throw new NotFoundError(`Bot "${inbound.bot}" not found`, 'bot_not_found');
  const key = { bot_id: bot.id, channel: inbound.channel, external_user_id: inbound.customer.external_id };
  return ctx.locks.withLock(conversationLockKey(key), async () => {
    const session = await createSessionsRepo(ctx.db).open(key);
    const messages = createMessagesRepo(ctx.db);
    const stored = await messages.insertInbound({
      session_id: session.id,
      bot_id: bot.id,
      channel: inbound.channel,
      text: inbound.text,
      payload: inboundPayload(inbound),
      ...(inbound.provider_message_id === undefined ? {} : { provider_message_id: inbound.provider_message_id }),
    });
    if (!stored) return { status: 'duplicate', session_id: session.id };

    const turn = new SessionTurn(session, bot);
    let committed = false;
    try {
      return await handle(ctx, bot, turn, inbound, () => (committed = true));
    } catch (error) {
      if (!committed) await messages.remove(stored.id).catch(() => undefined);
      throw error;
    }
  });
}

async function handle(
  ctx: EngineContext,
  bot: EngineBot,
  turn: SessionTurn,
  inbound: InboundMessage,
  onCommit: () => void,
): Promise<ReceiveOutcome> {
  const route = decideRoute(bot.config, turn.session, inbound.text);
  let dialog;
  switch (route.kind) {
    case 'bot':
      if (await answeredSurvey(ctx, turn, inbound)) break;
      dialog = await answerCustomer(ctx, turn, inbound); // the bot, watched by the smart transfer triggers
      break;
    case 'transfer':
      transferToHuman(turn, { reason: `keyword: ${route.keyword}` }, ctx.now());
      break;
    case 'attendance':
      turn.handedOff = true;
      break;
  }
  const committed = await commitTurn(ctx, turn, dialog);
  onCommit();
  const withHuman = attendanceAvailable(bot.config) && (route.kind === 'attendance' || turn.needsHuman());
  if (withHuman && turn.handedOff) await handOff(ctx, turn, inbound);
  return {
    status: 'processed',
    session_id: turn.id,
    needs_human: withHuman,
    replies: committed.filter((c) => c.toCustomer).map((c) => c.message),
  };
}

/**
 * The first message after a resolve that asked for a satisfaction score: when attendance takes it
 * as the score, the thanks go out and the bot does not run. The question is asked once: the mark
 * is cleared whatever the answer.
 */
async function answeredSurvey(ctx: EngineContext, turn: SessionTurn, inbound: InboundMessage): Promise<boolean> {
  const mark = turn.context[SURVEY_CONTEXT_KEY];
  if (mark === undefined || mark === null || !ctx.attendance.answerSurvey) return false;
  const session = turn.forAttendance(); // still carries the mark the port reads
  turn.setContext(SURVEY_CONTEXT_KEY, null);
  const answer = await ctx.attendance.answerSurvey(session, inbound);
  if (!answer) return false;
  turn.setContext('customer_satisfaction', answer.score);
  turn.say(answer.reply, 'system');
  return true;
}

/** Tells the attendance port; the message is committed already, so a failure is logged, not thrown. */
async function handOff(ctx: EngineContext, turn: SessionTurn, inbound: InboundMessage): Promise<void> {
  await ctx.attendance.enqueue(turn.forAttendance(), inbound).catch((error: unknown) =>
    ctx.logger.error({ err: error, session: turn.id }, 'attendance did not take the message'),
  );
}

/** What the transcript keeps of an inbound message besides its text. */
function inboundPayload(inbound: InboundMessage): Record<string, unknown> {
  const { customer } = inbound;
  return {
    attachments: inbound.attachments,
    received_at: inbound.received_at.toISOString(),
    customer: { display_name: customer.display_name, phone: customer.phone, email: customer.email },
    ...(serialisable(inbound.raw) ? { raw: inbound.raw } : {}),
  };
}

function serialisable(value: unknown): boolean {
  if (value === undefined) return false;
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}
