import type { TurnStore } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import type { ChannelRegistry } from './channel-registry.js';
import type { OutboundMessage } from './messages.js';
import { dispatchOutbound, planOutbound, type DispatchDeps } from './outbox/index.js';
import type { PendingOutbound } from './session-turn.js';
import { wantsSpokenReply } from './voice/spoken-reply.js';

/** What sending outside a turn needs: the session, the transcript's append, the adapters, and the hand-out after it. */
export interface SendDeps extends DispatchDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session' | 'append'> };
  readonly channels: Pick<ChannelRegistry, 'get'>;
}

/** How `sendMessages` hands its messages out. */
export interface SendOptions {
  /** The channel carried them already (a phone call's own transcript): stored as delivered, never handed to the adapter. */
  readonly handedOut?: boolean;
}

/**
 * Sends messages outside a customer's turn (an attendant's reply, a system notice): per session,
 * committed to transcript and outbox in one statement, then published and delivered. They change
 * no session state, so they need no conversation lock: the transcript's sequence orders them
 * among the turns. A message to an address other than the session's customer is delivered but
 * not published to the customer. With the session's voice_response on (`/voice on`), messages to
 * the customer may go out as speech too. With `handedOut`, the channel has carried them already
 * (a phone call's transcript of what was said on it): stored as delivered, no delivery job, so no
 * instance's adapter is asked to deliver them again (docs/attendance/calls.md). Resolves to the messages as committed (SMS text split into its
 * parts).
 */
export async function sendMessages(ctx: SendDeps, messages: readonly OutboundMessage[], options: SendOptions = {}): Promise<OutboundMessage[]> {
  const sent: OutboundMessage[] = [];
  for (const sessionId of new Set(messages.map((m) => m.session_id))) {
    const session = await ctx.repos.turns.session(sessionId);
    if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
    const adapter = ctx.channels.get(session.channel);
    const drafts: PendingOutbound[] = await Promise.all(messages
      .filter((m) => m.session_id === sessionId)
      .map(async (message) => {
        const toCustomer = message.to === session.external_user_id;
        const voice = toCustomer && wantsSpokenReply({ from: message.from, customerSpoke: false, context: session.context_data }) ? { voice_reply: true } : {};
        const draft = { ...message, channel: session.channel, ...voice } as OutboundMessage;
        // A channel that hands messages over itself attaches their speech now (ChannelAdapter.withSpeech).
        const spoken = draft.voice_reply && adapter?.withSpeech ? await adapter.withSpeech(draft, session.bot_id) : draft;
        return { message: spoken, toCustomer };
      }));
    const planned = planOutbound(ctx.channels, session.bot_id, drafts, null, options.handedOut === true);
    const createdAt = await ctx.repos.turns.append(planned.map((p) => p.write));
    await dispatchOutbound(ctx, planned, createdAt);
    sent.push(...planned.map((p) => p.message));
  }
  return sent;
}
