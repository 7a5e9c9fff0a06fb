import { ConflictError } from '../../infra/errors.js';
import type { LiveCall, LiveCalls } from './live-calls.js';

/**
 * The live calls of this instance as an attendant acts on them, by conversation (session id):
 * attendance's call-control port is this, given at the composition root (app/calls.ts).
 * A conversation whose call is not live here (ended, on another instance, not a call) is a 409
 * `no_live_call`.
 */
export interface RtcSipCallControl {
  /** Whether the session's call is live on this instance. */
  isLive(sessionId: string): boolean;
  hold(sessionId: string, on: boolean): Promise<{ held: boolean }>;
  sendDigits(sessionId: string, digits: string): Promise<{ via: 'rtp' | 'info' }>;
  hangUp(sessionId: string): Promise<void>;
  /** REFER to `number` (E.164) through the call's own dialog; 409 `transfer_refused` when the far end will not. */
  transferToNumber(sessionId: string, number: string): Promise<{ via: 'refer' }>;
}

export function createCallControl(liveCalls: LiveCalls): RtcSipCallControl {
  const live = (sessionId: string) => {
    const call = liveCalls.ofSession(sessionId);
    if (!call?.control) throw new ConflictError('This conversation has no live phone call on this instance', 'no_live_call');
    return call as LiveCall & { control: NonNullable<LiveCall['control']> };
  };
  return {
    isLive: (sessionId) => liveCalls.ofSession(sessionId)?.control !== undefined,
    async hold(sessionId, on) {
      await live(sessionId).control.hold(on);
      return { held: on };
    },
    async sendDigits(sessionId, digits) {
      return { via: await live(sessionId).control.sendDigits(digits) };
    },
    async hangUp(sessionId) {
      await live(sessionId).control.hangUp();
    },
    async transferToNumber(sessionId, number) {
      const outcome = await live(sessionId).control.refer(number);
      if (outcome === 'ended') throw new ConflictError('The call ended before it could be transferred', 'no_live_call');
      if (outcome === 'refused') throw new ConflictError('The far end did not accept the transfer (REFER)', 'transfer_refused');
      return { via: 'refer' };
    },
  };
}
