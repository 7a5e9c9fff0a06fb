/**
 * The calls of every instance, shared through the database (docs/operations/kamailio.md): each
 * instance writes the calls it holds and beats its heartbeat; any instance can then tell which
 * one holds a call, and a survivor takes the calls of an instance whose heartbeat stopped.
 * Implemented by db/live-calls-repo.ts, given by the composition root (app/calls.ts).
 */
export interface CallRegistry {
  /** Says this instance is alive (and where it is reached); the first beat registers it. */
  beat(instance: CallInstance): Promise<void>;
  /** A call answered (or placed and answered) on `instanceId`. */
  add(call: RegisteredCall): Promise<void>;
  /** The call's session, once its first turn committed. */
  identify(callId: string, sessionId: string): Promise<void>;
  /** The call ended on its instance. */
  remove(callId: string): Promise<void>;
  /** The instance stops on purpose: it and its rows go (its calls were hung up). */
  leave(instanceId: string): Promise<void>;
  /** Which instance holds a call, by its SIP Call-ID or its session; undefined when no instance does. */
  holder(key: { callId: string } | { sessionId: string }, deadAfterSeconds: number): Promise<CallHolder | undefined>;
  /**
   * Claims, for `instanceId`, the calls of other instances whose heartbeat is older than
   * `deadAfterSeconds` (by the database's clock); each call is claimed once, by one instance.
   * Forgets instances that have been dead that long and hold nothing.
   */
  takeDropped(instanceId: string, deadAfterSeconds: number, limit: number): Promise<DroppedCall[]>;
  /** A claimed call has been dealt with (called back or closed). */
  forget(callId: string): Promise<void>;
}

/** An instance as the others see it. */
export interface CallInstance {
  id: string;
  /** `host:port` of its SIP user agent. */
  sip_address: string;
  /** Its own HTTP base URL. */
  http_url: string;
}

export interface RegisteredCall {
  call_id: string;
  instance_id: string;
  bot: string;
  /** The customer's number (the caller, or the callee of a bot's call). */
  caller: string;
}

/** Where a call lives (the lookup other instances use, docs/operations/kamailio.md, "Which instance holds a call"). */
export interface CallHolder {
  call_id: string;
  session_id: string | null;
  bot: string;
  caller: string;
  instance: CallInstance;
  /** False when the instance's heartbeat is older than the threshold: the call is being dropped. */
  alive: boolean;
}

/** A call whose instance died, as its claimant reads it. */
export interface DroppedCall {
  call_id: string;
  instance_id: string;
  bot: string;
  caller: string;
  session_id: string | null;
  /** The session's state: null when the call had no session yet. */
  session: { status: 'open' | 'closed'; needs_human: boolean; last_prompt: string | null } | null;
}
