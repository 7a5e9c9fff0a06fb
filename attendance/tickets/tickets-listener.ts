/**
 * Tickets follow their conversation (on /resolve "ticket becomes resolved if one
 * exists"). A thin listener: a guard clause, then the use case.
 */
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import type { AttendanceListener } from '../attendance-listener.js';
import { CONVERSATION_EVENTS } from '../conversation-events.js';
import { resolveTicket } from './resolve-ticket.js';
import type { TicketDeps } from './ticket-scope.js';
import { OPEN_TICKET_STATUSES } from './ticket-status.js';

/**
 * When a conversation is resolved, resolves every ticket of its session that is still open, in
 * progress or pending — through resolve-ticket.ts, so a sales ticket makes its CRM deal. A ticket
 * someone resolved, closed or deleted at the same moment is skipped, not reported.
 */
export function createTicketsListener(deps: TicketDeps): Pick<AttendanceListener, 'conversationChanged'> {
  return {
    async conversationChanged(row, events) {
      if (!events.some((e) => e.name === CONVERSATION_EVENTS.resolved)) return;
      const open = await deps.repos.tickets.list({ session_id: row.session_id, status: OPEN_TICKET_STATUSES });
      for (const ticket of open) {
        try {
          await resolveTicket(deps, { ticketId: ticket.id });
        } catch (error) {
          if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
        }
      }
    },
  };
}
