import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../attendance/index.js';

/** Longest subject, description and resolution texts (the columns are unbounded text; these keep bodies sane). */
const SUBJECT_MAX = 500;
const TEXT_MAX = 20_000;
/** Most tickets one page may return. */
export const TICKET_LIMIT_MAX = 100;

const NonEmpty = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const Category = z.string().trim().min(1).max(50).meta({ description: 'sales, support, billing, technical, or an installation\'s own' });

/** Ticket id in the path: any string, so an id that is not a UUID answers 404 ticket_not_found, not 400. */
export const TicketParamsSchema = z.object({ id: z.uuid() });

/** The writable fields of a ticket (status excepted), shared by create and update. */
const ticketFields = {
  subject: NonEmpty(SUBJECT_MAX),
  description: z.string().max(TEXT_MAX).nullable(),
  priority: z.enum(TICKET_PRIORITIES).meta({ description: 'Default normal' }),
  category: Category.nullable(),
  assigned_to: z.uuid().nullable().meta({ description: 'A user with the attendant, supervisor or admin role' }),
  attendant_id: z.string().max(50).nullable().meta({ description: 'Free attendant reference; defaults to assigned_to' }),
  channel: z.string().min(1).max(20).nullable(),
  customer_id: z.uuid().nullable().meta({ description: 'CRM contact id' }),
  contact_phone: z.string().max(20).nullable(),
  contact_email: z.email().max(100).nullable(),
  tags: z.array(z.string().max(100)).max(50).nullable(),
  custom_fields: z.record(z.string(), z.unknown()).nullable()
    .meta({ description: 'Free JSON; `deal_value` (number) values the deal of a resolved sales ticket' }),
};

/** POST body: `session_id` and `subject` required; the rest is filled from the session when absent. */
export const CreateTicketRequestSchema = z
  .object({
    session_id: z.uuid(),
    ...ticketFields,
    description: ticketFields.description.optional(),
    priority: ticketFields.priority.optional(),
    category: ticketFields.category.optional(),
    assigned_to: ticketFields.assigned_to.optional(),
    attendant_id: ticketFields.attendant_id.optional(),
    channel: ticketFields.channel.optional(),
    customer_id: ticketFields.customer_id.optional(),
    contact_phone: ticketFields.contact_phone.optional(),
    contact_email: ticketFields.contact_email.optional(),
    tags: ticketFields.tags.optional(),
    custom_fields: ticketFields.custom_fields.optional(),
  })
  .meta({ id: 'TicketCreateRequest' });

/** PUT body: any subset of the fields plus `status`; absent fields are kept, null clears. */
export const UpdateTicketRequestSchema = z
  .object({ ...ticketFields, status: z.enum(TICKET_STATUSES).meta({ description: 'Changes follow the ticket status table' }) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'at least one field is required')
  .meta({ id: 'TicketUpdateRequest' });

/** List filters and paging (defaults page 1, limit 20; docs/attendance/tickets.md). */
export const ListTicketsQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  assigned_to: z.uuid().optional(),
  session_id: z.uuid().optional(),
  category: Category.optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(TICKET_LIMIT_MAX).default(20),
});

/** Assign body: the user who gets the ticket. */
export const AssignTicketRequestSchema = z.object({ user_id: z.uuid() }).meta({ id: 'TicketAssignRequest' });

/** Transfer body: the next attendant and why (kept in custom_fields.transfers). */
export const TransferTicketRequestSchema = z
  .object({ to_user_id: z.uuid(), reason: z.string().trim().max(TEXT_MAX).optional() })
  .meta({ id: 'TicketTransferRequest' });

/** Resolve body, optional as a whole. */
export const ResolveTicketRequestSchema = z
  .object({ resolution: z.string().trim().max(TEXT_MAX).optional().meta({ description: 'Kept in custom_fields.resolution' }) })
  .meta({ id: 'TicketResolveRequest' });

/** A ticket on the wire: its columns, timestamps in ISO 8601. */
export const TicketSchema = z
  .object({
    id: z.uuid(),
    session_id: z.uuid(),
    ticket_number: z.number().int().meta({ description: 'Counted from 1 in each tenant' }),
    subject: z.string(),
    description: z.string().nullable(),
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    category: z.string().nullable(),
    assigned_to: z.uuid().nullable(),
    attendant_id: z.string().nullable(),
    created_at: z.string().meta({ description: 'ISO 8601' }),
    updated_at: z.string(),
    resolved_at: z.string().nullable(),
    channel: z.string().nullable(),
    customer_id: z.uuid().nullable(),
    contact_phone: z.string().nullable(),
    contact_email: z.string().nullable(),
    tags: z.array(z.string()).nullable(),
    custom_fields: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'Ticket' });

/** The CRM deal a resolved sales ticket created. */
export const DealSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    value: z.number().nullable(),
    stage: z.string().nullable(),
    contact_id: z.uuid().nullable(),
    owner_id: z.uuid().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CrmDeal' });

/** A ticket as a change returned it, with the CRM deal the change created (null when none). */
export const TicketWithDealSchema = TicketSchema.extend({ deal: DealSchema.nullable() }).meta({ id: 'TicketWithDeal' });

/** A page of tickets with the API's list envelope. */
export const TicketListSchema = z
  .object({ tickets: TicketSchema.array(), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'TicketList' });

/** DELETE answer (200), shaped like the API's other deletes. */
export const DeleteTicketResultSchema = z.object({ deleted: z.literal(true), id: z.string() }).meta({ id: 'TicketDeleteResult' });
