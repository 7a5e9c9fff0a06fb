import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import { createRtcSipAdapter } from './rtc-sip-adapter.js';

const message = (text: string): OutboundMessage => ({ session_id: 's1', channel: 'rtc_sip', to: '+15550100', text, from: 'attendant' });

test('a message the call wrote into its own transcript is delivered once without a call to speak it on; any other needs the call', async () => {
  const adapter = createRtcSipAdapter({ isEnabled: () => true });
  adapter.liveCalls.wrote('s1', 'Can you hear me');
  await expect(adapter.send(message('Can you hear me'))).resolves.toEqual({});
  // Written once, answered once: the same words typed later are an ordinary message again.
  await expect(adapter.send(message('Can you hear me'))).rejects.toBeInstanceOf(PermanentDeliveryError);
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
