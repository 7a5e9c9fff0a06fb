/**
 * The attendance conversation events, `noun.verb` constants with typed payloads.
 * `transition()` in conversation-status.ts is the only producer; listeners (WebSocket fan-out,
 * email, the KPI event log) consume them. Payloads are plain JSON so they survive the event bus.
 */
import type { ConversationStatus } from './conversation-status.js';

/** Every event name, in one place. */
export const CONVERSATION_EVENTS = {
  queued: 'conversation.queued',
  assigned: 'conversation.assigned',
  accepted: 'conversation.accepted',
  answered: 'conversation.answered',
  resumed: 'conversation.resumed',
  resolved: 'conversation.resolved',
  requeued: 'conversation.requeued',
  transferred: 'conversation.transferred',
} as const;

/** One of the names in {@link CONVERSATION_EVENTS}. */
export type ConversationEventName = (typeof CONVERSATION_EVENTS)[keyof typeof CONVERSATION_EVENTS];

/** Fields every conversation event carries: which conversation, the status change, and when (ISO 8601). */
interface Base {
  session_id: string;
  from: ConversationStatus | 'none';
  to: ConversationStatus;
  at: string;
  /** Who caused it (an attendant or supervisor user id); absent for the bot or the system. */
  actor_id?: string;
}

/** The payload of each event, keyed by name. */
export interface ConversationEventPayloads {
  'conversation.queued': Base & { queue_id?: string; priority?: number; reason?: string };
  'conversation.assigned': Base & { attendant_id: string; queue_id?: string };
  'conversation.accepted': Base & { attendant_id: string };
  /** The attendant replied; the card waits for the customer (kanban pending). */
  'conversation.answered': Base;
  /** The customer replied to a pending conversation; it is active again. */
  'conversation.resumed': Base;
  'conversation.resolved': Base & { attendant_id?: string; reason?: string };
  'conversation.requeued': Base & { previous_attendant_id?: string; reason?: string };
  'conversation.transferred': Base & { attendant_id: string; previous_attendant_id?: string; reason?: string };
}

/** A discriminated union of every event, ready to publish or append to the event log. */
export type ConversationEvent = {
  [N in ConversationEventName]: { name: N; payload: ConversationEventPayloads[N] };
}[ConversationEventName];
