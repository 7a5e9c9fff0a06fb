import type { AttendantState, QueueCandidate, QueueMemberCandidate } from './select-by-queue.js';
import { matchQueue, selectByQueue, selectMember } from './select-by-queue.js';

const queue = (id: string, over: Partial<QueueCandidate> = {}): QueueCandidate => ({
  id, channels: ['web'], is_active: true, priority_order: 0, auto_assign: true, ...over,
});
const member = (queue_id: string, user_id: string, over: Partial<QueueMemberCandidate> = {}): QueueMemberCandidate => ({
  queue_id, user_id, is_active: true, max_conversations: 5, priority: 0, ...over,
});
const online = (user_id: string, active_conversations = 0): AttendantState => ({ user_id, status: 'online', active_conversations });

describe('queue rule', () => {
  test('matches the active queue listing the channel, lowest priority_order first', () => {
    const queues = [queue('q-sms', { channels: ['sms'] }), queue('q-late', { priority_order: 5 }), queue('q-off', { is_active: false, priority_order: -1 }), queue('q-first', { priority_order: 1 })];
    expect(matchQueue(queues, 'web')?.id).toBe('q-first');
    expect(matchQueue(queues, 'sms')?.id).toBe('q-sms');
    expect(matchQueue(queues, 'social_dm')).toBeUndefined();
  });

  test('a transfer naming a queue (TRANSFER TO HUMAN "support") gets that queue when it serves the channel', () => {
    const queues = [queue('q-general', { name: 'General' }), queue('q-support', { name: 'Support', priority_order: 3 }), queue('q-billing', { name: 'billing', channels: ['sms'] })];
    expect(matchQueue(queues, 'web', ' support ')?.id).toBe('q-support');
    // Unknown, absent or not serving this channel: the channel's rule.
    expect(matchQueue(queues, 'web', 'sales')?.id).toBe('q-general');
    expect(matchQueue(queues, 'web')?.id).toBe('q-general');
    expect(matchQueue(queues, 'web', 'billing')?.id).toBe('q-general');
  });

  test('channel mismatch or only inactive queues → none', () => {
    const input = { members: [member('q1', 'a')], attendants: [online('a')] };
    expect(selectByQueue({ ...input, queues: [queue('q1', { channels: ['sms'] })], channel: 'web' })).toBeUndefined();
    expect(selectByQueue({ ...input, queues: [queue('q1', { is_active: false })], channel: 'web' })).toBeUndefined();
    expect(selectByQueue({ ...input, queues: [queue('q1')], channel: 'web' })).toEqual({ queue_id: 'q1', user_id: 'a' });
  });

  test('auto_assign off → none (the item waits for /take or the attendant-list rule)', () => {
    expect(selectByQueue({ queues: [queue('q1', { auto_assign: false })], members: [member('q1', 'a')], attendants: [online('a')], channel: 'web' })).toBeUndefined();
  });

  test('does not overflow into a lower-ranked queue', () => {
    const queues = [queue('q1'), queue('q2', { priority_order: 1 })];
    expect(selectByQueue({ queues, members: [member('q2', 'b')], attendants: [online('b')], channel: 'web' })).toBeUndefined();
  });

  test('skips inactive members, offline/busy/away attendants, unknown users and full capacity', () => {
    const members = [
      member('q1', 'inactive', { is_active: false }), member('q1', 'busy'), member('q1', 'away'), member('q1', 'offline'),
      member('q1', 'ghost'), member('q1', 'full', { max_conversations: 2 }), member('q2', 'other-queue'), member('q1', 'zed'),
    ];
    const attendants: AttendantState[] = [
      online('inactive'), { user_id: 'busy', status: 'busy', active_conversations: 0 }, { user_id: 'away', status: 'away', active_conversations: 0 },
      { user_id: 'offline', status: 'offline', active_conversations: 0 }, online('full', 2), online('other-queue'), online('zed', 4),
    ];
    expect(selectMember('q1', members, attendants)).toBe('zed');
    expect(selectMember('q1', members.filter((m) => m.user_id !== 'zed'), attendants)).toBeUndefined();
  });

  test('the lowest priority value wins even over a less loaded member', () => {
    const members = [member('q1', 'a', { priority: 2 }), member('q1', 'b', { priority: 1 })];
    expect(selectMember('q1', members, [online('a', 0), online('b', 4)])).toBe('b');
    // b full: the next tier is used.
    expect(selectMember('q1', members, [online('a', 0), online('b', 5)])).toBe('a');
  });

  test('round-robin is fair over several calls and wraps around', () => {
    const members = [member('q1', 'c'), member('q1', 'a'), member('q1', 'b'), member('q1', 'low', { priority: 9 })];
    const attendants = ['a', 'b', 'c', 'low'].map((u) => online(u));
    const picks: string[] = [];
    let last: string | undefined;
    for (let i = 0; i < 7; i++) {
      const chosen = selectByQueue({ queues: [queue('q1')], members, attendants, channel: 'web', lastAssigned: last ? { q1: last } : {} });
      last = chosen?.user_id;
      picks.push(last ?? '-');
    }
    expect(picks).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  test('round-robin continues after a last member who is no longer eligible', () => {
    const members = [member('q1', 'a'), member('q1', 'b'), member('q1', 'c')];
    const attendants = [online('a'), { user_id: 'b', status: 'offline' as const, active_conversations: 0 }, online('c')];
    expect(selectMember('q1', members, attendants, 'b')).toBe('c');
    expect(selectMember('q1', members, attendants, 'c')).toBe('a');
  });
});

describe('queue rule with required skills', () => {
  const skilled = (user_id: string, skills: { name: string; level: number }[], active_conversations = 0): AttendantState => ({
    user_id, status: 'online', active_conversations, skills,
  });
  const members = ['ana', 'bob', 'cid', 'dee'].map((u) => member('q1', u));
  const pick = (attendants: AttendantState[], required = [{ name: 'spanish', min_level: 3 }], lastAssigned?: Record<string, string>) =>
    selectByQueue({ queues: [queue('q1')], members, attendants, channel: 'web', required, ...(lastAssigned ? { lastAssigned } : {}) })?.user_id;

  test('only members with every skill at its minimum; none → undefined (the conversation waits)', () => {
    expect(pick([skilled('ana', [{ name: 'spanish', level: 2 }]), skilled('bob', [])])).toBeUndefined();
    expect(pick([skilled('ana', [{ name: 'spanish', level: 2 }]), skilled('bob', [{ name: 'Spanish', level: 3 }], 4)])).toBe('bob');
  });

  test('highest level first, then the least loaded, then priority; round-robin does not apply', () => {
    const attendants = [
      skilled('ana', [{ name: 'spanish', level: 3 }], 0),
      skilled('bob', [{ name: 'spanish', level: 5 }], 3),
      skilled('cid', [{ name: 'spanish', level: 5 }], 1),
      skilled('dee', [{ name: 'spanish', level: 4 }], 0),
    ];
    expect(pick(attendants)).toBe('cid');
    expect(pick(attendants, undefined, { q1: 'cid' })).toBe('cid');
    // Equal level and load: the member's priority.
    const tied = [skilled('ana', [{ name: 'spanish', level: 4 }]), skilled('bob', [{ name: 'spanish', level: 4 }])];
    expect(selectByQueue({
      queues: [queue('q1')], members: [member('q1', 'ana', { priority: 2 }), member('q1', 'bob', { priority: 1 })], attendants: tied, channel: 'web',
      required: [{ name: 'spanish', min_level: 1 }],
    })?.user_id).toBe('bob');
  });

  test('several skills: the sum of the levels ranks', () => {
    const required = [{ name: 'spanish', min_level: 1 }, { name: 'billing', min_level: 1 }];
    const attendants = [
      skilled('ana', [{ name: 'spanish', level: 5 }, { name: 'billing', level: 1 }]),
      skilled('bob', [{ name: 'spanish', level: 3 }, { name: 'billing', level: 4 }]),
      skilled('cid', [{ name: 'spanish', level: 5 }]),
    ];
    expect(pick(attendants, required)).toBe('bob');
  });

  test('capacity and presence still apply to the skilled', () => {
    const attendants = [{ ...skilled('ana', [{ name: 'spanish', level: 5 }]), status: 'away' as const }, skilled('bob', [{ name: 'spanish', level: 5 }], 5), skilled('cid', [{ name: 'spanish', level: 3 }], 4)];
    expect(pick(attendants)).toBe('cid');
  });
});
