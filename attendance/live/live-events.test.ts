import { transition, type ConversationAction, type TransitionContext } from '../conversation-status.js';
import {
  conversationDeliveries, customerMessageDelivery, eligibleAttendants, factsNeeded, isRecipient,
  type LiveConversation, type LiveFacts,
} from './live-events.js';

const SESSION = '5a0c1d9e-1111-4222-8333-444455556666';
const BOT = 'b0b0b0b0-0000-4000-8000-000000000001';
const QUEUE = 'q0q0q0q0-0000-4000-8000-000000000002';
const at = new Date('2026-03-10T12:00:00.000Z');

const conversation = (over: Partial<LiveConversation> = {}): LiveConversation => ({
  session_id: SESSION, bot_id: BOT, channel: 'web', status: 'waiting', assigned_to: null, queue_id: QUEUE, priority: 1,
  last_message: 'I need a human', ...over,
});

/** The events the real transition table emits, so the mapping is tested against what it will get. */
const eventsOf = (from: Parameters<typeof transition>[0], action: ConversationAction, ctx: Partial<TransitionContext> = {}) =>
  transition(from, action, { session_id: SESSION, at, ...ctx }).events;

describe('conversationDeliveries', () => {
  test('queued: new_conversation with the customer, channel, transfer fields and required skills to the eligible attendants and supervisors, then queue_updated to everyone', () => {
    const events = eventsOf('none', 'transfer', { queue_id: QUEUE, priority: 2 });
    expect(factsNeeded(events)).toEqual({ customer: true, eligible: true, names: [], waiting: true, skills: true });
    const facts: LiveFacts = {
      conversation: conversation(), customer: { name: 'Maria Silva', phone: '+5511999990000' }, eligible: ['ana', 'bob', 'ana'], waiting: 3,
      requiredSkills: [{ name: 'spanish', min_level: 3 }],
    };
    expect(conversationDeliveries(facts, events)).toEqual([
      {
        recipients: { user_ids: ['ana', 'bob'], supervisors: true },
        frame: {
          type: 'new_conversation', session_id: SESSION, channel: 'web', customer: { name: 'Maria Silva', phone: '+5511999990000' },
          message: 'I need a human', priority: 2, queue_id: QUEUE, required_skills: [{ name: 'spanish', min_level: 3 }],
        },
      },
      { recipients: { everyone: true }, frame: { type: 'queue_updated', bot_id: BOT, waiting: 3 } },
    ]);
  });

  test.each([
    ['waiting', 'assign', 'assigned'],
    ['assigned', 'accept', 'active'],
    ['waiting', 'accept', 'active'],
  ] as const)('%s → %s: conversation_assigned (status %s) to the holder and supervisors, and queue_updated', (from, action, status) => {
    const events = eventsOf(from, action, { attendant_id: 'ana', assigned_to: 'ana' });
    expect(factsNeeded(events)).toEqual({ customer: false, eligible: false, names: ['ana'], waiting: true, skills: false });
    const deliveries = conversationDeliveries({ conversation: conversation({ status, assigned_to: 'ana' }), names: { ana: 'Ana' }, waiting: 0 }, events);
    expect(deliveries).toEqual([
      {
        recipients: { user_ids: ['ana'], supervisors: true },
        frame: { type: 'conversation_assigned', session_id: SESSION, attendant_id: 'ana', attendant_name: 'Ana', status },
      },
      { recipients: { everyone: true }, frame: { type: 'queue_updated', bot_id: BOT, waiting: 0 } },
    ]);
  });

  test('transferred: the new and the previous holder both hear of it; the waiting count did not change', () => {
    const events = eventsOf('active', 'transfer_to_attendant', { attendant_id: 'bob', assigned_to: 'ana', reason: 'sales' });
    expect(factsNeeded(events)).toEqual({ customer: false, eligible: false, names: ['bob'], waiting: false, skills: false });
    expect(conversationDeliveries({ conversation: conversation({ status: 'assigned', assigned_to: 'bob' }), names: { bob: 'Bob' } }, events)).toEqual([{
      recipients: { user_ids: ['bob', 'ana'], supervisors: true },
      frame: {
        type: 'conversation_assigned', session_id: SESSION, attendant_id: 'bob', attendant_name: 'Bob', status: 'assigned',
        previous_attendant_id: 'ana',
      },
    }]);
  });

  test('resolved: conversation_resolved to the holder and supervisors, and queue_updated', () => {
    const events = eventsOf('pending', 'resolve', { assigned_to: 'ana' });
    const deliveries = conversationDeliveries({ conversation: conversation({ status: 'resolved', assigned_to: 'ana' }), waiting: 1 }, events);
    expect(deliveries).toEqual([
      { recipients: { user_ids: ['ana'], supervisors: true }, frame: { type: 'conversation_resolved', session_id: SESSION, attendant_id: 'ana' } },
      { recipients: { everyone: true }, frame: { type: 'queue_updated', bot_id: BOT, waiting: 1 } },
    ]);
  });

  test.each([
    ['active', 'attendant_replied', 'pending'],
    ['pending', 'customer_replied', 'active'],
  ] as const)('%s → %s: conversation_updated (%s) to the holder only, no queue_updated', (from, action, status) => {
    const events = eventsOf(from, action);
    expect(factsNeeded(events)).toEqual({ customer: false, eligible: false, names: [], waiting: false, skills: false });
    expect(conversationDeliveries({ conversation: conversation({ status, assigned_to: 'ana' }) }, events)).toEqual([
      { recipients: { user_ids: ['ana'], supervisors: true }, frame: { type: 'conversation_updated', session_id: SESSION, status } },
    ]);
  });

  test('requeued: the previous holder and the eligible attendants see it waiting again', () => {
    const events = eventsOf('active', 'requeue', { assigned_to: 'ana' });
    expect(factsNeeded(events).eligible).toBe(true);
    const deliveries = conversationDeliveries({ conversation: conversation({ status: 'waiting' }), eligible: ['bob'], waiting: 2 }, events);
    expect(deliveries).toEqual([
      { recipients: { user_ids: ['ana', 'bob'], supervisors: true }, frame: { type: 'conversation_updated', session_id: SESSION, status: 'waiting' } },
      { recipients: { everyone: true }, frame: { type: 'queue_updated', bot_id: BOT, waiting: 2 } },
    ]);
  });

  test('a fact the events need but the listener did not look up is a bug, not a silent omission', () => {
    expect(() => conversationDeliveries({ conversation: conversation(), eligible: [] }, eventsOf('none', 'transfer'))).toThrow(/customer/);
  });
});

