/**
 * Resolving a ticket ("any → resolved on /resolve or POST resolve, resolved_at set; a
 * CRM deal record may be created"). Called by the REST route, by a PUT that sets status resolved,
 * and by the tickets listener when a conversation is resolved, so the deal rule applies to all three.
 */
import { defaultBotConfig } from '../../config/index.js';
import {
  type DealRow, type TicketRow,
} from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import { getTicket, type TicketDeps } from './ticket-scope.js';
import { ticketTransition } from './ticket-status.js';

/** The ticket to resolve; the caller is checked by the attendance API (attendance-api.ts), or absent for the listener. */
export interface ResolveTicketInput {
  ticketId: string;
  /** What was done, kept in `custom_fields.resolution`. */
  resolution?: string;
  /** The user resolving, kept in the `ticket_resolved` event; absent when a conversation's resolve did it. */
  actorId?: string;
}

/** The resolved ticket and the CRM deal it created, if any. */
export interface ResolvedTicket {
  ticket: TicketRow;
  deal: DealRow | null;
}

/**
 * Sets status resolved and `resolved_at` through the status table, then applies the sales rule:
 * a ticket of category `sales` with a CRM contact (`customer_id`), on a bot where
 * `attendance-sales-ticket-deal` and `crm-enabled` are on, gets a deal "Ticket #<n>: <subject>"
 * valued at `custom_fields.deal_value`, in the first pipeline stage, owned by `assigned_to`. The
 * deal's id is kept in `custom_fields.deal_id` so a reopened and resolved again ticket does not
 * make a second one. Throws NotFoundError `ticket_not_found` and ConflictError `invalid_transition`
 * (already resolved or closed, or changed meanwhile). Logs `ticket_resolved` in the same transaction.
 */
export async function resolveTicket(deps: TicketDeps, input: ResolveTicketInput): Promise<ResolvedTicket> {
  const row = await getTicket(deps.repos, input.ticketId);
  const change = ticketTransition(row.status, 'resolved', deps.now());
  const custom = input.resolution === undefined ? {} : { custom_fields: { ...row.custom_fields, resolution: input.resolution } };
  // One transaction: a ticket is never left resolved without the deal its rule asks for, nor without its log entry.
  const result = await deps.repos.inTransaction(async (repos) => {
    const repo = repos.tickets;
    const resolved = await repo.update(row.id, { ...change, ...custom }, row.status);
    if (!resolved) {
      throw new ConflictError('The ticket changed meanwhile; reload it', 'invalid_transition', { from: row.status, to: 'resolved' });
    }
    const deal = await salesDeal({ ...deps, repos }, resolved);
    const withDeal = deal ? await repo.update(resolved.id, { custom_fields: { ...resolved.custom_fields, deal_id: deal.id } }) : undefined;
    const ticket = withDeal ?? resolved;
    const logged = await logTicketChange({ repos, now: deps.now }, {
      change: 'resolved', ticket, previous_status: row.status, ...(input.actorId ? { actor_id: input.actorId } : {}),
    });
    return { ticket, deal: deal ?? null, logged };
  });
  await announceTicketChange(deps, result.logged);
  return { ticket: result.ticket, deal: result.deal };
}

/** The deal the sales rule creates for this resolved ticket, or undefined when the rule does not apply. */
async function salesDeal(deps: TicketDeps, ticket: TicketRow): Promise<DealRow | undefined> {
  if (ticket.category !== 'sales' || !ticket.customer_id || ticket.custom_fields?.deal_id !== undefined) return undefined;
  const session = await deps.repos.sessions.findById(ticket.session_id);
  const config = (session ? deps.config(session.bot_id) : undefined) ?? defaultBotConfig();
  if (!config['attendance-sales-ticket-deal'] || !config['crm-enabled']) return undefined;
  const crm = deps.repos.crm;
  const [firstStage] = await crm.listStages();
  return crm.createDeal({
    name: `Ticket #${ticket.ticket_number}: ${ticket.subject}`,
    value: dealValue(ticket.custom_fields?.deal_value),
    stage: firstStage?.name ?? null,
    contact_id: ticket.customer_id,
    owner_id: ticket.assigned_to,
  });
}

/** `custom_fields.deal_value` as a number (a numeric string is accepted), else null. */
function dealValue(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}
