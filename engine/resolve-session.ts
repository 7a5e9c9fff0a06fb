import { createSessionsRepo } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import type { EngineContext } from './engine-context.js';
import { conversationLockKey } from './engine-context.js';
import { RESOLVED } from './routing-rule.js';

/**
 * Ends the human attendance (seed 1.2 step 8; 3.2 true → false): needs_human false in the column
 * and in context_data, under the conversation's lock so it falls between two messages. The next
 * message reaches the bot: a dialog still waiting on HEAR resumes, else `start` runs.
 * `context` is merged into context_data in the same write (attendance marks the survey with it).
 */
export async function resolveSession(ctx: EngineContext, sessionId: string, context: Record<string, unknown> = {}): Promise<void> {
  const sessions = createSessionsRepo(ctx.db);
  const session = await sessions.findById(sessionId);
  if (!session) throw new NotFoundError(`Session ${sessionId} not found`, 'session_not_found');
  await ctx.locks.withLock(conversationLockKey(session), async () => {
    await sessions.update(sessionId, { needs_human: RESOLVED.needs_human, context_patch: { ...context, ...RESOLVED.context_patch } });
  });
}
