import type { TurnStore } from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import type { LockPort } from '../infra/locks/index.js';
import { ENGINE_EVENTS } from './domain-events.js';
import { conversationLockKey, type EnqueueDeps } from './engine-deps.js';
import { enqueueEvents, eventWrite } from './event-dispatch.js';

/** What closing needs: the session and its write, the conversation lock, the event's job. */
export interface CloseDeps extends EnqueueDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session' | 'commit'> };
  readonly turnLocks: Pick<LockPort, 'withLock'>;
}

/** Writes before giving up when the session keeps changing (turns of another instance). */
const CLOSE_RUNS = 3;

/**
 * Ends a conversation for good, between two of its turns: status `closed`, its dialog dropped, and
 * the `session.closed` event in the same write, so the customer's next message opens a new
 * session. A phone call's session closes when the call ends (docs/channels/rtc-sip.md); closing a
 * closed session does nothing.
 */
export async function closeSession(ctx: CloseDeps, sessionId: string, reason: string): Promise<void> {
  const first = await ctx.repos.turns.session(sessionId);
  if (!first) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
  await ctx.turnLocks.withLock(conversationLockKey(first), async () => {
    for (let run = 1; run <= CLOSE_RUNS; run++) {
      const session = run === 1 ? first : await ctx.repos.turns.session(sessionId);
      if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
      if (session.status === 'closed') return;
      const snapshot = {
        id: session.id, bot_id: session.bot_id, user_id: session.user_id, channel: session.channel,
        external_user_id: session.external_user_id, needs_human: session.needs_human, context_data: session.context_data,
      };
      const events = [eventWrite(session.id, ENGINE_EVENTS.closed, { session: snapshot, reason })];
      const result = await ctx.repos.turns.commit({
        session: { kind: 'update', id: session.id, version: session.version, changes: { closed: true, dialog_state: null } },
        outbound: [],
        events,
      });
      if (result.kind === 'committed') {
        await enqueueEvents(ctx, events);
        return;
      }
    }
    throw new ConflictError('The conversation kept changing while it was closed; try again', 'session_busy');
  });
}
