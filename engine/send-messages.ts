import { createSessionsRepo, withTransaction } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { conversationLockKey, type EngineContext } from './engine-context.js';
import type { OutboundMessage } from './messages.js';
import { commitOutbound, dispatchOutbound } from './outbox/index.js';

/**
 * Sends messages outside a customer's turn (an attendant's reply, a system notice): per session,
 * under the conversation's lock so they fall between turns, committed to transcript and outbox in
 * one transaction, then published and delivered. A message to an address other than the
 * session's customer is delivered but not published to the customer. Resolves to the messages as
 * committed (SMS text split into its parts).
 */
export async function sendMessages(ctx: EngineContext, messages: readonly OutboundMessage[]): Promise<OutboundMessage[]> {
  const sessions = createSessionsRepo(ctx.db);
  const sent: OutboundMessage[] = [];
  for (const sessionId of new Set(messages.map((m) => m.session_id))) {
    const session = await sessions.findById(sessionId);
    if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
    const drafts = messages
      .filter((m) => m.session_id === sessionId)
      .map((message) => ({ message: { ...message, channel: session.channel } as OutboundMessage, toCustomer: message.to === session.external_user_id }));
    await ctx.locks.withLock(conversationLockKey(session), async () => {
      const committed = await withTransaction(ctx.db, (tx) => commitOutbound(tx, session.bot_id, drafts));
      await dispatchOutbound(ctx, committed);
      sent.push(...committed.map((c) => c.message));
    });
  }
  return sent;
}
