import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import { createRtcSipAdapter } from './rtc-sip-adapter.js';

const message = (text: string): OutboundMessage => ({ session_id: 's1', channel: 'rtc_sip', to: '+15550100', text, from: 'attendant' });

test('a message from outside the caller\'s turns needs the call: without one here, it fails for good', async () => {
  const adapter = createRtcSipAdapter({ isEnabled: () => true });
  // What a call writes into its own transcript never comes here: it is stored as delivered (engine send's handedOut).
  await expect(adapter.send(message('Typed by the attendant'))).rejects.toBeInstanceOf(PermanentDeliveryError);
});

test('the bots\' outbound calls are served once the channel listens, and no longer after it stops', () => {
  const adapter = createRtcSipAdapter({ isEnabled: () => true });
  expect(adapter.outboundCalls()).toBeUndefined();
  const calls = { start: async () => { throw new Error('unused'); } } as unknown as Parameters<typeof adapter.serveOutboundCalls>[0];
  adapter.serveOutboundCalls(calls);
  expect(adapter.outboundCalls()).toBe(calls);
  adapter.serveOutboundCalls(undefined);
  expect(adapter.outboundCalls()).toBeUndefined();
});
