/**
 * Live events for the attendant console: the frames attendants receive on
 * `/ws/attendance` and who receives each. Everything here is pure — the listener gathers the
 * facts (profiles, memberships, the customer, counts) and the socket layer only matches
 * recipients against its connections — so the routing rules are testable without a database or
 * a socket, and the same delivery works on every instance behind the event bus.
 */
import type { ConversationRow, TicketRow } from '../../db/index.js';
import { receivesWork, type AttendantStatus } from '../assignment/capacity.js';
import type { SkillRequirement } from '../assignment/skills.js';
import type { SummaryResult } from '../assist/summarize-conversation.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import type { ConversationStatus } from '../conversation-status.js';
import type { TicketChangeKind } from '../tickets/ticket-events.js';
import type { CobrowseFrame } from '../cobrowse/cobrowse-signals.js';

/** Who the customer is, as far as the conversation knows (the frame's `customer`). */
export interface LiveCustomer {
  name: string;
  /** E.164 when known (CRM contact, context or a phone-number channel id); null for web visitors and the like. */
  phone: string | null;
}

/** A conversation needs a human; `message` is the text that started the cycle. */
export interface NewConversationFrame {
  type: 'new_conversation';
  session_id: string;
  channel: string;
  customer: LiveCustomer;
  message: string;
  /** 0 low … 3 urgent. */
  priority: number;
  queue_id: string | null;
  /** Its own requirement and its queue's, before widening (docs/attendance/skills-routing.md). */
  required_skills: SkillRequirement[];
}

/** The customer wrote on a conversation in attendance. */
export interface CustomerMessageFrame {
  type: 'customer_message';
  session_id: string;
  channel: string;
  text: string;
  status: ConversationStatus;
}

/** Someone holds the conversation now: assigned, accepted (/take) or transferred. */
export interface ConversationAssignedFrame {
  type: 'conversation_assigned';
  session_id: string;
  attendant_id: string;
  attendant_name: string;
  status: ConversationStatus;
  previous_attendant_id?: string;
}

/** The attendance ended; the customer is back with the bot. */
export interface ConversationResolvedFrame {
  type: 'conversation_resolved';
  session_id: string;
  /** Who held it; null when nobody did. */
  attendant_id: string | null;
}

/** Any other status change the holder should see: answered (pending), resumed (active), requeued (waiting). */
export interface ConversationUpdatedFrame {
  type: 'conversation_updated';
  session_id: string;
  status: ConversationStatus;
}

/** The number of waiting items of a bot may have changed. */
export interface QueueUpdatedFrame {
  type: 'queue_updated';
  bot_id: string;
  waiting: number;
}

/**
 * The summary of a conversation for the attendant who just got it: sent right after
 * their `conversation_assigned` when attendant-auto-summary is on (attendance/assist).
 */
export interface ConversationSummaryFrame {
  type: 'conversation_summary';
  session_id: string;
  attendant_id: string;
  summary: SummaryResult;
}

/** A ticket was created, changed, assigned, transferred, resolved or deleted (ticket-live-events.ts). */
export interface TicketUpdatedFrame {
  type: 'ticket_updated';
  ticket: Pick<TicketRow, 'id' | 'ticket_number' | 'session_id' | 'subject' | 'status' | 'priority' | 'category' | 'assigned_to'>;
  change: TicketChangeKind;
}

/** Every frame the server pushes on its own (answers to client frames are in the socket schemas). */
/** The customer is typing in the web widget (customer-typing.ts; docs/attendance/live-events.md, "customer_typing"). */
export interface CustomerTypingFrame {
  type: 'customer_typing';
  session_id: string;
  at: string;
}

/** A message to the customer failed for good; `reason` is the provider's code and words (delivery-failed.ts; docs/attendance/live-events.md, "delivery_failed"). */
export interface DeliveryFailedFrame {
  type: 'delivery_failed';
  session_id: string;
  /** The transcript message that failed. */
  message_id: string;
  channel: string;
  /** Who wrote it: `bot`, `attendant` or `system`. */
  from: string;
  text: string;
  reason: string;
}

/** An SLA clock ran out (sla/announce-sla-breach.ts; docs/attendance/sla.md, "Breaches"). */
export interface SlaBreachedFrame {
  type: 'sla_breached';
  clock: SlaClockView;
}

