import type { OutboundMessage } from '../../engine/index.js';

/** A call in progress, as the rtc_sip adapter's `send` reaches it (docs/channels/rtc-sip.md, "Messages outside the caller's turns"). */
export interface LiveCall {
  readonly bot: string;
  /** The caller's number: the customer id of the call's session. */
  readonly caller: string;
  /** The call's session, once its first turn committed. */
  sessionId?: string;
  /** Says a message committed outside the caller's turns on the call; resolves once it has been said. */
  deliver(message: OutboundMessage): Promise<void>;
  /** What an attendant may do to the call (call-control.ts); absent on calls that cannot be controlled. */
  control?: LiveCallControl;
}

/** An attendant's hands on a live call (docs/attendance/calls.md). */
export interface LiveCallControl {
  /** On: the caller hears the hold music (the bot's `sip-hold-music`, else the soft tone) until off. */
  hold(on: boolean): void;
  readonly held: boolean;
  /** Key presses to the caller: RFC 4733 events when the call agreed telephone-event, else SIP INFO. */
  sendDigits(digits: string): Promise<'rtp' | 'info'>;
  /** BYE. */
  hangUp(): Promise<void>;
  /**
   * Asks the trunk to call `number` (E.164) itself (REFER, RFC 3515) when its Allow does not rule
   * REFER out: 'accepted' (202: our leg is then hung up), 'refused' (REFER not allowed or answered
   * with an error), or 'ended' (the call is already over).
   */
  refer(number: string): Promise<'accepted' | 'refused' | 'ended'>;
}

/** The calls of this instance that messages can be spoken on. */
export interface LiveCalls {
  /** Adds a call; the function returned removes it (the call ended). */
  add(call: LiveCall): () => void;
  /**
   * The call a message is for: the one of its session, else a call from its addressee whose first
   * turn has not come back yet (a number routed straight to a queue is told its place at once).
   */
  find(message: Pick<OutboundMessage, 'session_id' | 'to'>): LiveCall | undefined;
  /** The call of a session, once its first turn has come back. */
  ofSession(sessionId: string): LiveCall | undefined;
}

export function createLiveCalls(): LiveCalls {
  const calls = new Set<LiveCall>();
  return {
    add(call) {
      calls.add(call);
      return () => calls.delete(call);
    },
    find({ session_id: sessionId, to }) {
      let starting: LiveCall | undefined;
      for (const call of calls) {
        if (call.sessionId === sessionId) return call;
        if (call.sessionId === undefined && call.caller === to) starting = call;
      }
      return starting;
    },
    ofSession(sessionId) {
      for (const call of calls) if (call.sessionId === sessionId) return call;
      return undefined;
    },
  };
}
