import { defaultBotConfig, type BotConfig } from '../config/index.js';
import type { OutboundMessage, SessionSnapshot } from '../engine/index.js';
import { conversation, fakeConversations, fakeRepositories } from '../test/support/attendance-fakes.js';
import { QUEUE_FULL_MESSAGE, queueConversation, queueMessage } from './queue-conversation.js';

// Queueing on in-memory repositories: the first message of a cycle makes a waiting item and tells
// the customer where they stand; a full queue refuses; later messages only refresh the item.

const config: BotConfig = { ...defaultBotConfig(), 'attendance-auto-assign': false, 'attendance-queue-size': 2, 'attendance-max-wait-seconds': 300 };
const session = (id: string, context: Record<string, unknown> = {}): SessionSnapshot => ({
  id, bot_id: 'bot-1', user_id: `u-${id}`, channel: 'web', external_user_id: `visitor-${id}`, needs_human: true, context_data: context,
});
const inbound = (text: string) => ({ channel: 'web' as const, bot: 'bot-1', customer: { external_id: 'v' }, text, attachments: [], received_at: new Date(), raw: null });

function setup(rows = [] as ReturnType<typeof conversation>[]) {
  const sent: OutboundMessage[] = [];
  const log: string[] = [];
  const conversations = fakeConversations(rows, {}, (type) => log.push(type));
  const repos = fakeRepositories({
    conversations,
    queues: { list: async () => [] },
    events: { append: async (event) => { log.push(event.type); return undefined as never; } },
  });
  const deps = {
    repos, config: () => config, now: () => new Date('2026-01-01T12:00:00Z'),
    notify: async (messages: OutboundMessage[]) => { sent.push(...messages); },
  };
  return { conversations, sent, log, deps };
}

test('the first message makes a waiting item with the context priority and tells the customer the position', async () => {
  // High priority goes ahead of the normal item already waiting.
  const { conversations, sent, log, deps } = setup([conversation('other', { status: 'waiting' })]);
  const result = await queueConversation(deps, { session: session('s-1', { priority: 'high', department: 'billing' }), inbound: inbound('help') });
  expect(result).toMatchObject({ kind: 'queued', position: 1, estimated_wait_seconds: 300, assigned_to: null });
  expect(conversations.rows.get('s-1')).toMatchObject({ status: 'waiting', priority: 2, topic: 'billing', last_message: 'help' });
  expect(sent).toEqual([{ session_id: 's-1', channel: 'web', to: 'visitor-s-1', from: 'system', text: queueMessage(1, 300) }]);
  expect(log).toEqual(['queued']);
});

test('a full queue stores nothing and tells the customer no one can take the conversation now', async () => {
  const { conversations, sent, deps } = setup([conversation('a'), conversation('b')]);
  const result = await queueConversation(deps, { session: session('s-1'), inbound: inbound('help') });
  expect(result).toEqual({ kind: 'queue_full', size: 2 });
  expect(conversations.rows.has('s-1')).toBe(false);
  expect(sent.map((m) => m.text)).toEqual([QUEUE_FULL_MESSAGE]);
});

test('a message on a pending item refreshes it and makes it active again, without a new notice', async () => {
  const { conversations, sent, log, deps } = setup([conversation('s-1', { status: 'pending', assigned_to: 'ann-id' })]);
  const result = await queueConversation(deps, { session: session('s-1'), inbound: inbound('still there?') });
  expect(result).toMatchObject({ kind: 'updated', item: { status: 'active', last_message: 'still there?' } });
  expect(conversations.rows.get('s-1')).toMatchObject({ status: 'active', last_message: 'still there?' });
  expect(sent).toEqual([]);
  expect(log).toEqual(['customer_message']);
});
