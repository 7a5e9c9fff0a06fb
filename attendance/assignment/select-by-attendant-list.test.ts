import type { AttendantCandidate } from './select-by-attendant-list.js';
import { selectByAttendantList } from './select-by-attendant-list.js';

const att = (id: string, over: Partial<AttendantCandidate> = {}): AttendantCandidate => ({
  id, name: id.toUpperCase(), channel: 'all', status: 'online', active_conversations: 0, ...over,
});
const pick = (attendants: AttendantCandidate[], extra: { topic?: string; target?: string; department?: string; channel?: string } = {}) =>
  selectByAttendantList({ attendants, channel: 'web', ...extra })?.id;

describe('attendant-list rule', () => {
  test('only online attendants with channel all or equal are eligible; none → undefined', () => {
    expect(pick([att('sms', { channel: 'sms' }), att('busy', { status: 'busy' }), att('away', { status: 'away' }), att('off', { status: 'offline' })])).toBeUndefined();
    expect(pick([att('sms', { channel: 'sms' }), att('web', { channel: 'WEB', active_conversations: 3 })])).toBe('web');
    expect(pick([att('sms', { channel: 'sms' })], { channel: 'sms' })).toBe('sms');
    expect(pick([])).toBeUndefined();
  });

  test('the least loaded wins', () => {
    expect(pick([att('a', { active_conversations: 3 }), att('b', { active_conversations: 1 }), att('c', { active_conversations: 2 })])).toBe('b');
  });

  test('an attendant whose preferences equal the topic wins over a less loaded one', () => {
    const list = [att('a', { preferences: 'support' }), att('b', { preferences: 'Sales', active_conversations: 4 }), att('c', { preferences: 'sales', active_conversations: 2 })];
    expect(pick(list, { topic: 'sales' })).toBe('c');
    expect(pick(list, { topic: 'technical' })).toBe('a');
    expect(pick(list)).toBe('a');
    // A matching attendant who is offline does not count.
    expect(pick([att('a'), att('s', { preferences: 'sales', status: 'away' })], { topic: 'sales' })).toBe('a');
  });

  test('a named target (id, name or alias, any case) wins when eligible', () => {
    const list = [att('a'), att('u-7', { name: 'Maria Silva', aliases: ['mari', 'ms'], active_conversations: 4 })];
    expect(pick(list, { target: 'u-7' })).toBe('u-7');
    expect(pick(list, { target: 'maria silva' })).toBe('u-7');
    expect(pick(list, { target: 'MARI' })).toBe('u-7');
    expect(pick(list, { target: 'nobody' })).toBe('a');
  });

  test('a target naming a username reaches that attendant, not the least loaded ("alice" once went to bob)', () => {
    const list = [att('u-bob', { name: 'Bob Brown', username: 'bob' }), att('u-alice', { name: 'Alice Smith', username: 'alice', active_conversations: 2 })];
    expect(pick(list, { target: 'alice' })).toBe('u-alice');
    expect(pick(list, { target: 'Alice Smith' })).toBe('u-alice');
    expect(pick(list, { target: 'bob' })).toBe('u-bob');
  });

  test('a named target who is not eligible falls back to the normal rule', () => {
    expect(pick([att('a'), att('m', { name: 'Maria', status: 'offline' })], { target: 'maria' })).toBe('a');
    expect(pick([att('a'), att('m', { name: 'Maria', channel: 'sms' })], { target: 'maria' })).toBe('a');
  });

  test('a department (explicit or as the target) narrows the pool, falling back when it has nobody eligible', () => {
    const list = [att('a'), att('f1', { department: 'Finance', active_conversations: 3 }), att('f2', { department: 'finance', active_conversations: 2 })];
    expect(pick(list, { department: 'finance' })).toBe('f2');
    expect(pick(list, { target: 'FINANCE' })).toBe('f2');
    expect(pick(list, { department: 'legal' })).toBe('a');
    expect(pick([att('a'), att('f', { department: 'finance', status: 'busy' })], { department: 'finance' })).toBe('a');
  });
});

describe('attendant-list rule with required skills', () => {
  const spanish = (level: number) => [{ name: 'spanish', level }];
  const required = [{ name: 'spanish', min_level: 3 }];
  const pickSkilled = (attendants: AttendantCandidate[], extra: { target?: string; department?: string; topic?: string } = {}) =>
    selectByAttendantList({ attendants, channel: 'web', required, ...extra })?.id;

  test('only the skilled are eligible; with none the answer is undefined, not the least loaded', () => {
    expect(pickSkilled([att('a'), att('b', { skills: spanish(2) })])).toBeUndefined();
    expect(pickSkilled([att('a'), att('b', { skills: spanish(3), active_conversations: 4 })])).toBe('b');
  });

  test('by level, then load', () => {
    const list = [att('a', { skills: spanish(3) }), att('b', { skills: spanish(5), active_conversations: 2 }), att('c', { skills: spanish(5), active_conversations: 1 })];
    expect(pickSkilled(list)).toBe('c');
  });

  test('a named target wins only when skilled; a department narrows among the skilled', () => {
    const list = [att('a', { skills: spanish(4) }), att('m', { name: 'Maria', skills: spanish(1) }), att('f', { department: 'finance', skills: spanish(3), active_conversations: 3 })];
    expect(pickSkilled(list, { target: 'maria' })).toBe('a');
    expect(pickSkilled(list, { department: 'finance' })).toBe('f');
  });
});
