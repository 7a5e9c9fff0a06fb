/**
 * `PUT /api/attendance/tickets/{id}`: changes a ticket's fields. A status change
 * goes through the ticket status table; a change to resolved is a resolve (resolve-ticket.ts), so
 * the sales deal rule applies however a ticket gets there.
 */
import {
  type TicketChanges, type TicketStatus,
} from '../../db/index.js';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import type { Actor } from '../commands/attendant-scope.js';
import { movedFrom } from './assign-ticket.js';
import type { TicketFields } from './create-ticket.js';
import { resolveTicket, type ResolvedTicket } from './resolve-ticket.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import { attendingUser, visibleTicket, type TicketDeps } from './ticket-scope.js';
import { ticketTransition } from './ticket-status.js';

/** Every field is optional: absent ones keep their value, `null` clears a nullable one. */
export type TicketUpdate = Partial<TicketFields> & { status?: TicketStatus };

/** The caller, the ticket and the changes of the PUT body. */
export interface UpdateTicketInput {
  actor: Actor;
  ticketId: string;
  changes: TicketUpdate;
}

/**
 * Applies the changes to a ticket the actor may see and resolves to the stored ticket (with the
 * deal when the change resolved a sales ticket). Throws NotFoundError `ticket_not_found`,
 * `user_not_found` or `contact_not_found`, ValidationError `not_attendant`, ForbiddenError, and
 * ConflictError `invalid_transition` for a status change the table refuses or a ticket changed meanwhile.
 * Logs `ticket_updated` when fields were written, then `ticket_resolved` when the change resolved it.
 */
export async function updateTicket(deps: TicketDeps, input: UpdateTicketInput): Promise<ResolvedTicket> {
  const row = await visibleTicket(deps.repos, input.actor, input.ticketId);
  const { status, ...fields } = input.changes;
  if (fields.assigned_to) await attendingUser(deps.repos, fields.assigned_to);
  if (fields.customer_id && !(await deps.repos.crm.getContact(fields.customer_id))) {
    throw new NotFoundError(`CRM contact ${fields.customer_id} does not exist`, 'contact_not_found');
  }
  const moves = status !== undefined && status !== row.status;
  const resolving = moves && status === 'resolved';
  // Checked before anything is written, so a refused move changes nothing.
  const change = moves ? ticketTransition(row.status, status, deps.now()) : undefined;
  const changes: TicketChanges = { ...fields, ...(change && !resolving ? change : {}) };

  let stored = row;
  if (Object.keys(changes).length > 0) {
    const logged = await deps.repos.inTransaction(async (repos) => {
      const updated = await repos.tickets.update(row.id, changes, row.status);
      if (!updated) throw new ConflictError('The ticket changed meanwhile; reload it', 'invalid_transition', { from: row.status, to: status ?? row.status });
      return logTicketChange({ repos, now: deps.now }, { change: 'updated', ticket: updated, ...movedFrom(row, updated), actor_id: input.actor.user_id });
    });
    await announceTicketChange(deps, logged);
    stored = logged.ticket;
  }
  if (resolving) return resolveTicket(deps, { ticketId: row.id, actorId: input.actor.user_id });
  return { ticket: stored, deal: null };
}
