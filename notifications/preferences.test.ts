import { decide, DEFAULT_PREFERENCES, mergePreferences } from './preferences.js';
import { nextLocalTime, quietUntil } from './quiet-hours.js';

const at = (iso: string) => new Date(iso);
const quiet = mergePreferences(DEFAULT_PREFERENCES, { timezone: 'America/Sao_Paulo', push: { quiet_hours: { enabled: true, start: '22:00', end: '07:00' } } });
const user = { type: 'user' as const, category: 'updates' as const, require_acknowledgment: false };

describe('quiet hours on a controlled clock', () => {
  it('defers push and sms inside the window, read in the user\'s time zone, to its end', () => {
    // 02:30 UTC is 23:30 in São Paulo (UTC-3): inside 22:00–07:00, which ends at 10:00 UTC.
    expect(decide(quiet, user, 'push', at('2026-03-10T02:30:00Z'))).toEqual({ deferUntil: at('2026-03-10T10:00:00Z') });
    expect(decide(quiet, user, 'sms', at('2026-03-10T09:59:30Z'))).toEqual({ deferUntil: at('2026-03-10T10:00:00Z') });
    expect(decide(quiet, user, 'web', at('2026-03-10T02:30:00Z'))).toEqual({ deferUntil: at('2026-03-10T10:00:00Z') });
  });

  it('sends outside the window, and email and in_app are never held by it', () => {
    expect(decide(quiet, user, 'push', at('2026-03-10T10:00:00Z'))).toEqual({ send: true });
    expect(decide(quiet, user, 'push', at('2026-03-10T20:00:00Z'))).toEqual({ send: true });
    expect(decide(quiet, user, 'email', at('2026-03-10T02:30:00Z'))).toEqual({ send: true });
    expect(decide(quiet, user, 'in_app', at('2026-03-10T02:30:00Z'))).toEqual({ send: true });
  });

  it('lets system notifications that require acknowledgment through', () => {
    expect(decide(quiet, { type: 'system', category: 'system', require_acknowledgment: true }, 'sms', at('2026-03-10T02:30:00Z'))).toEqual({ send: true });
  });

  it('handles windows within one day and empty windows', () => {
    const window = { start: '12:00', end: '14:00', timezone: 'UTC' };
    expect(quietUntil(window, at('2026-03-10T13:15:10.500Z'))).toEqual(at('2026-03-10T14:00:00Z'));
    expect(quietUntil(window, at('2026-03-10T14:00:00Z'))).toBeUndefined();
    expect(quietUntil({ ...window, end: '12:00' }, at('2026-03-10T12:00:00Z'))).toBeUndefined();
  });

  it('finds the next digest time for daily email', () => {
    const daily = mergePreferences(DEFAULT_PREFERENCES, { timezone: 'Europe/Lisbon', email: { frequency: 'daily', digest_time: '09:00' } });
    expect(decide(daily, user, 'email', at('2026-01-10T10:00:00Z'))).toEqual({ deferUntil: at('2026-01-11T09:00:00Z') });
    expect(nextLocalTime('09:00', 'UTC', at('2026-01-10T08:59:00Z'))).toEqual(at('2026-01-10T09:00:00Z'));
  });
});

describe('channel and category choices', () => {
  it('fails disabled channels and categories with a reason', () => {
    const prefs = mergePreferences(DEFAULT_PREFERENCES, { sms: { enabled: false }, categories: { marketing: false } });
    expect(decide(prefs, user, 'sms', at('2026-01-10T10:00:00Z'))).toEqual({ send: false, reason: 'channel_disabled_by_user' });
    expect(decide(prefs, { ...user, category: 'marketing' }, 'email', at('2026-01-10T10:00:00Z'))).toEqual({ send: false, reason: 'category_disabled_by_user' });
  });
});
