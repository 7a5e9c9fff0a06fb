/**
 * Putting a held conversation back in the queue (the `requeue` row of the status table): a
 * transfer to a queue and a kanban move back to "new" both end here. The holder is cleared, so
 * the conversation is anyone's to take again; its original `waiting_since` is kept, so it keeps
 * its place in backfill order instead of going to the back of the line.
 */
import {
  type ConversationRow,
} from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { recordEvents, type AssignDeps } from './assign-conversation.js';
import { transition } from './conversation-status.js';

export interface RequeueConversationInput {
  sessionId: string;
  /** Who sends it back (the holder or a supervisor). */
  actorId?: string;
  /** The queue it waits in from now on; it stays in its queue when absent. */
  queueId?: string;
  /** Why, stored in the `conversation.requeued` event. */
  reason?: string;
}

/**
 * Moves an assigned, active or pending conversation back to waiting. Throws NotFoundError
 * `session_not_found`, and ConflictError `invalid_transition` for a waiting or resolved
 * conversation or when another writer changed it meanwhile. Assignment is left to the caller.
 */
export async function requeueConversation(deps: AssignDeps, input: RequeueConversationInput): Promise<ConversationRow> {
  const repo = deps.repos.conversations;
  const row = await repo.get(input.sessionId);
  if (!row) throw new NotFoundError(`Conversation ${input.sessionId} is not in attendance`, 'session_not_found');
  const queueId = input.queueId ?? row.queue_id ?? undefined;
  const result = transition(row.status, 'requeue', {
    session_id: row.session_id, at: deps.now(),
    ...(input.actorId ? { actor_id: input.actorId } : {}), ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}),
    ...(queueId ? { queue_id: queueId } : {}), ...(input.reason ? { reason: input.reason } : {}),
  });
  const stored = await repo.apply(row.session_id, { status: row.status, assigned_to: row.assigned_to }, result.next, {
    assigned_to: null, accepted_at: null, queue_id: queueId ?? null,
  });
  if (!stored) throw new ConflictError('The conversation changed meanwhile; reload it', 'invalid_transition', { from: row.status, action: 'requeue' });
  await repo.setSessionAssignment(row.session_id, { assigned_to: null, queue_id: stored.queue_id });
  await recordEvents(deps, stored, result.events);
  return stored;
}
