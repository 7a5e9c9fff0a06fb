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
  /**
   * REFER to `number` (E.164) through the call's own dialog; when the far end will not, a new call
   * to the number bridged to this one (`bridge`); 409 `transfer_refused` when neither works.
   */
  transferToNumber(sessionId: string, number: string): Promise<{ via: 'refer' | 'bridge' }>;
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
      const { control } = live(sessionId);
      const ended = () => new ConflictError('The call ended before it could be transferred', 'no_live_call');
      const outcome = await control.refer(number);
      if (outcome === 'ended') throw ended();
      if (outcome === 'accepted') return { via: 'refer' };
      if (!control.bridge) throw new ConflictError('The far end did not accept the transfer (REFER)', 'transfer_refused');
      const bridged = await control.bridge(number);
      if (bridged === 'ended') throw ended();
      if (bridged === 'failed') throw new ConflictError('The far end did not accept the transfer (REFER), and the call to the number was not answered', 'transfer_refused');
      return { via: 'bridge' };
    },
  };
}
