/**
 * `PUT /api/attendance/kanban/move`: dragging a card does what the
 * matching command does. {@link kanbanMove} turns the move into one action of the status table;
 * this file checks who may do it and runs the use case behind that action.
 */
import { ConflictError } from '../../infra/errors.js';
import type { AssignDeps } from '../assign-conversation.js';
import type { AttendanceService } from '../attendance-service.js';
import { heldConversation, seesAll, visibleConversation, type Actor } from '../commands/attendant-scope.js';
import type { ConversationStatus } from '../conversation-status.js';
import { kanbanColumn, kanbanMove, type KanbanColumn } from './kanban.js';
import { requeueConversation } from '../requeue-conversation.js';

export interface MoveKanbanCardDeps extends AssignDeps {
  /** `/take` and `/resolve`, so a move has exactly their effects (backfill, back to the bot…). */
  attendance: Pick<AttendanceService, 'take' | 'resolve'>;
}

export interface MoveKanbanCardInput {
  actor: Actor;
  sessionId: string;
  from: KanbanColumn;
  to: KanbanColumn;
}

/** Where the card is after the move. */
export interface KanbanMoveResult {
  session_id: string;
  from_status: KanbanColumn;
  to_status: KanbanColumn;
  /** The conversation's status afterwards (assigned and waiting are both shown in "new"). */
  status: ConversationStatus;
  assigned_to: string | null;
}

/**
 * Moves a card. Permitted moves and what they do:
 *
 * - new → active: the caller takes the conversation (`/take`; a supervisor may too). A card
 *   assigned to someone else answers ConflictError `already_assigned` naming the holder.
 * - new, active or pending → resolved: `/resolve` (the holder, or a supervisor for any held card).
 * - active or pending → new: back to waiting in its queue (the holder or a supervisor); nobody is
 *   assigned at once — it waits for a `/take` or the next backfill.
 * - active ↔ pending: refused. Pending means "the customer has not answered the attendant's last
 *   message", so only messages move a card there and back; a manual move would make the column
 *   lie and would be logged as a message that was never sent.
 *
 * Anything else, or a `from` that is not the card's column any more (stale board), is
 * ConflictError `invalid_transition` with `from_status`, `to_status` and `current_status`.
 * NotFoundError `session_not_found`, ForbiddenError (not in the attendant's queues) and
 * ConflictError `not_holder` come from the visibility rules.
 */
export async function moveKanbanCard(deps: MoveKanbanCardDeps, input: MoveKanbanCardInput): Promise<KanbanMoveResult> {
  const { actor, sessionId, from, to } = input;
  const row = await visibleConversation(deps.repos, actor, sessionId);
  const refuse = (message: string, status: ConversationStatus) =>
    new ConflictError(message, 'invalid_transition', { from_status: from, to_status: to, current_status: kanbanColumn(status) });

  const action = (() => {
    try {
      return kanbanMove(from, to, row.status);
    } catch (error) {
      // kanban.ts names the fields its own way; the move answers with the documented body.
      if (error instanceof ConflictError) throw refuse(error.message, row.status);
      throw error;
    }
  })();
  const holderOnly = () => heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });

  try {
    switch (action) {
      case 'accept': {
        const taken = await deps.attendance.take({ attendantId: actor.user_id, sessionId });
        return result(input, taken);
      }
      case 'resolve': {
        if (!seesAll(actor)) await holderOnly();
        const { item } = await deps.attendance.resolve({ sessionId, actorId: actor.user_id });
        return result(input, item);
      }
      case 'requeue': {
        await holderOnly();
        return result(input, await requeueConversation(deps, { sessionId, actorId: actor.user_id, reason: 'moved back to new on the kanban board' }));
      }
      case 'attendant_replied':
      case 'customer_replied':
        throw refuse('A card moves between active and pending only by messages: pending means the customer has not answered yet', row.status);
      case 'transfer':
      case 'assign':
      case 'transfer_to_attendant':
      case 'customer_left':
      case 'release':
        throw refuse(`A card cannot move from ${from} to ${to}`, row.status);
    }
  } catch (error) {
    // A writer that got there first makes the move stale: answer with the card's column now.
    if (error instanceof ConflictError && error.code === 'invalid_transition' && error.details.current_status === undefined) {
      const now = await visibleConversation(deps.repos, actor, sessionId).catch(() => row);
      throw refuse(error.message, now.status);
    }
    throw error;
  }
}

function result(input: MoveKanbanCardInput, row: { session_id: string; status: ConversationStatus; assigned_to: string | null }): KanbanMoveResult {
  return { session_id: row.session_id, from_status: input.from, to_status: input.to, status: row.status, assigned_to: row.assigned_to };
}
