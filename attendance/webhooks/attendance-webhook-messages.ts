/**
 * What the attendance webhooks POST (docs/attendance/webhooks.md): one message per event, in the
 * shape Standard Webhooks recommends — `type`, `timestamp` (ISO 8601) and `data`. Pure.
 */
import type { ConversationRow } from '../../db/index.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import { fieldRecord, type CustomerFieldValue, type CustomerView } from '../customer-view/customer-fields.js';

/** The conversation events that are POSTed; the others (accepted, answered…) stay inside. */
export const WEBHOOK_CONVERSATION_EVENTS: readonly string[] = [
  CONVERSATION_EVENTS.queued, CONVERSATION_EVENTS.assigned, CONVERSATION_EVENTS.transferred, CONVERSATION_EVENTS.resolved,
];

/** One message as signed and sent. */
export interface AttendanceWebhookMessage {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The messages for a conversation's changes: each POSTed event's payload (session, status change,
 * attendant, queue, reason…) with the bot, channel, priority and topic of the conversation and,
 * when given, the customer as attendants see them (`customer`: docs/crm.md, "What attendants see").
 */
export function conversationMessages(
  row: ConversationRow,
  events: readonly ConversationEvent[],
  customer?: WebhookCustomer,
): AttendanceWebhookMessage[] {
  return events.filter((e) => WEBHOOK_CONVERSATION_EVENTS.includes(e.name)).map((event) => ({
    type: event.name,
    timestamp: event.payload.at,
    data: {
      ...event.payload, bot_id: row.bot_id, channel: row.channel, priority: row.priority, topic: row.topic,
      ...(customer ? { customer } : {}),
    },
  }));
}

/** The customer in a webhook: display name, contact and the fields of `attendance-customer-fields`. */
export type WebhookCustomer = { name: string; contact_id: string | null } & Record<string, CustomerFieldValue>;

/** The webhook's `customer` from a customer view. */
export function webhookCustomer(view: CustomerView): WebhookCustomer {
  return { ...fieldRecord(view), name: view.name, contact_id: view.contact_id };
}

/** The message for a ticket change: `ticket.created`, `ticket.updated`, `ticket.assigned`, `ticket.transferred`, `ticket.resolved`, `ticket.deleted`. */
export function ticketMessage(change: TicketChange, at: Date): AttendanceWebhookMessage {
  const { ticket } = change;
  return {
    type: `ticket.${change.change}`,
    timestamp: at.toISOString(),
    data: {
      ticket: {
        id: ticket.id, ticket_number: ticket.ticket_number, session_id: ticket.session_id, subject: ticket.subject, status: ticket.status,
        priority: ticket.priority, category: ticket.category, assigned_to: ticket.assigned_to,
      },
      bot_id: change.bot_id,
      ...(change.previous_status !== undefined ? { previous_status: change.previous_status } : {}),
      ...(change.previous_assigned_to !== undefined ? { previous_assigned_to: change.previous_assigned_to } : {}),
      ...(change.actor_id !== undefined ? { actor_id: change.actor_id } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
    },
  };
}
