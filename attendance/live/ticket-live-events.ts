/**
 * Ticket changes on the attendant console: every change the ticket use cases
 * report through `TicketDeps.onTicketChange` becomes one `ticket_updated` frame on the live topic,
 * for the ticket's assignee (and the previous one when it moved), supervisors and admins. The
 * ticket use cases know nothing of the bus; app/main.ts hands them {@link createTicketLivePublisher}.
 */
import type { EventBus } from '../../infra/events/index.js';
import type { Logger } from '../../infra/logger.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import type { LiveDelivery } from './live-events.js';
import { ATTENDANCE_LIVE_TOPIC } from './live-events-listener.js';

/**
 * The delivery for one ticket change: the ticket's summary fields and the kind of change, to the
 * assignee, the previous assignee when the change moved it (assign, transfer, a PUT of
 * `assigned_to`), supervisors and admins. Pure.
 */
export function ticketDelivery(change: TicketChange): LiveDelivery {
  const { ticket } = change;
  const ids = [ticket.assigned_to, change.previous_assigned_to].filter((id): id is string => typeof id === 'string' && id !== '');
  return {
    recipients: { user_ids: [...new Set(ids)], supervisors: true },
    frame: {
      type: 'ticket_updated',
      ticket: {
        id: ticket.id, ticket_number: ticket.ticket_number, session_id: ticket.session_id, subject: ticket.subject,
        status: ticket.status, priority: ticket.priority, category: ticket.category, assigned_to: ticket.assigned_to,
      },
      change: change.change,
    },
  };
}

export interface TicketLivePublisherDeps {
  bus: Pick<EventBus, 'publish'>;
  logger?: Pick<Logger, 'error'>;
}

/**
 * The `onTicketChange` of the ticket use cases: publishes {@link ticketDelivery}. A failed publish
 * is logged, never thrown, so a bus outage cannot fail a ticket change that is already stored.
 */
export function createTicketLivePublisher(deps: TicketLivePublisherDeps): (change: TicketChange) => Promise<void> {
  return async (change) => {
    try {
      await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, ticketDelivery(change));
    } catch (error) {
      deps.logger?.error({ err: error, ticket_id: change.ticket.id }, 'ticket change not published');
    }
  };
}
