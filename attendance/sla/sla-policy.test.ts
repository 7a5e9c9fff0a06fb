import { pickPolicy } from './sla-policy.js';

const policies = [
  { id: 'all', queue_id: null, tier: null },
  { id: 'gold', queue_id: null, tier: 'gold' },
  { id: 'q1', queue_id: 'q1', tier: null },
  { id: 'q1-gold', queue_id: 'q1', tier: 'gold' },
];

describe('SLA policy precedence', () => {
  test.each([
    ['q1', 'gold', 'q1-gold'],
    ['q1', 'standard', 'q1'],
    ['q2', 'gold', 'gold'],
    ['q2', null, 'all'],
    [null, null, 'all'],
  ])('queue %s, tier %s → %s', (queue, tier, id) => {
    expect(pickPolicy(policies, queue, tier)?.id).toBe(id);
  });

  test('no policy applies', () => {
    expect(pickPolicy([{ id: 'q1', queue_id: 'q1', tier: null }], 'q2', null)).toBeUndefined();
  });
});
