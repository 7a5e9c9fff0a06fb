import type { SignInCompletion, SignInCompletionOutcome } from './complete-sign-in.js';
import type { EngineEventHandlers } from './domain-events.js';
import type { Channel, InboundMessage, OutboundMessage } from './messages.js';
import type { RecoverOptions, RecoveryCounts } from './recover-pending.js';
import type { InboundScreen } from './engine-deps.js';
import type { WaitingOn } from './dialog-envelope.js';
import type { SendOptions } from './send-messages.js';

/** What one inbound message led to. */
export type ReceiveOutcome =
  /**
   * Already taken by a committed turn (same provider message id for the bot and channel): nothing
   * runs again; `replies` are what that turn answered, so a client that lost the answer gets it.
   */
  | { status: 'duplicate'; session_id: string | null; replies: OutboundMessage[] }
  /** Processed: `replies` are the messages this turn committed to the outbox (empty when a human has the session). */
  | { status: 'processed'; session_id: string; needs_human: boolean; replies: OutboundMessage[]; dialog?: DialogOutcome };

/**
 * Where the bot's dialog stands after a turn it ran (absent when it did not run): waiting at a HEAR
 * (its type and menu, so a phone call listens for key presses where the HEAR wants digits), asleep
 * at a WAIT, or ended. docs/channels/rtc-sip.md, "The voice bot".
 */
export type DialogOutcome = { status: 'waiting'; waiting_for: WaitingOn } | { status: 'sleeping' } | { status: 'ended' };

/** What storing a webhook's messages led to (`Engine.accept`). */
export interface AcceptOutcome {
  /** Messages stored for processing; 0 when every one was already queued. */
  accepted: number;
}

/**
 * The engine as the rest of the service sees it: adapters' HTTP routes hand it inbound
 * messages; attendance resolves sessions and messages customers through it (as its outbound
 * port) and hears from it only through domain events (engine/domain-events.ts).
 */
export interface Engine {
  /** The whole path of one inbound message: dedupe, session, routing, bot or attendance, outbox. */
  receive(message: InboundMessage): Promise<ReceiveOutcome>;
  /**
   * For provider webhooks: stores the messages durably (one statement) and runs them after, by a
   * job, each customer's in arrival order — so the provider is answered as soon as this resolves
   * (docs/architecture.md, "Provider webhooks"). A provider message id already queued is skipped.
   */
  accept(messages: readonly InboundMessage[]): Promise<AcceptOutcome>;
  /**
   * Ends the human attendance: needs_human false, the next message reaches the bot again
   * (docs/architecture.md, "The routing rule", step 8). `context` keys are written to context_data in the same step.
   */
  resolve(sessionId: string, options?: { context?: Record<string, unknown> }): Promise<void>;
  /** Ends the conversation for good (a phone call hung up): the customer's next message opens a new session (close-session.ts). */
  close(sessionId: string, reason: string): Promise<void>;
  /**
   * Commits messages to customers outside a customer's turn (an attendant's reply, a proactive
   * message) and delivers them like any other: transcript, outbox, event bus, SMS rule.
   * Resolves to the messages as committed (SMS text split into its parts). `handedOut`: the
   * channel carried them already (a phone call's transcript of itself), so they are stored as
   * delivered and no adapter is asked to deliver them.
   */
  send(messages: readonly OutboundMessage[], options?: SendOptions): Promise<OutboundMessage[]>;
  /**
   * Someone signed in through the link a HEAR x AS LOGIN sent (docs/basic.md, "HEAR AS LOGIN"):
   * the session's dialog resumes with the user when it still waits for that link, else `stale`.
   */
  completeSignIn(completion: SignInCompletion): Promise<SignInCompletionOutcome>;
  /** Whether a HEAR x AS LOGIN link would still answer its HEAR (not used, not replaced, the dialog still waiting); nothing changes. */
  awaitsSignIn(request: Omit<SignInCompletion, 'user'>): Promise<boolean>;
  /**
   * Adds handlers for the domain events (engine/domain-events.ts), called after each commit by a
   * job, in order per session, at least once. Subscribe before `start()`.
   */
  subscribe(handlers: EngineEventHandlers): void;
  /**
   * Screens the queued provider messages of one channel before their turn (docs/channels/README.md):
   * the screen gives the message back, perhaps enriched (a voice note transcribed), or null when it
   * is not a customer's (an attendant writing from their phone, handled there), which then leaves
   * the queue untouched by the bot. A throw retries it like a failed turn. Without a screen a
   * message runs as it is. A channel's screens run in the order registered, each on what the one
   * before gave (attendance's, then the CRM's campaign replies). Register before `start()`.
   */
  screen(channel: Channel, screen: InboundScreen): void;
  /** Registers job handlers and re-enqueues what the database says is still due (undelivered outbox rows, events, WAITs). */
  start(): Promise<void>;
  /**
   * Enqueues again what the database says is still due, as start-up does (engine/recover-pending.ts):
   * called when Redis returns after an outage and by a periodic sweep. Idempotent; never throws
   * for a step that fails (logged, retried by the next call).
   */
  recover(options?: RecoverOptions): Promise<RecoveryCounts>;
}

/** Event-bus topic on which every outbound message of a session is published once committed. */
export const sessionOutboundTopic = (sessionId: string) => `session.outbound.${sessionId}`;