/** A clock as the console and the API show it. */
export interface SlaClockView {
  id: string;
  subject: 'conversation' | 'ticket';
  /** The conversation's session id, or the ticket's id. */
  subject_id: string;
  metric: 'first_response' | 'resolution';
  queue_id: string | null;
  attendant_id: string | null;
  target_seconds: number;
  business_hours: boolean;
  started_at: string;
  due_at: string | null;
  met_at: string | null;
  breached_at: string | null;
}

export type LiveFrame =
  | SlaBreachedFrame | NewConversationFrame | CustomerMessageFrame | ConversationAssignedFrame | ConversationResolvedFrame
  | ConversationUpdatedFrame | QueueUpdatedFrame | ConversationSummaryFrame | TicketUpdatedFrame | CustomerTypingFrame
  | DeliveryFailedFrame | CobrowseFrame;

/**
 * Who gets a frame, in terms a socket can check without a database: the connected users named,
 * plus every connected supervisor and admin when `supervisors` is true; or everyone connected.
 */
export type LiveRecipients = { everyone: true } | { user_ids: string[]; supervisors: boolean };

/** One frame and its recipients: what the listener publishes and every instance's socket fans out. */
export interface LiveDelivery {
  recipients: LiveRecipients;
  frame: LiveFrame;
}

/** The conversation fields the frames are built from. */
export type LiveConversation = Pick<
  ConversationRow, 'session_id' | 'bot_id' | 'channel' | 'status' | 'assigned_to' | 'queue_id' | 'priority' | 'last_message'
>;

/** What the listener looked up for one change; see {@link factsNeeded} for which fields it must fill. */
export interface LiveFacts {
  conversation: LiveConversation;
  customer?: LiveCustomer;
  /** Online attendants eligible for the conversation (see {@link eligibleAttendants}). */
  eligible?: readonly string[];
  /** Display names of the attendants the events name. */
  names?: Readonly<Record<string, string>>;
  /** Waiting items of the conversation's bot after the change. */
  waiting?: number;
  /** The conversation's requirement with its queue's. */
  requiredSkills?: readonly SkillRequirement[];
}

/** Which facts {@link conversationDeliveries} reads for these events, so the listener looks up only those. */
export function factsNeeded(events: readonly ConversationEvent[]): { customer: boolean; eligible: boolean; names: string[]; waiting: boolean; skills: boolean } {
  const names = new Set<string>();
  for (const e of events) if (HOLDER_EVENTS.has(e.name) && 'attendant_id' in e.payload && e.payload.attendant_id) names.add(e.payload.attendant_id);
  return {
    customer: events.some((e) => e.name === CONVERSATION_EVENTS.queued),
    eligible: events.some((e) => e.name === CONVERSATION_EVENTS.queued || e.name === CONVERSATION_EVENTS.requeued),
    names: [...names],
    waiting: events.some((e) => QUEUE_EVENTS.has(e.name)),
    skills: events.some((e) => e.name === CONVERSATION_EVENTS.queued),
  };
}

const HOLDER_EVENTS = new Set<string>([CONVERSATION_EVENTS.assigned, CONVERSATION_EVENTS.accepted, CONVERSATION_EVENTS.transferred]);
/** Events after which the waiting count may differ. */
const QUEUE_EVENTS = new Set<string>([
  CONVERSATION_EVENTS.queued, CONVERSATION_EVENTS.assigned, CONVERSATION_EVENTS.accepted, CONVERSATION_EVENTS.resolved,
  CONVERSATION_EVENTS.requeued,
]);

const users = (ids: readonly (string | null | undefined)[], supervisors = true): LiveRecipients => ({
  user_ids: [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))], supervisors,
});

/**
 * The deliveries for one stored change (the `transition()` events of `conversationChanged`), in
 * event order, with at most one `queue_updated` at the end. Throws when a fact that
 * {@link factsNeeded} asked for is missing — a listener bug, not a runtime condition.
 */
