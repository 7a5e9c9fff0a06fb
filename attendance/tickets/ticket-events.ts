/**
 * What every ticket change leaves behind: one row in the attendance event log (`ticket_created`,
 * `ticket_assigned`…), the audit trail of tickets, and a call to the optional
 * `TicketDeps.onTicketChange` port, which the composition root turns into a console frame. The
 * use cases call {@link logTicketChange} where they store the change (inside the transaction when
 * there is one) and {@link announceTicketChange} once it is committed.
 */
import {
  type AttendanceEventRow, type TicketRow, type TicketStatus,
} from '../../db/index.js';
import type { TicketDeps } from './ticket-scope.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** The kinds of ticket change, one per use case that writes a ticket. */
export const TICKET_CHANGES = ['created', 'updated', 'assigned', 'transferred', 'resolved', 'deleted'] as const;
export type TicketChangeKind = (typeof TICKET_CHANGES)[number];

/** The event-log type of each kind of change. */
export const TICKET_EVENT_TYPES = {
  created: 'ticket_created',
  updated: 'ticket_updated',
  assigned: 'ticket_assigned',
  transferred: 'ticket_transferred',
  resolved: 'ticket_resolved',
  deleted: 'ticket_deleted',
} as const satisfies Record<TicketChangeKind, AttendanceEventRow['type']>;

/** One stored ticket change, as logged and as handed to `onTicketChange`. */
export interface TicketChange {
  change: TicketChangeKind;
  /** The ticket after the change; for `deleted`, as it was before. */
  ticket: TicketRow;
  /** The bot of the ticket's session, or null when the session is gone. */
  bot_id: string | null;
  /** Present when the change moved the status. */
  previous_status?: TicketStatus;
  /** Present when the change moved `assigned_to` (assign, transfer, or a PUT of `assigned_to`). */
  previous_assigned_to?: string | null;
  /** The user who made the change; absent when the service did (a conversation's resolve). */
  actor_id?: string;
  /** Why: the transfer's reason. */
  reason?: string;
}

/** What a use case knows about its change; the bot is looked up here. */
export type TicketChangeInput = Omit<TicketChange, 'bot_id'>;

/**
 * Appends the change to the event log with the session's bot and, as `attendant_id`, the new
 * assignee for assign and transfer, else the actor (else the ticket's assignee). Resolves to the
 * change to announce.
 */
export async function logTicketChange(deps: { repos: AttendanceRepositories; now: () => Date }, input: TicketChangeInput): Promise<TicketChange> {
  const { ticket } = input;
  const session = await deps.repos.sessions.findById(ticket.session_id);
  const change: TicketChange = { ...input, bot_id: session?.bot_id ?? null };
  const handedOver = input.change === 'assigned' || input.change === 'transferred';
  await deps.repos.events.append({
    session_id: ticket.session_id,
    bot_id: change.bot_id,
    queue_id: null,
    attendant_id: (handedOver ? ticket.assigned_to : input.actor_id) ?? ticket.assigned_to,
    type: TICKET_EVENT_TYPES[input.change],
    data: {
      ticket_id: ticket.id,
      ticket_number: ticket.ticket_number,
      status: ticket.status,
      ...(input.previous_status !== undefined ? { previous_status: input.previous_status } : {}),
      ...(input.actor_id !== undefined ? { actor_id: input.actor_id } : {}),
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    },
    at: deps.now(),
  });
  return change;
}

/** Tells `onTicketChange`, when there is one, about a committed change. */
export async function announceTicketChange(deps: Pick<TicketDeps, 'onTicketChange'>, change: TicketChange): Promise<void> {
  await deps.onTicketChange?.(change);
}

/** Logs the change, then announces it: for the use cases that store a ticket in one statement. */
export async function recordTicketChange(deps: Pick<TicketDeps, 'repos' | 'now' | 'onTicketChange'>, input: TicketChangeInput): Promise<TicketChange> {
  const change = await logTicketChange(deps, input);
  await announceTicketChange(deps, change);
  return change;
}
