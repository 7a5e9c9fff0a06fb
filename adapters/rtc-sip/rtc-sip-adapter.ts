import { PermanentDeliveryError, type ChannelAdapter } from '../../engine/index.js';
import { createLiveCalls, type LiveCalls } from './live-calls.js';
import type { OutboundCalls } from './outbound-calls.js';
import type { DeliveryRelay } from './relay-deliveries.js';

/** The rtc_sip adapter, with the calls in progress its `send` speaks on. */
export interface RtcSipAdapter extends ChannelAdapter {
  /** Filled by the channel (rtc-sip-channel.ts) as calls are answered and end. */
  readonly liveCalls: LiveCalls;
  /**
   * The calls the bots place, once the phone channel listens (app/calls.ts serves them here when it
   * starts it); undefined before, after it stops, or when no bot has calls. Attendance's `/call back`
   * reaches them through this, since attendance is wired before the channel starts.
   */
  outboundCalls(): OutboundCalls | undefined;
  serveOutboundCalls(calls: OutboundCalls | undefined): void;
  /**
   * With several instances (app/calls.ts): a message whose call is not here is said on the
   * instance holding it (relay-deliveries.ts); undefined, it fails for good.
   */
  relayDeliveries(relay: DeliveryRelay | undefined): void;
}

/**
 * The rtc_sip channel in the one map of adapters: calls arrive over SIP, not webhooks (so its
 * webhook door stays shut). A call speaks the replies of its own turns as they come back
 * (voice-call.ts), so the engine stores those as delivered with the turn (`delivery: 'turns'`); a
 * message committed outside the caller's turns (an attendant's, a WAIT's, the queue notice) comes
 * through `send` and is spoken on the live call. A call on another instance gets it through the
 * relay (the instance holding it says it). When the call is gone it fails for good, as an
 * undeliverable message on any channel does (docs/channels/rtc-sip.md).
 */
export function createRtcSipAdapter(options: { isEnabled(bot: string): boolean }): RtcSipAdapter {
  const liveCalls = createLiveCalls();
  let outbound: OutboundCalls | undefined;
  let relay: DeliveryRelay | undefined;
  return {
    outboundCalls: () => outbound,
    serveOutboundCalls(calls) {
      outbound = calls;
    },
    relayDeliveries(next) {
      relay = next;
    },
    channel: 'rtc_sip',
    delivery: 'turns',
    isEnabled: options.isEnabled,
    verify: () => false,
    parse: () => [],
    async send(message) {
      const call = liveCalls.find(message);
      if (call) {
        await call.deliver(message);
      } else if (relay) {
        await relay.deliver(message);
      } else {
        throw new PermanentDeliveryError('the call has ended');
      }
      return {};
    },
    liveCalls,
  };
}
