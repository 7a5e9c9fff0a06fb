/**
 * What happens around a conversation after it changed — live events for the console, email
 * notices, the satisfaction survey, tickets, the CRM log — listens here instead of being called
 * from each use case. The use cases call the listener after the change is stored; a listener's
 * failure is logged and never undoes or fails the change that caused it.
 */
import type { AttendantProfileRow, ContactRow, ConversationRow, QueueHoursRow, QueueMemberRow, QueueRow, SessionRow, SlaPolicyRow } from '../db/index.js';
import type { ConversationEvent } from './conversation-events.js';

/**
 * What the use case already read about a change, as the database held it just before the write
 * (a handoff reads it all in one round trip: docs/performance.md, "Handoff round trips"); a
 * listener uses it instead of reading it again, and reads what is absent.
 */
export interface KnownFacts {
  session?: SessionRow;
  /** The customer's CRM contact, or null when there is none. */
  contact?: ContactRow | null;
  /** Online attendant profiles. */
  online?: readonly AttendantProfileRow[];
  /** Every queue membership. */
  memberships?: readonly QueueMemberRow[];
  /** The bot's active queues (their `required_skills`). */
  queues?: readonly QueueRow[];
  /** Waiting items of the conversation's bot after the change. */
  waiting?: number;
  /** Every SLA policy. */
  slaPolicies?: readonly SlaPolicyRow[];
  /** The business hours of the bot's queues that have them. */
  queueHours?: readonly QueueHoursRow[];
}

export interface AttendanceListener {
  /** Status changes (`transition()` output) of `row`, after the row and the event log were written. */
  conversationChanged(row: ConversationRow, events: readonly ConversationEvent[], known?: KnownFacts): Promise<void>;
  /** A customer wrote on a conversation in attendance that was not resolved; `row.last_message` is `text`. */
  customerMessage(row: ConversationRow, text: string): Promise<void>;
  /** A queue's required skills changed; `waiting` are its conversations waiting now. */
  queueSkillsChanged?(queue: QueueRow, waiting: readonly ConversationRow[]): Promise<void>;
}

/** Listens to nothing: the default of every use case. */
export const silentListener: AttendanceListener = {
  conversationChanged: async () => undefined,
  customerMessage: async () => undefined,
};

/**
 * One listener that calls each of `listeners` in order, awaiting each, and reports (not throws)
 * their failures, so a broken mail server cannot stop a `/take`.
 */
export function combineListeners(
  listeners: readonly Partial<AttendanceListener>[],
  onError: (error: unknown, what: keyof AttendanceListener) => void,
): AttendanceListener {
  const each = async <K extends keyof AttendanceListener>(what: K, call: (l: Partial<AttendanceListener>) => Promise<void> | undefined) => {
    for (const listener of listeners) {
      try {
        await call(listener);
      } catch (error) {
        onError(error, what);
      }
    }
  };
  return {
    conversationChanged: (row, events, known) => each('conversationChanged', (l) => l.conversationChanged?.(row, events, known)),
    customerMessage: (row, text) => each('customerMessage', (l) => l.customerMessage?.(row, text)),
    queueSkillsChanged: (queue, waiting) => each('queueSkillsChanged', (l) => l.queueSkillsChanged?.(queue, waiting)),
  };
}
