import { isIPv6 } from 'node:net';
import { sdpWithDirection, type CallMedia, type NegotiatedAudio, type SipCall } from '../../telephony/index.js';
import type { LiveCallControl } from './live-calls.js';

/** SIP INFO key presses last this long (`Duration`, ms), as a short press on a phone. */
const INFO_PRESS_MS = 160;

/**
 * An attendant's hands on one call (docs/attendance/calls.md): hold plays the hold music to the
 * caller (nothing of theirs reaches the call meanwhile) and re-INVITEs the far end with a=sendonly, key presses go as RFC 4733 events when the
 * SDP agreed telephone-event and by SIP INFO otherwise, hang-up is a BYE, and a transfer to a number
 * is a REFER the far end carries out, after which our leg is hung up.
 */
export function liveCallControl(deps: {
  call: SipCall;
  media: Pick<CallMedia, 'sendDigits' | 'holdRelay'>;
  audio: (() => NegotiatedAudio) | undefined;
  /** Starts or stops the hold music. */
  music(on: boolean): void;
  /** Told before we hang up for an attendant, with why the call ends (`hung up by the attendant`, `transferred`). */
  hangingUp(reason: string): void;
  /** A new call to the number, bridged to this one (transfer-leg.ts); absent when none can be placed. */
  bridge?: (number: string) => Promise<'bridged' | 'failed'>;
}): LiveCallControl {
  const { call, bridge } = deps;
  let held = false;
  let over = false;
  /** The last hold's re-INVITE: the next waits for it, so two never cross in the dialog. */
  let renegotiating: Promise<unknown> = Promise.resolve();
  call.onEnded(() => { over = true; });
  return {
    get held() {
      return held;
    },
    async hold(on) {
      held = on;
      deps.music(on);
      deps.media.holdRelay(on);
      // RFC 3264 §8.4: hold is our offer with a=sendonly (the music still flows to the caller), resume a=sendrecv.
      // A far end that refuses it keeps the call as it was; the music is heard all the same.
      const reoffer = renegotiating.then(() => (over ? undefined : call.reoffer(sdpWithDirection(call.localSdp, on ? 'sendonly' : 'sendrecv'))));
      renegotiating = reoffer.catch(() => undefined);
      await renegotiating;
    },
    async sendDigits(digits) {
      if (deps.audio?.().telephoneEventPayloadType !== undefined) {
        deps.media.sendDigits(digits);
        return 'rtp';
      }
      // One INFO per key, each answered before the next, so they arrive in order.
      for (const digit of digits) await call.sendInfo('application/dtmf-relay', `Signal=${digit}\r\nDuration=${INFO_PRESS_MS}\r\n`);
      return 'info';
    },
    async hangUp() {
      deps.hangingUp('hung up by the attendant');
      await call.hangUp();
    },
    async refer(number) {
      if (over) return 'ended';
      if (call.allows('REFER') === false) return 'refused';
      // The trunk that sent (or took) the call is asked to place the new one: the same route, the caller's own line kept.
      const { address, port } = call.remote;
      const host = isIPv6(address) ? `[${address}]` : address;
      const status = await call.refer(`sip:${number}@${host}${port === 5060 ? '' : `:${port}`}`);
      if (status === undefined || status < 200 || status >= 300) return over ? 'ended' : 'refused';
      // Accepted: the far end now calls the target; our leg has nothing more to carry (RFC 5589 §6).
      deps.hangingUp('transferred');
      await call.hangUp();
      return 'accepted';
    },
    ...(bridge ? {
      bridge: async (number: string) => {
        if (over) return 'ended' as const;
        const outcome = await bridge(number);
        if (outcome === 'bridged') deps.hangingUp('transferred'); // the session closes so when the bridged call ends
        return over && outcome === 'failed' ? 'ended' as const : outcome;
      },
    } : {}),
  };
}
