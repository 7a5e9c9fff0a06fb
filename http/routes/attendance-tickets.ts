import type { DealRow, ResolvedTicket, TicketRow } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import type { AttendanceRoutesDeps } from './attendance.js';
import {
  AssignTicketRequestSchema, CreateTicketRequestSchema, DeleteTicketResultSchema, ListTicketsQuerySchema, ResolveTicketRequestSchema,
  TicketListSchema, TicketParamsSchema, TicketSchema, TicketWithDealSchema, TransferTicketRequestSchema, UpdateTicketRequestSchema,
} from '../schemas/attendance-tickets.js';


const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance-tickets';

/** The wire form of a ticket: timestamps in ISO 8601. */
function toTicketJson(row: TicketRow) {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

function toDealJson(deal: DealRow) {
  return {
    id: deal.id, name: deal.name, value: deal.value, stage: deal.stage, contact_id: deal.contact_id, owner_id: deal.owner_id,
    created_at: deal.created_at.toISOString(),
  };
}

const withDeal = ({ ticket, deal }: ResolvedTicket) => ({ ...toTicketJson(ticket), deal: deal ? toDealJson(deal) : null });

/**
 * Ticket endpoints: CRUD, assign, transfer and resolve. Attendants see the
 * tickets of the conversations they may see and those assigned to them; supervisors and admins
 * see all, and only they delete.
 */
export function attendanceTicketRoutes(deps: AttendanceRoutesDeps) {
  const tickets = deps.attendance.tickets;
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/tickets',
      summary: 'Tickets the caller may see, newest first, filtered and paged',
      tag: TAG,
      access: ACCESS,
      query: ListTicketsQuerySchema,
      response: { description: 'A page of tickets', schema: TicketListSchema },
      handle: async ({ query, principal }) => {
        const { page, limit, ...filter } = query;
        const list = await tickets.list({ actor: principal, filter, page, limit });
        return { ...list, tickets: list.tickets.map(toTicketJson) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/tickets/:id',
      summary: 'One ticket',
      tag: TAG,
      access: ACCESS,
      params: TicketParamsSchema,
      response: { description: 'The ticket', schema: TicketSchema },
      errors: [404],
      handle: async ({ params, principal }) => toTicketJson(await tickets.get(principal, params.id)),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/tickets',
      summary: 'Open a ticket for a session; channel, contact and holder are filled from the session',
      tag: TAG,
      access: ACCESS,
      body: CreateTicketRequestSchema,
      status: 201,
      response: { description: 'The created ticket, with its ticket_number', schema: TicketSchema },
      errors: [404],
      handle: async ({ body, principal }) => {
        const { session_id, ...fields } = body;
        return toTicketJson(await tickets.create({ actor: principal, session_id, fields }));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/tickets/:id',
      summary: 'Change ticket fields; absent fields are kept, a status change follows the ticket status table',
      tag: TAG,
      access: ACCESS,
      params: TicketParamsSchema,
      body: UpdateTicketRequestSchema,
      response: { description: 'The ticket; deal is the CRM deal when the change resolved a sales ticket', schema: TicketWithDealSchema },
      errors: [404, 409],
      handle: async ({ params, body, principal }) => withDeal(await tickets.update({ actor: principal, ticketId: params.id, changes: body })),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/attendance/tickets/:id',
      summary: 'Delete a ticket (supervisors and admins)',
      tag: TAG,
      access: ['supervisor'],
      params: TicketParamsSchema,
      response: { description: 'Deleted', schema: DeleteTicketResultSchema },
      errors: [404],
      handle: ({ params, principal }) => tickets.delete({ ticketId: params.id, actorId: principal.user_id }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/tickets/:id/assign',
      summary: 'Assign a ticket to a user who attends; an open ticket becomes in_progress',
      tag: TAG,
      access: ACCESS,
      params: TicketParamsSchema,
      body: AssignTicketRequestSchema,
      response: { description: 'The ticket', schema: TicketSchema },
      errors: [404, 409],
      handle: async ({ params, body, principal }) =>
        toTicketJson(await tickets.assign({ actor: principal, ticketId: params.id, userId: body.user_id })),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/tickets/:id/transfer',
      summary: 'Hand a ticket to another attendant; the reason is kept in custom_fields.transfers',
      tag: TAG,
      access: ACCESS,
      params: TicketParamsSchema,
      body: TransferTicketRequestSchema,
      response: { description: 'The ticket', schema: TicketSchema },
      errors: [404, 409],
      handle: async ({ params, body, principal }) => toTicketJson(await tickets.transfer({
        actor: principal, ticketId: params.id, toUserId: body.to_user_id, ...(body.reason ? { reason: body.reason } : {}),
      })),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/tickets/:id/resolve',
      summary: 'Resolve a ticket; a sales ticket with a CRM contact may create a deal',
      tag: TAG,
      access: ACCESS,
      params: TicketParamsSchema,
      body: ResolveTicketRequestSchema,
      response: { description: 'The resolved ticket and the deal it created (null when none)', schema: TicketWithDealSchema },
      errors: [404, 409],
      handle: async ({ params, body, principal }) => {
        return withDeal(await tickets.resolve(principal, { ticketId: params.id, ...(body.resolution ? { resolution: body.resolution } : {}) }));
      },
    }),
  ];
}
