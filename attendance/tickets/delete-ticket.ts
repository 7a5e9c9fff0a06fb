/**
 * `DELETE /api/attendance/tickets/{id}` (seed 4.3): removes a ticket for good. Only supervisors and
 * admins reach it (the route says so); attendants close tickets instead.
 */
import { createTicketsRepo } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import type { TicketDeps } from './ticket-scope.js';

/** The ticket to delete (the route already checked the role). */
export interface DeleteTicketInput {
  ticketId: string;
}

/** Deletes the ticket; throws NotFoundError `ticket_not_found` when there is none (also for non-UUID ids). */
export async function deleteTicket(deps: Pick<TicketDeps, 'db'>, input: DeleteTicketInput): Promise<{ deleted: true; id: string }> {
  if (!(await createTicketsRepo(deps.db).delete(input.ticketId))) {
    throw new NotFoundError(`Ticket ${input.ticketId} does not exist`, 'ticket_not_found');
  }
  return { deleted: true, id: input.ticketId };
}
