/**
 * The kanban board as a view of the conversation statuses. Columns: new (waiting and
 * assigned — not yet accepted by anyone), active, pending (the customer has not replied to the
 * attendant's last message) and resolved. A move is translated into one action of the transition
 * table, so dragging a card has the same effect as the matching command.
 */
import { ConflictError } from '../../infra/errors.js';
import { canTransition, type ConversationAction, type ConversationStatus } from '../conversation-status.js';

export const KANBAN_COLUMNS = ['new', 'active', 'pending', 'resolved'] as const;
export type KanbanColumn = (typeof KANBAN_COLUMNS)[number];

/** Narrows a request value to a column name. */
export function isKanbanColumn(value: unknown): value is KanbanColumn {
  return typeof value === 'string' && (KANBAN_COLUMNS as readonly string[]).includes(value);
}

/** The column a conversation in `status` is shown in. */
export function kanbanColumn(status: ConversationStatus): KanbanColumn {
  switch (status) {
    case 'waiting':
    case 'assigned':
      return 'new';
    case 'active':
    case 'pending':
    case 'resolved':
      return status;
  }
}

/**
 * Which action each move means. Moving back to new puts the conversation back in the queue;
 * resolved is final (a new transfer starts a new cycle), so nothing moves out of it.
 */
const MOVES: Partial<Record<`${KanbanColumn}>${KanbanColumn}`, ConversationAction>> = {
  'new>active': 'accept',
  'new>resolved': 'resolve',
  'active>pending': 'attendant_replied',
  'active>resolved': 'resolve',
  'active>new': 'requeue',
  'pending>active': 'customer_replied',
  'pending>resolved': 'resolve',
  'pending>new': 'requeue',
};

/**
 * The action to apply for `PUT /api/attendance/kanban/move`. Throws ConflictError
 * `invalid_transition` when `from` is stale (the card is no longer in that column) or the move
 * is not permitted from the conversation's current status (e.g. new → resolved while waiting).
 */
export function kanbanMove(from: KanbanColumn, to: KanbanColumn, currentStatus: ConversationStatus): ConversationAction {
  const actual = kanbanColumn(currentStatus);
  if (actual !== from) {
    throw new ConflictError(`The card is in ${actual}, not ${from}`, 'invalid_transition', { from_status: from, current: actual });
  }
  const action = MOVES[`${from}>${to}`];
  if (action === undefined || !canTransition(currentStatus, action)) {
    throw new ConflictError(`A card cannot move from ${from} to ${to}`, 'invalid_transition', {
      from_status: from, to_status: to, status: currentStatus,
    });
  }
  return action;
}