export function conversationDeliveries(facts: LiveFacts, events: readonly ConversationEvent[]): LiveDelivery[] {
  const c = facts.conversation;
  const out: LiveDelivery[] = [];
  for (const event of events) {
    switch (event.name) {
      case 'conversation.queued':
        out.push({
          recipients: users(need(facts.eligible, 'eligible')),
          frame: {
            type: 'new_conversation', session_id: c.session_id, channel: c.channel, customer: need(facts.customer, 'customer'),
            message: c.last_message ?? '', priority: event.payload.priority ?? c.priority, queue_id: event.payload.queue_id ?? c.queue_id,
            required_skills: [...need(facts.requiredSkills, 'required skills')],
          },
        });
        break;
      case 'conversation.assigned':
      case 'conversation.accepted':
      case 'conversation.transferred': {
        const { attendant_id } = event.payload;
        const previous = event.name === 'conversation.transferred' ? event.payload.previous_attendant_id : undefined;
        out.push({
          recipients: users([attendant_id, previous]),
          frame: {
            type: 'conversation_assigned', session_id: c.session_id, attendant_id,
            attendant_name: facts.names?.[attendant_id] ?? attendant_id, status: event.payload.to,
            ...(previous ? { previous_attendant_id: previous } : {}),
          },
        });
        break;
      }
      case 'conversation.answered':
      case 'conversation.resumed':
        out.push({ recipients: users([c.assigned_to]), frame: { type: 'conversation_updated', session_id: c.session_id, status: event.payload.to } });
        break;
      case 'conversation.requeued':
        out.push({
          recipients: users([event.payload.previous_attendant_id, ...need(facts.eligible, 'eligible')]),
          frame: { type: 'conversation_updated', session_id: c.session_id, status: event.payload.to },
        });
        break;
      case 'conversation.resolved': {
        const holder = event.payload.attendant_id ?? c.assigned_to;
        out.push({ recipients: users([holder]), frame: { type: 'conversation_resolved', session_id: c.session_id, attendant_id: holder ?? null } });
        break;
      }
    }
  }
  if (events.some((e) => QUEUE_EVENTS.has(e.name))) {
    out.push({ recipients: { everyone: true }, frame: { type: 'queue_updated', bot_id: c.bot_id, waiting: need(facts.waiting, 'waiting') } });
  }
  return out;
}

/**
 * The delivery for a customer message on a conversation in attendance: to its holder, or while it
 * waits to the eligible online attendants (`facts.eligible`), and to supervisors and admins.
 */
export function customerMessageDelivery(facts: LiveFacts, text: string): LiveDelivery {
  const c = facts.conversation;
  const to = c.status === 'waiting' ? need(facts.eligible, 'eligible') : [c.assigned_to];
  return { recipients: users(to), frame: { type: 'customer_message', session_id: c.session_id, channel: c.channel, text, status: c.status } };
}

/** An attendant as the eligibility rule sees them. */
export interface LiveAttendant {
  user_id: string;
  status: AttendantStatus;
  /** `all`, or one channel value. */
  channel: string;
}

/**
 * The online attendants who may take the conversation: the active members of its queue when it
 * has some (`members`), otherwise — no queue, or an open one that nobody staffs yet — those whose
 * profile channel is `all` or the conversation's.
 */
export function eligibleAttendants(
  conversation: Pick<LiveConversation, 'queue_id' | 'channel'>,
  attendants: readonly LiveAttendant[],
  members: readonly { user_id: string; is_active: boolean }[] = [],
): string[] {
  const online = attendants.filter((a) => receivesWork(a.status));
  const active = new Set(members.filter((m) => m.is_active).map((m) => m.user_id));
  if (conversation.queue_id !== null && active.size > 0) return online.filter((a) => active.has(a.user_id)).map((a) => a.user_id);
  const channel = conversation.channel.trim().toLowerCase();
  return online.filter((a) => ['all', channel].includes(a.channel.trim().toLowerCase())).map((a) => a.user_id);
}

/** True when a socket of this user (with these roles) is among the recipients. */
export function isRecipient(recipients: LiveRecipients, user: { user_id: string; roles: readonly string[] }): boolean {
  if ('everyone' in recipients) return true;
  if (recipients.supervisors && (user.roles.includes('supervisor') || user.roles.includes('admin'))) return true;
  return recipients.user_ids.includes(user.user_id);
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`live events: the listener did not look up ${what}`);
  return value;
}
