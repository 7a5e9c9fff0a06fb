import type { OutboundMessage } from '../../engine/index.js';
import type { CallMedia } from '../../telephony/index.js';
import type { CallVideo } from './call-video.js';
import type { AttendedAudioTap } from './transcribe-attended-call.js';

/** A call whose caller waits on hold for a person, as an attendant's leg joins it (attendant-calls.ts). */
export interface WaitingCall {
  readonly media: CallMedia;
  /** When the caller started waiting. */
  readonly since: Date;
  /** An attendant is on the call: the hold music and the queue announcements stop, and the wait no longer ends by itself. */
  attend(): void;
  /** Called once when the call ends, whoever ends it. */
  onEnded(listener: () => void): void;
  /** Called when the call leaves attendants while it goes on (bridged to a number by a transfer). */
  onLeft(listener: () => void): void;
  /** Hears both sides while an attendant is on (the transcript, when `rtc-transcription-enabled`). */
  readonly tap?: AttendedAudioTap;
}

/** A call in progress, as the rtc_sip adapter's `send` reaches it (docs/channels/rtc-sip.md, "Messages outside the caller's turns"). */
export interface LiveCall {
  readonly bot: string;
  /** The caller's number: the customer id of the call's session. */
  readonly caller: string;
  /** The call's SIP Call-ID. */
  readonly callId?: string;
  /** The call's session, once its first turn committed. */
  sessionId?: string;
  /** The caller's video (call-video.ts), relayed to the attendant's browser. */
  readonly video?: CallVideo;
  /** Set while the caller waits on hold for a person (voice-call.ts), so an attendant can join. */
  waiting?: WaitingCall;
  /** Says a message committed outside the caller's turns on the call; resolves once it has been said. */
  deliver(message: OutboundMessage): Promise<void>;
  /**
   * The call's conversation was resolved (docs/attendance/calls.md, "Resolving during a call"):
   * the bot's goodbye, then BYE; the session closes `resolved by the attendant`. Resolves once hung up.
   */
  resolved?(): Promise<void>;
  /** What an attendant may do to the call (call-control.ts); absent on calls that cannot be controlled. */
  control?: LiveCallControl;
}

/** An attendant's hands on a live call (docs/attendance/calls.md). */
export interface LiveCallControl {
  /**
   * On: the caller hears the hold music (the bot's `sip-hold-music`, else the soft tone) until off,
   * an attendant's relayed audio is held back, and the far end gets a re-INVITE with a=sendonly
   * (off: a=sendrecv). Resolves once the re-INVITE is answered (or failed: the hold stands).
   */
  hold(on: boolean): Promise<void>;
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
  /**
   * When the trunk refused the REFER: a new call from the bot to `number` through its outbound
   * route, bridged to this one (transfer-leg.ts); 'failed' when it was not answered. Absent when
   * the channel cannot place calls.
   */
  bridge?(number: string): Promise<'bridged' | 'failed' | 'ended'>;
}

/** Told of each call as it starts, gets its session and ends (call-sharing.ts writes them to the shared registry). */
export interface LiveCallObserver {
  added(call: LiveCall): void;
  identified(call: LiveCall): void;
  removed(call: LiveCall): void;
}

/** The calls of this instance that messages can be spoken on. */
export interface LiveCalls {
  /** Adds a call; the function returned removes it (the call ended). */
  add(call: LiveCall): () => void;
  /** The call's session is known now (`sessionId` set). */
  identified(call: LiveCall): void;
  /**
   * The call a message is for: the one of its session, else a call from its addressee whose first
   * turn has not come back yet (a number routed straight to a queue is told its place at once).
   */
  find(message: Pick<OutboundMessage, 'session_id' | 'to'>): LiveCall | undefined;
  /** The call of a session, when this instance holds it. */
  ofSession(sessionId: string): LiveCall | undefined;
  /** Follows the calls from now on; the function returned stops following. */
  observe(observer: LiveCallObserver): () => void;
}

export function createLiveCalls(): LiveCalls {
  const calls = new Set<LiveCall>();
  const observers = new Set<LiveCallObserver>();
  return {
    add(call) {
      calls.add(call);
      for (const o of observers) o.added(call);
      return () => {
        if (calls.delete(call)) for (const o of observers) o.removed(call);
      };
    },
    identified(call) {
      if (calls.has(call)) for (const o of observers) o.identified(call);
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
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}
