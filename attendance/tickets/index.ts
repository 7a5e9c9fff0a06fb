/**
 * Tickets: the status table, one use case per file, who may see
 * which ticket, and the listener that resolves a conversation's tickets with it. The HTTP routes
 * and the composition root use what is exported here.
 */
export { canMoveTicket, OPEN_TICKET_STATUSES, ticketTransition, type TicketTransition } from './ticket-status.js';
export { attendingUser, canSeeTicket, ticketScope, visibleTicket, type TicketDeps } from './ticket-scope.js';
export { createTicket, type CreateTicketInput, type TicketFields } from './create-ticket.js';
export { openVoicemailTicket, type VoicemailInput } from './open-voicemail-ticket.js';
export { updateTicket, type TicketUpdate, type UpdateTicketInput } from './update-ticket.js';
export { deleteTicket, type DeleteTicketInput } from './delete-ticket.js';
export { assignTicket, type AssignTicketInput } from './assign-ticket.js';
export { transferTicket, type TicketTransferRecord, type TransferTicketInput } from './transfer-ticket.js';
export { resolveTicket, type ResolvedTicket, type ResolveTicketInput } from './resolve-ticket.js';
export { listTickets, TICKET_LIMIT_DEFAULT, TICKET_PAGE_DEFAULT, type ListTicketsInput, type TicketList } from './list-tickets.js';
export { createTicketsListener } from './tickets-listener.js';
export {
  logTicketChange, TICKET_CHANGES, TICKET_EVENT_TYPES, type TicketChange, type TicketChangeInput, type TicketChangeKind,
} from './ticket-events.js';
