import {
  attendantAddress, customerAddress, isEmailAddress, managerAddresses, supervisorAddresses, uniqueAddresses, waitingAudience,
  type StaffUser,
} from './email-recipients.js';
import { stillUnattended } from './still-unattended.js';

const user = (email: string, roles: string[], extra: Partial<StaffUser> = {}): StaffUser => ({ email, roles, is_admin: false, is_active: true, ...extra });
const staff: StaffUser[] = [
  user('root@example.test', [], { is_admin: true }),
  user('sue@example.test', ['supervisor']),
  user('Sue@Example.test', ['supervisor']),
  user('ana@example.test', ['attendant']),
  user('old@example.test', ['supervisor'], { is_active: false }),
  user('boss@example.test', ['admin']),
];

describe('attendance email recipients', () => {
  test('an attendant is mailed at their profile address, else their account address', () => {
    expect(attendantAddress('desk-ana@example.test', 'ana@example.test')).toBe('desk-ana@example.test');
    expect(attendantAddress(null, 'ana@example.test')).toBe('ana@example.test');
    expect(attendantAddress('not an address', 'ana@example.test')).toBe('ana@example.test');
    expect(attendantAddress(undefined, '')).toBeUndefined();
  });

  test('queue alerts go to active supervisors plus the configured recipient when it is an address', () => {
    expect(supervisorAddresses(staff)).toEqual(['sue@example.test']);
    expect(supervisorAddresses(staff, 'manager@example.test')).toEqual(['sue@example.test', 'manager@example.test']);
    expect(supervisorAddresses(staff, 'supervisor')).toEqual(['sue@example.test']);
  });

  test('SLA breaches go to the configured address, else to active admins and supervisors', () => {
    expect(managerAddresses(staff, 'manager@example.test')).toEqual(['manager@example.test']);
    expect(managerAddresses(staff, 'manager')).toEqual(['root@example.test', 'sue@example.test', 'boss@example.test']);
    expect(managerAddresses(staff)).toEqual(['root@example.test', 'sue@example.test', 'boss@example.test']);
  });

  test('the customer is mailed at the CRM contact address, else the session context email, else not at all', () => {
    expect(customerAddress('crm@example.test', { email: 'ctx@example.test' })).toBe('crm@example.test');
    expect(customerAddress(null, { email: 'ctx@example.test' })).toBe('ctx@example.test');
    expect(customerAddress(null, { email: '' })).toBeUndefined();
    expect(customerAddress(undefined, {})).toBeUndefined();
  });

  test('nobody assigned: the queue members, else online attendants of the channel', () => {
    const profiles = [
      { user_id: 'a', status: 'online', channel: 'all' },
      { user_id: 'b', status: 'online', channel: 'sms' },
      { user_id: 'c', status: 'away', channel: 'web' },
      { user_id: 'd', status: 'online', channel: 'web' },
    ];
    expect(waitingAudience({ profiles, channel: 'web' })).toEqual(['a', 'd']);
    expect(waitingAudience({ profiles, channel: 'web', queueMembers: [{ user_id: 'x', is_active: true }, { user_id: 'y', is_active: false }] }))
      .toEqual(['x']);
  });

  test('addresses are checked and deduplicated case-insensitively', () => {
    expect(isEmailAddress('a@example.test')).toBe(true);
    expect(isEmailAddress('supervisor')).toBe(false);
    expect(isEmailAddress(42)).toBe(false);
    expect(uniqueAddresses(['a@example.test', 'A@EXAMPLE.test', null, 'nope', 'b@example.test'])).toEqual(['a@example.test', 'b@example.test']);
  });

  test('a delayed check only fires for the same, still unaccepted waiting cycle', () => {
    const since = new Date('2026-01-01T10:00:00Z');
    expect(stillUnattended({ status: 'waiting', waiting_since: since }, since.getTime())).toBe(true);
    expect(stillUnattended({ status: 'assigned', waiting_since: since }, since.getTime())).toBe(true);
    expect(stillUnattended({ status: 'active', waiting_since: since }, since.getTime())).toBe(false);
    expect(stillUnattended({ status: 'resolved', waiting_since: since }, since.getTime())).toBe(false);
    expect(stillUnattended({ status: 'waiting', waiting_since: new Date(since.getTime() + 1) }, since.getTime())).toBe(false);
  });
});
