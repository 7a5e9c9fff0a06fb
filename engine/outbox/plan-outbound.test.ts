import type { ChannelAdapter } from '../channel-contract.js';
import type { Channel } from '../messages.js';
import { planOutbound } from './plan-outbound.js';

// How each kind of channel's messages are stored before any delivery (docs/architecture.md, "Channels").

const adapter = (channel: Channel, delivery?: ChannelAdapter['delivery']): ChannelAdapter => ({
  channel, ...(delivery ? { delivery } : {}), verify: () => true, parse: () => [], send: async () => ({}),
});
const channels = new Map<string, ChannelAdapter>([
  ['web', adapter('web', 'inline')], ['rtc_sip', adapter('rtc_sip', 'turns')], ['sms', adapter('sms')],
]);
const draft = (channel: Channel) => [{ message: { session_id: 's-1', channel, to: '+15550199', text: 'Hello', from: 'bot' as const }, toCustomer: true }];
const kindOf = (channel: Channel, replyTo: string | null) => planOutbound(channels, 'bot-1', draft(channel), replyTo).map((p) => p.write.delivery.kind);

test('a channel that delivers inline stores every message delivered; a provider channel puts every one in the outbox', () => {
  expect([kindOf('web', 'in-1'), kindOf('web', null)]).toEqual([['inline'], ['inline']]);
  expect([kindOf('sms', 'in-1'), kindOf('sms', null)]).toEqual([['outbox'], ['outbox']]);
});

test('a channel that hands out its customer\'s turns (a phone call) gets the rest through the outbox', () => {
  // The reply of the caller's own turn is spoken by the call; an attendant's line or a WAIT's TALK is sent to it.
  expect(kindOf('rtc_sip', 'in-1')).toEqual(['inline']);
  expect(kindOf('rtc_sip', null)).toEqual(['outbox']);
});

test('what the channel carried itself (a phone call\'s transcript of what was said on it) is stored delivered, with no outbox row', () => {
  expect(planOutbound(channels, 'bot-1', draft('rtc_sip'), null, true).map((p) => p.write.delivery.kind)).toEqual(['inline']);
});
