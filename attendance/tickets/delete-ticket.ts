/**
 * `DELETE /api/attendance/tickets/{id}`: removes a ticket for good. Only supervisors and
 * admins reach it (the route says so); attendants close tickets instead.
 */
import { NotFoundError } from '../../infra/errors.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import type { TicketDeps } from './ticket-scope.js';

/** The ticket to delete and who deletes it (the route already checked the role). */
export interface DeleteTicketInput {
  ticketId: string;
  /** The user deleting, kept in the `ticket_deleted` event. */
  actorId?: string;
}

/**
 * Deletes the ticket and logs `ticket_deleted` with its last state; throws NotFoundError
 * `ticket_not_found` when there is none (also for non-UUID ids, and when someone deleted it meanwhile).
 */
export async function deleteTicket(deps: Pick<TicketDeps, 'repos' | 'now' | 'onTicketChange'>, input: DeleteTicketInput): Promise<{ deleted: true; id: string }> {
  const change = await deps.repos.inTransaction(async (repos) => {
    const repo = repos.tickets;
    const ticket = await repo.get(input.ticketId);
    if (!ticket || !(await repo.delete(ticket.id))) throw new NotFoundError(`Ticket ${input.ticketId} does not exist`, 'ticket_not_found');
    return logTicketChange({ repos, now: deps.now }, { change: 'deleted', ticket, ...(input.actorId ? { actor_id: input.actorId } : {}) });
  });
  await announceTicketChange(deps, change);
  return { deleted: true, id: change.ticket.id };
}
