import { NotFoundError } from '../infra/errors.js';
import type { EngineContext } from './engine-context.js';
import type { OutboundMessage } from './messages.js';
import { dispatchOutbound, planOutbound } from './outbox/index.js';
import type { PendingOutbound } from './session-turn.js';
import { speaksReplies } from './voice-response.js';

/**
 * Sends messages outside a customer's turn (an attendant's reply, a system notice): per session,
 * committed to transcript and outbox in one statement, then published and delivered. They change
 * no session state, so they need no conversation lock: the transcript's sequence orders them
 * among the turns. A message to an address other than the session's customer is delivered but
 * not published to the customer. With the session's voice_response on (`/voice on`), messages to
 * the customer may go out as speech too. Resolves to the messages as committed (SMS text split into its
 * parts).
 */
export async function sendMessages(ctx: EngineContext, messages: readonly OutboundMessage[]): Promise<OutboundMessage[]> {
  const sent: OutboundMessage[] = [];
  for (const sessionId of new Set(messages.map((m) => m.session_id))) {
    const session = await ctx.repos.turns.session(sessionId);
    if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
    const drafts: PendingOutbound[] = messages
      .filter((m) => m.session_id === sessionId)
      .map((message) => {
        const toCustomer = message.to === session.external_user_id;
        const voice = toCustomer && speaksReplies(session.context_data) ? { voice_reply: true } : {};
        return { message: { ...message, channel: session.channel, ...voice } as OutboundMessage, toCustomer };
      });
    const planned = planOutbound(ctx.channels, session.bot_id, drafts);
    const createdAt = await ctx.repos.turns.append(planned.map((p) => p.write));
    await dispatchOutbound(ctx, planned, createdAt);
    sent.push(...planned.map((p) => p.message));
  }
  return sent;
}
