/**
 * The one transition table for attendance conversations. Every status change of a
 * queue item goes through {@link transition}, which returns the next status and the events to
 * emit; no other code decides or writes a status. The kanban board is a view of the
 * same statuses, so its moves are translated into table actions by {@link kanbanMove}.
 */
import { ConflictError, ValidationError } from '../infra/errors.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from './conversation-events.js';

/** Queue item statuses plus `pending` (the customer has not replied to the attendant's last message). */
export const CONVERSATION_STATUSES = ['waiting', 'assigned', 'active', 'pending', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** What can happen to a conversation; each is one row of the table. */
export const CONVERSATION_ACTIONS = [
  'transfer', 'assign', 'accept', 'attendant_replied', 'customer_replied', 'resolve', 'requeue', 'transfer_to_attendant', 'customer_left', 'release',
] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

/** Facts the caller knows about the change; only `session_id` and `at` are always needed. */
export interface TransitionContext {
  session_id: string;
  at: Date;
  /** The user causing the change (attendant, supervisor); absent for the bot or system. */
  actor_id?: string;
  /** The attendant who gets the conversation (assign, accept, transfer_to_attendant). */
  attendant_id?: string;
  /** Who holds it now, if anyone. */
  assigned_to?: string;
  queue_id?: string;
  priority?: number;
  reason?: string;
}

/** The outcome of a permitted transition: the status to store and the events to publish. */
export interface TransitionResult {
  next: ConversationStatus;
  events: ConversationEvent[];
}

type From = ConversationStatus | 'none';
type Base = { session_id: string; from: From; to: ConversationStatus; at: string; actor_id?: string };
interface Rule {
  from: readonly From[];
  to: ConversationStatus;
  needsAttendant: boolean;
  emit: (base: Base, ctx: TransitionContext, attendant: string) => ConversationEvent;
}

const HELD = ['assigned', 'active', 'pending'] as const;

/**
 * The table. `transfer` is also allowed from resolved: a customer who asks for a human again
 * after a resolved attendance starts a new cycle on the same session's queue item.
 */
const TABLE: Record<ConversationAction, Rule> = {
  transfer: {
    from: ['none', 'resolved'], to: 'waiting', needsAttendant: false,
    emit: (b, c) => ({ name: CONVERSATION_EVENTS.queued, payload: { ...b, ...opt({ queue_id: c.queue_id, priority: c.priority, reason: c.reason }) } }),
  },
  assign: {
    from: ['waiting'], to: 'assigned', needsAttendant: true,
    emit: (b, c, a) => ({ name: CONVERSATION_EVENTS.assigned, payload: { ...b, attendant_id: a, ...opt({ queue_id: c.queue_id }) } }),
  },
  accept: {
    from: ['waiting', 'assigned'], to: 'active', needsAttendant: true,
    emit: (b, _c, a) => ({ name: CONVERSATION_EVENTS.accepted, payload: { ...b, attendant_id: a } }),
  },
  attendant_replied: {
    from: ['active'], to: 'pending', needsAttendant: false,
    emit: (b) => ({ name: CONVERSATION_EVENTS.answered, payload: b }),
  },
  customer_replied: {
    from: ['pending'], to: 'active', needsAttendant: false,
    emit: (b) => ({ name: CONVERSATION_EVENTS.resumed, payload: b }),
  },
  resolve: {
    from: HELD, to: 'resolved', needsAttendant: false,
    emit: (b, c) => ({ name: CONVERSATION_EVENTS.resolved, payload: { ...b, ...opt({ attendant_id: c.assigned_to }) } }),
  },
  requeue: {
    from: HELD, to: 'waiting', needsAttendant: false,
    emit: (b, c) => ({
      name: CONVERSATION_EVENTS.requeued,
      payload: { ...b, ...opt({ previous_attendant_id: c.assigned_to, reason: c.reason }) },
    }),
  },
  // The session closed under the conversation (a phone call hung up, docs/channels/rtc-sip.md): it ends wherever it was.
  customer_left: {
    from: ['waiting', ...HELD], to: 'resolved', needsAttendant: false,
    emit: (b, c) => ({ name: CONVERSATION_EVENTS.resolved, payload: { ...b, reason: 'customer left', ...opt({ attendant_id: c.assigned_to }) } }),
  },
  // Nobody can attend it now (the queue is closed or unstaffed) and the queue hands it back to the bot or to a ticket (docs/attendance/business-hours.md).
  release: {
    from: ['waiting'], to: 'resolved', needsAttendant: false,
    emit: (b, c) => ({ name: CONVERSATION_EVENTS.resolved, payload: { ...b, ...opt({ reason: c.reason }) } }),
  },
  transfer_to_attendant: {
    from: HELD, to: 'assigned', needsAttendant: true,
    emit: (b, c, a) => ({
      name: CONVERSATION_EVENTS.transferred,
      payload: { ...b, attendant_id: a, ...opt({ previous_attendant_id: c.assigned_to, reason: c.reason }) },
    }),
  },
};

/** Drops undefined fields, so a payload only carries the facts that are known. */
function opt<T extends Record<string, unknown>>(fields: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as never;
}

/** True when the table allows `action` from `current` (no context checks). */
export function canTransition(current: From, action: ConversationAction): boolean {
  return TABLE[action].from.includes(current);
}

/**
 * Applies `action` to a conversation in status `current` (`'none'` before it ever joined the queue).
 * Throws ConflictError `invalid_transition` when the table forbids it, ConflictError
 * `already_assigned` when an attendant accepts a conversation assigned to someone else, and
 * ValidationError when the action needs an `attendant_id` that is missing.
 */
export function transition(current: From, action: ConversationAction, ctx: TransitionContext): TransitionResult {
  const rule = TABLE[action];
  if (!rule.from.includes(current)) {
    throw new ConflictError(`Cannot ${action.replace(/_/g, ' ')} a conversation that is ${current}`, 'invalid_transition', {
      from: current, action,
    });
  }
  const attendant = ctx.attendant_id ?? '';
  if (rule.needsAttendant && attendant === '') {
    throw new ValidationError(`${action} needs an attendant`, [{ path: 'attendant_id', message: 'required' }]);
  }
  if (action === 'accept' && current === 'assigned' && ctx.assigned_to !== undefined && ctx.assigned_to !== attendant) {
    throw new ConflictError('This conversation is assigned to another attendant', 'already_assigned', {
      assigned_to: ctx.assigned_to,
    });
  }
  const base: Base = { session_id: ctx.session_id, from: current, to: rule.to, at: ctx.at.toISOString(), ...opt({ actor_id: ctx.actor_id }) };
  return { next: rule.to, events: [rule.emit(base, ctx, attendant)] };
}
