/**
 * `POST /api/attendance/tickets/{id}/transfer {to_user_id, reason?}`: hands a ticket
 * from one attendant to another, keeping who, when and why in `custom_fields.transfers` so the
 * next attendant sees the history.
 */
import {
  type TicketRow,
} from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';
import { seesAll, type Actor } from '../commands/attendant-scope.js';
import { movedFrom, workStatus } from './assign-ticket.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import { attendingUser, visibleTicket, type TicketDeps } from './ticket-scope.js';

/** The caller (holder or supervisor), the ticket, the next attendant and why. */
export interface TransferTicketInput {
  actor: Actor;
  ticketId: string;
  toUserId: string;
  reason?: string;
}

/** One entry of `custom_fields.transfers`. */
export interface TicketTransferRecord {
  from: string | null;
  to: string;
  by: string;
  reason: string | null;
  at: string;
}

/**
 * Moves the ticket to `toUserId` (assigned_to and attendant_id) and appends a
 * {@link TicketTransferRecord}. Only the holder, or a supervisor or admin, may transfer an assigned
 * ticket (ConflictError `not_holder`); a transfer to the current holder is ConflictError
 * `already_assigned`; resolved and closed tickets give `invalid_transition`. Also NotFoundError
 * `ticket_not_found`/`user_not_found`, ValidationError `not_attendant`, ForbiddenError. Logs
 * `ticket_transferred` with the reason.
 */
export async function transferTicket(deps: TicketDeps, input: TransferTicketInput): Promise<TicketRow> {
  const row = await visibleTicket(deps.repos, input.actor, input.ticketId);
  if (row.assigned_to !== null && row.assigned_to !== input.actor.user_id && !seesAll(input.actor)) {
    throw new ConflictError('Only the attendant holding this ticket or a supervisor may transfer it', 'not_holder', { assigned_to: row.assigned_to });
  }
  if (row.assigned_to === input.toUserId) {
    throw new ConflictError('The ticket is already assigned to this user', 'already_assigned', { assigned_to: row.assigned_to });
  }
  await attendingUser(deps.repos, input.toUserId);
  const now = deps.now();
  const status = workStatus(row.status, now);
  const record: TicketTransferRecord = {
    from: row.assigned_to, to: input.toUserId, by: input.actor.user_id, reason: input.reason ?? null, at: now.toISOString(),
  };
  const previous = Array.isArray(row.custom_fields?.transfers) ? (row.custom_fields.transfers as unknown[]) : [];
  const change = await deps.repos.inTransaction(async (repos) => {
    const stored = await repos.tickets.update(row.id, {
      ...status, assigned_to: input.toUserId, attendant_id: input.toUserId,
      custom_fields: { ...row.custom_fields, transfers: [...previous, record] },
    }, row.status);
    if (!stored) throw new ConflictError('The ticket changed meanwhile; reload it', 'invalid_transition', { from: row.status });
    return logTicketChange({ repos, now: deps.now }, {
      change: 'transferred', ticket: stored, ...movedFrom(row, stored), actor_id: input.actor.user_id,
      ...(input.reason ? { reason: input.reason } : {}),
    });
  });
  await announceTicketChange(deps, change);
  return change.ticket;
}
