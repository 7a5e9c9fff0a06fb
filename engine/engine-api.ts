import type { InboundMessage, OutboundMessage } from './messages.js';

/** What one inbound message led to. */
export type ReceiveOutcome =
  /** Already seen (same provider message id for the bot and channel): acknowledged, nothing done. */
  | { status: 'duplicate'; session_id: string | null }
  /** Processed: `replies` are the messages this turn committed to the outbox (empty when a human has the session). */
  | { status: 'processed'; session_id: string; needs_human: boolean; replies: OutboundMessage[] };

/**
 * The engine as the rest of the service sees it: adapters' HTTP routes hand it inbound
 * messages, attendance resolves sessions through it.
 */
export interface Engine {
  /** The whole path of one inbound message: dedupe, session, routing, bot or attendance, outbox. */
  receive(message: InboundMessage): Promise<ReceiveOutcome>;
  /**
   * Ends the human attendance: needs_human false, the next message reaches the bot again (seed
   * 1.2 step 8). `context` keys are written to context_data in the same step.
   */
  resolve(sessionId: string, options?: { context?: Record<string, unknown> }): Promise<void>;
  /** Registers job handlers and re-enqueues what the database says is still due (undelivered outbox rows, WAITs). */
  start(): Promise<void>;
}

/** Event-bus topic on which every outbound message of a session is published once committed. */
export const sessionOutboundTopic = (sessionId: string) => `session.outbound.${sessionId}`;
