/**
 * Opening a ticket from a conversation. The ticket is filled from what
 * the service already knows — the session's channel, its CRM contact and the attendant who holds
 * it — so an attendant only has to type the subject.
 */
import {
  type TicketPriority, type TicketRow,
} from '../../db/index.js';
import { ForbiddenError, NotFoundError } from '../../infra/errors.js';
import { canSee, seesAll, type Actor } from '../commands/attendant-scope.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import { attendingUser, type TicketDeps } from './ticket-scope.js';

/** The ticket fields a caller may set on create (status always starts open). */
export interface TicketFields {
  subject: string;
  description?: string | null;
  priority?: TicketPriority;
  category?: string | null;
  assigned_to?: string | null;
  attendant_id?: string | null;
  channel?: string | null;
  customer_id?: string | null;
  contact_phone?: string | null;
  contact_email?: string | null;
  tags?: string[] | null;
  custom_fields?: Record<string, unknown> | null;
}

/** The caller (for the visibility rule), the session and the fields given. */
export interface CreateTicketInput {
  actor: Actor;
  session_id: string;
  fields: TicketFields;
}

const PHONE_MAX = 20;
const EMAIL_MAX = 100;

/**
 * Creates an open ticket for a session. Absent fields are filled: `channel` and `customer_id` from
 * the session, `contact_phone`/`contact_email` from that CRM contact, `assigned_to` and
 * `attendant_id` from the attendant holding the conversation. Throws NotFoundError
 * `session_not_found`, `contact_not_found` or `user_not_found`, ValidationError `not_attendant`,
 * and ForbiddenError when an attendant may not see the conversation. Logs `ticket_created`.
 */
export async function createTicket(deps: Pick<TicketDeps, 'repos' | 'now' | 'onTicketChange'>, input: CreateTicketInput): Promise<TicketRow> {
  const session = await deps.repos.sessions.findById(input.session_id);
  if (!session) throw new NotFoundError(`Session ${input.session_id} does not exist`, 'session_not_found');
  const conversation = await deps.repos.conversations.get(session.id);
  // Attendants open tickets only for conversations they may see; supervisors for any session.
  if (!seesAll(input.actor) && !(conversation && (await canSee(deps.repos, input.actor, conversation)))) {
    throw new ForbiddenError('This conversation is not in your queues');
  }
  const { fields } = input;
  if (fields.assigned_to) await attendingUser(deps.repos, fields.assigned_to);

  // An explicit null means "no contact"; absent means the session's.
  const contactId = fields.customer_id === undefined ? session.customer_id : fields.customer_id;
  const contact = contactId ? await deps.repos.crm.getContact(contactId) : undefined;
  if (fields.customer_id && !contact) throw new NotFoundError(`CRM contact ${fields.customer_id} does not exist`, 'contact_not_found');
  const holder = conversation?.assigned_to ?? session.assigned_to;
  const assignedTo = fields.assigned_to === undefined ? holder : fields.assigned_to;

  const values = {
    session_id: session.id,
    subject: fields.subject,
    description: fields.description ?? null,
    ...(fields.priority ? { priority: fields.priority } : {}),
    category: fields.category ?? null,
    assigned_to: assignedTo,
    attendant_id: fields.attendant_id === undefined ? assignedTo : fields.attendant_id,
    channel: fields.channel === undefined ? session.channel.slice(0, 20) : fields.channel,
    customer_id: contact?.id ?? null,
    contact_phone: fields.contact_phone === undefined ? fits(contact?.phone, PHONE_MAX) : fields.contact_phone,
    contact_email: fields.contact_email === undefined ? fits(contact?.email, EMAIL_MAX) : fields.contact_email,
    tags: fields.tags ?? null,
    custom_fields: fields.custom_fields ?? null,
  };
  // The ticket and its log entry are stored together.
  const change = await deps.repos.inTransaction(async (repos) => {
    const ticket = await repos.tickets.create(values);
    return logTicketChange({ repos, now: deps.now }, { change: 'created', ticket, actor_id: input.actor.user_id });
  });
  await announceTicketChange(deps, change);
  return change.ticket;
}

/** The contact's value when it fits the ticket column, else null (the contact stays the source). */
function fits(value: string | null | undefined, max: number): string | null {
  return value && value.length <= max ? value : null;
}
