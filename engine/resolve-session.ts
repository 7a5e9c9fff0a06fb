import type { TurnStore } from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import type { LockPort } from '../infra/locks/index.js';
import { ENGINE_EVENTS } from './domain-events.js';
import { conversationLockKey, type EnqueueDeps } from './engine-deps.js';
import { enqueueEvents, eventWrite } from './event-dispatch.js';
import { RESOLVED } from './routing-rule.js';

/** What resolving needs: the session and its write, the conversation lock, the event's job. */
export interface ResolveDeps extends EnqueueDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session' | 'commit'> };
  readonly turnLocks: Pick<LockPort, 'withLock'>;
}

/** Writes before giving up when the session keeps changing (turns of another instance). */
const RESOLVE_RUNS = 3;

/**
 * Ends the human attendance (3.2 true → false): needs_human false in the column
 * and in context_data, between two turns of the conversation, with the `session.resolved` event
 * in the same transaction. The next message reaches the bot: a dialog still waiting on HEAR
 * resumes, else `start` runs. `context` is merged into context_data in the same write
 * (attendance marks the survey with it).
 */
export async function resolveSession(ctx: ResolveDeps, sessionId: string, context: Record<string, unknown> = {}): Promise<void> {
  const first = await ctx.repos.turns.session(sessionId);
  if (!first) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
  await ctx.turnLocks.withLock(conversationLockKey(first), async () => {
    for (let run = 1; run <= RESOLVE_RUNS; run++) {
      const session = run === 1 ? first : await ctx.repos.turns.session(sessionId);
      if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
      const context_data = { ...session.context_data, ...context, ...RESOLVED.context_patch };
      const snapshot = {
        id: session.id, bot_id: session.bot_id, user_id: session.user_id, channel: session.channel,
        external_user_id: session.external_user_id, needs_human: false, context_data,
      };
      const events = [eventWrite(session.id, ENGINE_EVENTS.resolved, { session: snapshot })];
      const result = await ctx.repos.turns.commit({
        session: { kind: 'update', id: session.id, version: session.version, changes: { needs_human: RESOLVED.needs_human, context_patch: { ...context, ...RESOLVED.context_patch } } },
        outbound: [],
        events,
      });
      if (result.kind === 'committed') {
        await enqueueEvents(ctx, events);
        return;
      }
    }
    throw new ConflictError('The conversation kept changing while it was resolved; try again', 'session_busy');
  });
}
