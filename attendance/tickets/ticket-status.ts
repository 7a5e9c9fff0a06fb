/**
 * The one transition table for ticket statuses (docs/attendance/tickets.md, "Status"). Every
 * status a ticket use case writes comes from {@link ticketTransition}; nothing else decides one.
 * Any worked status may become resolved (resolved_at set); work moves a ticket between
 * in_progress and pending, resolved can be reopened or closed, and closed is final.
 */
import { TICKET_STATUSES, type TicketStatus } from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';

export { TICKET_STATUSES, type TicketStatus };

/** Statuses a ticket is still being worked in; `/resolve` of a conversation resolves these. */
export const OPEN_TICKET_STATUSES = ['open', 'in_progress', 'pending'] as const satisfies readonly TicketStatus[];

/** From each status, the statuses a ticket may move to. A status not listed is refused. */
const TABLE: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['in_progress', 'pending', 'resolved', 'closed'],
  in_progress: ['pending', 'resolved', 'closed'],
  pending: ['in_progress', 'resolved', 'closed'],
  // Reopening clears resolved_at; closing keeps it as the record of when the work ended.
  resolved: ['open', 'closed'],
  closed: [],
};

/** What a permitted move writes: the status and, when it changes, `resolved_at` (null clears it). */
export interface TicketTransition {
  status: TicketStatus;
  resolved_at?: Date | null;
}

/** True when the table permits `from → to` (staying in the same status is not a move). */
export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TABLE[from].includes(to);
}

/**
 * The fields to store for `from → to` at `at`. Throws ConflictError `invalid_transition` (with
 * `from`, `to` and the permitted `allowed`) when the table does not permit it.
 */
export function ticketTransition(from: TicketStatus, to: TicketStatus, at: Date): TicketTransition {
  if (!canMoveTicket(from, to)) {
    throw new ConflictError(`A ${from} ticket cannot become ${to}`, 'invalid_transition', { from, to, allowed: [...TABLE[from]] });
  }
  if (to === 'resolved') return { status: to, resolved_at: at };
  if (from === 'resolved' && to === 'open') return { status: to, resolved_at: null };
  return { status: to };
}
