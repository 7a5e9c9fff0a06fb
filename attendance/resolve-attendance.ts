/**
 * `/resolve` (seed 1.2 step 8, issue 5 §9): the attendance ends, the conversation returns to the
 * bot, and the attendant's freed slot is backfilled from the queue.
 */
import { createAttendanceConversationsRepo, type ConversationRow } from '../db/index.js';
import type { EngineService } from '../engine/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { recordEvents, type AssignDeps } from './assign-conversation.js';
import { backfillWaiting } from './backfill-waiting.js';
import { transition } from './conversation-status.js';

export interface ResolveAttendanceDeps extends AssignDeps {
  /** The engine, read when needed (it is built after the attendance service; see attendance-service.ts). */
  engine: () => Pick<EngineService, 'resolve'>;
}

export interface ResolveAttendanceInput {
  sessionId: string;
  /** Who resolves (the attendant or a supervisor); absent for the system. */
  actorId?: string;
}

/**
 * Resolves a held (assigned, active or pending) conversation: status resolved with
 * `resolved_at`, event resolved, then `engine.resolve` (needs_human false, the next customer
 * message reaches the bot), then backfill for the attendant who held it. Resolves to the
 * resolved row and the items backfilled.
 *
 * Throws NotFoundError `session_not_found` and ConflictError `invalid_transition` for a waiting
 * or already resolved conversation, or when another writer changed it meanwhile.
 */
export async function resolveAttendance(
  deps: ResolveAttendanceDeps,
  input: ResolveAttendanceInput,
): Promise<{ item: ConversationRow; backfilled: ConversationRow[] }> {
  const repo = createAttendanceConversationsRepo(deps.db);
  const row = await repo.get(input.sessionId);
  if (!row) throw new NotFoundError(`Conversation ${input.sessionId} is not in attendance`, 'session_not_found');
  const now = deps.now();
  const result = transition(row.status, 'resolve', {
    session_id: row.session_id, at: now, ...(input.actorId ? { actor_id: input.actorId } : {}),
    ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}),
  });
  const resolved = await repo.apply(row.session_id, { status: row.status, assigned_to: row.assigned_to }, result.next, { resolved_at: now });
  if (!resolved) throw new ConflictError('The conversation changed meanwhile; reload it', 'invalid_transition', { from: row.status, action: 'resolve' });
  await deps.engine().resolve(row.session_id);
  // Listeners (the satisfaction survey above all) see the session back with the bot.
  await recordEvents(deps, resolved, result.events);
  const backfilled = row.assigned_to ? await backfillWaiting(deps, { attendantId: row.assigned_to }) : [];
  return { item: resolved, backfilled };
}