describe('customerMessageDelivery', () => {
  test('goes to the holder of a held conversation', () => {
    expect(customerMessageDelivery({ conversation: conversation({ status: 'pending', assigned_to: 'ana' }) }, 'still there?')).toEqual({
      recipients: { user_ids: ['ana'], supervisors: true },
      frame: { type: 'customer_message', session_id: SESSION, channel: 'web', text: 'still there?', status: 'pending' },
    });
  });

  test('goes to the eligible online attendants while it waits', () => {
    expect(customerMessageDelivery({ conversation: conversation(), eligible: ['ana', 'bob'] }, 'hello?').recipients)
      .toEqual({ user_ids: ['ana', 'bob'], supervisors: true });
  });
});

describe('eligibleAttendants', () => {
  const attendants = [
    { user_id: 'ana', status: 'online', channel: 'all' },
    { user_id: 'bob', status: 'online', channel: 'web' },
    { user_id: 'cid', status: 'online', channel: 'sms' },
    { user_id: 'dee', status: 'away', channel: 'all' },
    { user_id: 'eve', status: 'offline', channel: 'web' },
  ] as const;

  test('without a queue: online attendants whose channel is all or the conversation\'s', () => {
    expect(eligibleAttendants({ queue_id: null, channel: 'Web' }, attendants)).toEqual(['ana', 'bob']);
  });

  test('with a queue: its active members who are online, whatever their profile channel', () => {
    const members = [
      { user_id: 'cid', is_active: true }, { user_id: 'bob', is_active: false }, { user_id: 'dee', is_active: true },
    ];
    expect(eligibleAttendants({ queue_id: QUEUE, channel: 'web' }, attendants, members)).toEqual(['cid']);
  });

  test('with an open queue (no active member yet): as without a queue', () => {
    expect(eligibleAttendants({ queue_id: QUEUE, channel: 'web' }, attendants, [{ user_id: 'cid', is_active: false }])).toEqual(['ana', 'bob']);
    expect(eligibleAttendants({ queue_id: QUEUE, channel: 'web' }, attendants, [])).toEqual(['ana', 'bob']);
  });
});

describe('isRecipient', () => {
  const ana = { user_id: 'ana', roles: ['attendant'] };
  const sue = { user_id: 'sue', roles: ['supervisor'] };
  const root = { user_id: 'root', roles: ['admin'] };

  test('names, supervisors and admins, everyone', () => {
    expect(isRecipient({ user_ids: ['ana'], supervisors: false }, ana)).toBe(true);
    expect(isRecipient({ user_ids: ['bob'], supervisors: true }, ana)).toBe(false);
    expect(isRecipient({ user_ids: [], supervisors: true }, sue)).toBe(true);
    expect(isRecipient({ user_ids: [], supervisors: true }, root)).toBe(true);
    expect(isRecipient({ user_ids: [], supervisors: false }, sue)).toBe(false);
    expect(isRecipient({ everyone: true }, ana)).toBe(true);
  });
});
