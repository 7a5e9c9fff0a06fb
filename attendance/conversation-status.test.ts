import { ConflictError, ValidationError } from '../infra/errors.js';
import { CONVERSATION_ACTIONS, transition, type ConversationAction, type ConversationStatus } from './conversation-status.js';

type From = ConversationStatus | 'none';
const at = new Date('2026-01-01T10:00:00Z');
const ctx = { session_id: 's1', at, attendant_id: 'u1' };

// Every permitted move: [from, action, next, event]. Anything not listed must be refused.
const ALLOWED: [From, ConversationAction, ConversationStatus, string][] = [
  ['none', 'transfer', 'waiting', 'conversation.queued'],
  ['resolved', 'transfer', 'waiting', 'conversation.queued'],
  ['waiting', 'assign', 'assigned', 'conversation.assigned'],
  ['waiting', 'accept', 'active', 'conversation.accepted'],
  ['assigned', 'accept', 'active', 'conversation.accepted'],
  ['active', 'attendant_replied', 'pending', 'conversation.answered'],
  ['pending', 'customer_replied', 'active', 'conversation.resumed'],
  ['assigned', 'resolve', 'resolved', 'conversation.resolved'],
  ['active', 'resolve', 'resolved', 'conversation.resolved'],
  ['pending', 'resolve', 'resolved', 'conversation.resolved'],
  ['assigned', 'requeue', 'waiting', 'conversation.requeued'],
  ['active', 'requeue', 'waiting', 'conversation.requeued'],
  ['pending', 'requeue', 'waiting', 'conversation.requeued'],
  ['assigned', 'transfer_to_attendant', 'assigned', 'conversation.transferred'],
  ['active', 'transfer_to_attendant', 'assigned', 'conversation.transferred'],
  ['pending', 'transfer_to_attendant', 'assigned', 'conversation.transferred'],
  ['waiting', 'customer_left', 'resolved', 'conversation.resolved'],
  ['assigned', 'customer_left', 'resolved', 'conversation.resolved'],
  ['active', 'customer_left', 'resolved', 'conversation.resolved'],
  ['pending', 'customer_left', 'resolved', 'conversation.resolved'],
  ['waiting', 'release', 'resolved', 'conversation.resolved'],
];
const FROMS: From[] = ['none', 'waiting', 'assigned', 'active', 'pending', 'resolved'];
const REFUSED = FROMS.flatMap((from) =>
  CONVERSATION_ACTIONS.filter((action) => !ALLOWED.some(([f, a]) => f === from && a === action)).map(
    (action) => [from, action] as const,
  ),
);

describe('conversation transition table', () => {
  test.each(ALLOWED)('%s --%s--> %s emits %s', (from, action, next, event) => {
    const result = transition(from, action, ctx);
    expect(result.next).toBe(next);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({ name: event, payload: { session_id: 's1', from, to: next, at: at.toISOString() } });
  });

  test.each(REFUSED)('%s --%s--> refused with invalid_transition', (from, action) => {
    expect(() => transition(from, action, ctx)).toThrow(ConflictError);
    try {
      transition(from, action, ctx);
    } catch (error) {
      expect((error as ConflictError).code).toBe('invalid_transition');
    }
  });

  test('the refused list covers the rest of the 6 × 8 grid', () => {
    expect(ALLOWED.length + REFUSED.length).toBe(FROMS.length * CONVERSATION_ACTIONS.length);
  });

  test('payloads carry the attendant, queue, priority and reason', () => {
    expect(transition('none', 'transfer', { session_id: 's1', at, queue_id: 'q1', priority: 2, reason: 'angry' }).events[0])
      .toEqual({ name: 'conversation.queued', payload: { session_id: 's1', from: 'none', to: 'waiting', at: at.toISOString(), queue_id: 'q1', priority: 2, reason: 'angry' } });
    expect(transition('waiting', 'assign', { ...ctx, queue_id: 'q1' }).events[0]?.payload).toMatchObject({ attendant_id: 'u1', queue_id: 'q1' });
    expect(transition('active', 'transfer_to_attendant', { ...ctx, attendant_id: 'u2', assigned_to: 'u1', actor_id: 'u1' }).events[0]?.payload)
      .toMatchObject({ attendant_id: 'u2', previous_attendant_id: 'u1', actor_id: 'u1' });
    expect(transition('active', 'resolve', { session_id: 's1', at, assigned_to: 'u1' }).events[0]?.payload).toMatchObject({ attendant_id: 'u1' });
    const queued = transition('none', 'transfer', { session_id: 's1', at }).events[0]?.payload;
    expect(Object.keys(queued ?? {})).toEqual(['session_id', 'from', 'to', 'at']);
  });

  test.each(['assign', 'accept', 'transfer_to_attendant'] as const)('%s without an attendant is a validation error', (action) => {
    const from = action === 'transfer_to_attendant' ? 'active' : 'waiting';
    expect(() => transition(from, action, { session_id: 's1', at })).toThrow(ValidationError);
  });

  test('accepting a conversation assigned to someone else is already_assigned; the assignee may accept', () => {
    expect(() => transition('assigned', 'accept', { ...ctx, attendant_id: 'u2', assigned_to: 'u1' })).toThrow(
      expect.objectContaining({ code: 'already_assigned', details: { assigned_to: 'u1' } }),
    );
    expect(transition('assigned', 'accept', { ...ctx, assigned_to: 'u1' }).next).toBe('active');
  });
});
