/**
 * `GET /api/attendance/tickets`: a page of the tickets the caller may see, newest
 * first, with the `total`, `page` and `limit` of the API's other lists (defaults 1 and 20).
 */
import {
  type TicketPriority, type TicketRow, type TicketStatus,
} from '../../db/index.js';
import type { Actor } from '../commands/attendant-scope.js';
import { ticketScope, type TicketDeps } from './ticket-scope.js';

/** First page when none is asked for (the API's list default). */
export const TICKET_PAGE_DEFAULT = 1;
/** Page size when none is asked for (the API's list default). */
export const TICKET_LIMIT_DEFAULT = 20;

/** The caller (for the visibility rule), the filters and the page. */
export interface ListTicketsInput {
  actor: Actor;
  filter?: {
    status?: TicketStatus;
    assigned_to?: string;
    session_id?: string;
    category?: string;
    priority?: TicketPriority;
  };
  page?: number;
  limit?: number;
}

/** A page of tickets with the envelope of the API's lists. */
export interface TicketList {
  tickets: TicketRow[];
  total: number;
  page: number;
  limit: number;
}

/** Supervisors and admins get every ticket; attendants those ticket-scope.ts lets them see. */
export async function listTickets(deps: Pick<TicketDeps, 'repos'>, input: ListTicketsInput): Promise<TicketList> {
  const page = input.page ?? TICKET_PAGE_DEFAULT;
  const limit = input.limit ?? TICKET_LIMIT_DEFAULT;
  const scope = await ticketScope(deps.repos, input.actor);
  const filter = { ...input.filter, ...(scope ? { visible_to: scope } : {}) };
  const repo = deps.repos.tickets;
  const [tickets, total] = await Promise.all([repo.list({ ...filter, limit, offset: (page - 1) * limit }), repo.count(filter)]);
  return { tickets, total, page, limit };
}
