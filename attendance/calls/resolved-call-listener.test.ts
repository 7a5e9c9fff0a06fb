import type { ConversationRow } from '../../db/index.js';
import type { ConversationEvent } from '../conversation-events.js';
import { CALL_EVENTS_TOPIC } from './call-events.js';
import { resolvedCallListener } from './resolved-call-listener.js';

const row = (channel: string) => ({ session_id: 's1', bot_id: 'b1', channel }) as ConversationRow;
const resolved = (reason?: string): ConversationEvent => ({
  name: 'conversation.resolved',
  payload: { session_id: 's1', from: 'active', to: 'resolved', at: '2026-11-28T12:00:00.000Z', actor_id: 'ana', ...(reason ? { reason } : {}) },
});

test('a call\'s conversation resolved by an attendant tells the holder to end the call; its caller leaving, or another channel, does not', async () => {
  const published: unknown[] = [];
  const listener = resolvedCallListener({ bus: { publish: async (topic, message) => { published.push([topic, message]); } } });
  await listener.conversationChanged(row('rtc_sip'), [resolved()]);
  expect(published).toEqual([[CALL_EVENTS_TOPIC, {
    name: 'call.conversation_resolved', payload: { session_id: 's1', bot_id: 'b1', actor_id: 'ana', at: '2026-11-28T12:00:00.000Z' },
  }]]);
  await listener.conversationChanged(row('rtc_sip'), [resolved('customer left')]);
  await listener.conversationChanged(row('web'), [resolved()]);
  expect(published).toHaveLength(1);
});

test('a bus that fails is logged; the resolve stands', async () => {
  const warned: string[] = [];
  const listener = resolvedCallListener({ bus: { publish: async () => { throw new Error('redis away'); } }, logger: { warn: (_o: unknown, m: string) => { warned.push(m); } } as never });
  await expect(listener.conversationChanged(row('rtc_sip'), [resolved()])).resolves.toBeUndefined();
  expect(warned).toEqual(['resolved call: the holder was not told to hang up']);
});
