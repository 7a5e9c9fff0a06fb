/**
 * What attendance asks of the live phone calls (docs/attendance/calls.md). Defined here,
 * implemented by the rtc_sip adapter over the calls of its instance, handed in at the composition
 * root (app/call-ports.ts). Every method throws ConflictError `no_live_call` when the session's call
 * is not live on this instance.
 */
import { ConflictError } from '../../infra/errors.js';

export interface CallControlPort {
  /** Whether the conversation's call is live on this instance. */
  isLive(sessionId: string): boolean;
  /** On: the caller hears the hold music until resumed. */
  hold(sessionId: string, on: boolean): Promise<{ held: boolean }>;
  /** Key presses to the far end: RFC 4733 events, or SIP INFO when the call agreed none. */
  sendDigits(sessionId: string, digits: string): Promise<{ via: 'rtp' | 'info' }>;
  /** BYE. */
  hangUp(sessionId: string): Promise<void>;
  /**
   * The caller is sent to `number` (E.164) by a REFER to the trunk, or, when it will not, by a new
   * call to the number bridged to theirs (`via: 'bridge'`); ConflictError `transfer_refused` when neither works.
   */
  transferToNumber(sessionId: string, number: string): Promise<{ via: 'refer' | 'bridge' }>;
  /**
   * Places a call from the bot to `to` (E.164) through its outbound route, allow list and limits
   * (docs/channels/rtc-sip.md, "Outbound calls"); absent when this instance places no calls.
   */
  placeCall?(input: { bot: string; to: string }): Promise<{ call_id: string; to: string; from: string }>;
}

/** The port of a service without phone calls: no conversation has a live call. */
export const NO_CALLS: CallControlPort = {
  isLive: () => false,
  hold: () => noLiveCall(),
  sendDigits: () => noLiveCall(),
  hangUp: () => noLiveCall(),
  transferToNumber: () => noLiveCall(),
};

function noLiveCall(): Promise<never> {
  return Promise.reject(new ConflictError('This conversation has no live phone call', 'no_live_call'));
}
