/**
 * `POST /api/attendance/tickets/{id}/assign {user_id}`: gives a ticket to someone who
 * attends. An open ticket starts being worked (in_progress); one already in progress or pending
 * keeps its status; a resolved or closed one must be reopened first.
 */
import {
  type TicketRow, type TicketStatus,
} from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';
import type { Actor } from '../commands/attendant-scope.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import { attendingUser, visibleTicket, type TicketDeps } from './ticket-scope.js';
import { OPEN_TICKET_STATUSES, ticketTransition } from './ticket-status.js';

/** The caller, the ticket and the user who gets it. */
export interface AssignTicketInput {
  actor: Actor;
  ticketId: string;
  userId: string;
}

/**
 * Sets `assigned_to` and `attendant_id` to the user. Throws NotFoundError `ticket_not_found` or
 * `user_not_found`, ValidationError `not_attendant`, ForbiddenError when the actor may not see the
 * ticket, ConflictError `invalid_transition` for a resolved or closed ticket (or one changed meanwhile).
 * Logs `ticket_assigned`.
 */
export async function assignTicket(deps: TicketDeps, input: AssignTicketInput): Promise<TicketRow> {
  const row = await visibleTicket(deps.repos, input.actor, input.ticketId);
  await attendingUser(deps.repos, input.userId);
  const change = await deps.repos.inTransaction(async (repos) => {
    const stored = await repos.tickets.update(
      row.id, { ...workStatus(row.status, deps.now()), assigned_to: input.userId, attendant_id: input.userId }, row.status,
    );
    if (!stored) throw new ConflictError('The ticket changed meanwhile; reload it', 'invalid_transition', { from: row.status });
    return logTicketChange({ repos, now: deps.now }, {
      change: 'assigned', ticket: stored, ...movedFrom(row, stored), actor_id: input.actor.user_id,
    });
  });
  await announceTicketChange(deps, change);
  return change.ticket;
}

/**
 * `previous_status` and `previous_assigned_to` of a change from `before` to `after`, each only
 * when it moved. Shared with transfer-ticket.ts and update-ticket.ts.
 */
export function movedFrom(
  before: Pick<TicketRow, 'status' | 'assigned_to'>, after: Pick<TicketRow, 'status' | 'assigned_to'>,
): { previous_status?: TicketStatus; previous_assigned_to?: string | null } {
  return {
    ...(before.status !== after.status ? { previous_status: before.status } : {}),
    ...(before.assigned_to !== after.assigned_to ? { previous_assigned_to: before.assigned_to } : {}),
  };
}

/**
 * The status change that giving a ticket to someone implies: open → in_progress; none for a ticket
 * already being worked; ConflictError `invalid_transition` for a resolved or closed one. Shared
 * with transfer-ticket.ts.
 */
export function workStatus(status: TicketStatus, at: Date): { status?: TicketStatus } {
  if (status === 'open') return ticketTransition('open', 'in_progress', at);
  if ((OPEN_TICKET_STATUSES as readonly TicketStatus[]).includes(status)) return {};
  throw new ConflictError(`A ${status} ticket cannot be assigned; reopen it first`, 'invalid_transition', { from: status, to: 'in_progress' });
}
