import type { StatementUnderLock } from '../db/index.js';
import type { CustomerRef } from './messages.js';

/**
 * What the engine tells other areas after a commit (docs/architecture.md, "one-way flow"). The
 * engine never calls attendance (or any other area) while it holds a conversation: it writes the
 * event in the same transaction as the turn that caused it, and after the commit a job hands it
 * to the subscribers. Delivery is at least once and in order per session; a subscriber must
 * tolerate seeing an event again after a crash.
 */
export const ENGINE_EVENTS = {
  /** A turn handed the session to a human (keyword, TRANSFER TO HUMAN, smart transfer). */
  handedOff: 'session.handed_off',
  /** A customer wrote while the session needs a human (the hand-off message itself excluded). */
  customerMessaged: 'customer.messaged',
  /** The attendance ended: needs_human is false again. */
  resolved: 'session.resolved',
  /** The customer answered the satisfaction question with a score (the engine already thanked them). */
  surveyAnswered: 'survey.answered',
  /**
   * A message to a customer failed for good (the provider refused it, e.g. 131047 outside the
   * 24-hour window, or reported it failed later): the attendant must see it, not only the transcript.
   */
  deliveryFailed: 'message.delivery_failed',
  /** The conversation is over for good (a phone call hung up): the customer's next message opens a new session. */
  closed: 'session.closed',
} as const;

export type EngineEventName = (typeof ENGINE_EVENTS)[keyof typeof ENGINE_EVENTS];

/** The session as it was committed by the turn that emitted the event. */
export interface SessionSnapshot {
  id: string;
  bot_id: string;
  user_id: string;
  channel: string;
  external_user_id: string;
  needs_human: boolean;
  context_data: Record<string, unknown>;
}

/** The customer message an event is about, as stored in the transcript. */
export interface CustomerMessageRef {
  /** The transcript row's id. */
  id: string;
  text: string;
  received_at: string;
  customer: CustomerRef;
}

/** The payload of each event, by name. */
export interface EngineEventPayloads {
  'session.handed_off': { session: SessionSnapshot; message: CustomerMessageRef };
  'customer.messaged': { session: SessionSnapshot; message: CustomerMessageRef };
  'session.resolved': { session: SessionSnapshot };
  /** `mark`: what attendance stored under SURVEY_CONTEXT_KEY when it asked (the turn cleared it). */
  'survey.answered': { session: SessionSnapshot; score: number; mark: unknown; message: CustomerMessageRef };
  'message.delivery_failed': FailedDelivery;
  'session.closed': { session: SessionSnapshot; reason: string };
}

/** The outbound transcript message that failed, and the provider's words (`delivery_error`). */
export interface FailedDelivery {
  session_id: string;
  /** The transcript row's id. */
  message_id: string;
  channel: string;
  sender: string;
  text: string;
  reason: string;
}

/** One event as stored and handed to subscribers. */
export type EngineEvent = {
  [K in EngineEventName]: { name: K; session_id: string; payload: EngineEventPayloads[K] };
}[EngineEventName];

/** The event a job was enqueued for, when the job carries it (the recovery's jobs carry only its id). */
export interface JobEvent {
  id: string;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * A subscriber's part of the events job's one round trip (docs/performance.md, "Handoff round
 * trips"): a statement that runs under the session's events lock, right after the pending events
 * are read, so it sees what the handlers of earlier events committed and may write; and how to
 * read its answer.
 */
export interface PreparedStatement {
  statement: StatementUnderLock;
  parse(answer: unknown): unknown;
}

/**
 * Handlers by event name; an area subscribes to the events it reacts to, at the composition root.
 * `prepare`, when given, is asked for a statement as the job starts (with the job's own event,
 * when the job carries it); what `parse` makes of its answer is handed, as `prepared`, to the
 * handlers of the job's first event only (later events of the job may find the database changed
 * by the first).
 */
export type EngineEventHandlers = {
  [K in EngineEventName]?: (payload: EngineEventPayloads[K], prepared?: unknown) => Promise<void>;
} & {
  prepare?: (sessionId: string, event: JobEvent | undefined) => PreparedStatement | undefined;
};
