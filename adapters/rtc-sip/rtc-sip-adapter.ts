import type { ChannelAdapter } from '../../engine/index.js';

/**
 * The rtc_sip channel in the one map of adapters: calls arrive over SIP, not webhooks (so its
 * webhook door stays shut), and a call speaks the replies of its own turns as they come back
 * (voice-call.ts), so the engine stores them as delivered with the turn. A message committed
 * outside the caller's turns (an attendant's, a WAIT's) is kept in the transcript and not spoken
 * in this step (docs/channels/rtc-sip.md, "What a call does not do yet").
 */
export function createRtcSipAdapter(options: { isEnabled(bot: string): boolean }): ChannelAdapter {
  return {
    channel: 'rtc_sip',
    delivery: 'inline',
    isEnabled: options.isEnabled,
    verify: () => false,
    parse: () => [],
    send: async () => ({}),
  };
}
