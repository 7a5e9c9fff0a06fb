/**
 * The stored records and value lists attendance hands to its callers, so that HTTP and the
 * console socket describe them without reaching into db/ (docs/architecture.md, "Dependency rules").
 */
export {
  TICKET_PRIORITIES, TICKET_STATUSES,
  type ConversationRow, type DealRow, type QueueRow, type TicketPriority, type TicketRow, type TicketStatus,
} from '../db/index.js';
