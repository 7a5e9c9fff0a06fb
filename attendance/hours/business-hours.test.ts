import { addBusinessSeconds, businessSecondsBetween, isOpen, isTimeZone, nextOpening, type BusinessHours } from './business-hours.js';

// Lisbon: UTC+0 in winter, UTC+1 in summer (clocks go forward on 2026-03-29 at 01:00 UTC).
const weekdays = [{ open: '09:00', close: '12:00' }, { open: '13:00', close: '18:00' }];
const lisbon: BusinessHours = {
  time_zone: 'Europe/Lisbon',
  weekly: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays },
  holidays: ['2026-12-25'],
};
const at = (iso: string) => new Date(iso);

describe('business hours', () => {
  test.each([
    ['2026-01-05T09:30:00Z', true], // Monday morning
    ['2026-01-05T12:30:00Z', false], // lunch
    ['2026-01-05T18:00:00Z', false], // closing time is closed
    ['2026-01-10T10:00:00Z', false], // Saturday
    ['2026-12-25T10:00:00Z', false], // a Friday holiday
    ['2026-07-06T08:30:00Z', true], // Monday 09:30 summer time
    ['2026-07-06T17:30:00Z', false], // 18:30 summer time
  ])('open at %s: %s', (iso, open) => {
    expect(isOpen(lisbon, at(iso))).toBe(open);
  });

  test('the next opening skips lunch, weekends and holidays', () => {
    expect(nextOpening(lisbon, at('2026-01-05T12:30:00Z'))).toEqual(at('2026-01-05T13:00:00Z'));
    expect(nextOpening(lisbon, at('2026-01-09T18:30:00Z'))).toEqual(at('2026-01-12T09:00:00Z'));
    expect(nextOpening(lisbon, at('2026-12-24T19:00:00Z'))).toEqual(at('2026-12-28T09:00:00Z'));
    expect(nextOpening(lisbon, at('2026-01-05T10:00:00Z'))).toEqual(at('2026-01-05T10:00:00Z'));
  });

  test('business seconds stop while closed', () => {
    // Friday 17:30 + 1 h of business time: 30 min on Friday, 30 min on Monday.
    expect(addBusinessSeconds(lisbon, at('2026-01-09T17:30:00Z'), 3600)).toEqual(at('2026-01-12T09:30:00Z'));
    // Before opening: the clock starts at 09:00.
    expect(addBusinessSeconds(lisbon, at('2026-01-05T07:00:00Z'), 600)).toEqual(at('2026-01-05T09:10:00Z'));
    // Across lunch.
    expect(addBusinessSeconds(lisbon, at('2026-01-05T11:45:00Z'), 1800)).toEqual(at('2026-01-05T13:15:00Z'));
    expect(businessSecondsBetween(lisbon, at('2026-01-09T17:30:00Z'), at('2026-01-12T09:30:00Z'))).toBe(3600);
  });

  test('the daylight-saving change moves the local opening, not the length of the day', () => {
    // Friday 27 March (UTC+0) 17:00 + 2 h: 1 h Friday, then Monday 30 March opens 09:00 local = 08:00 UTC.
    expect(addBusinessSeconds(lisbon, at('2026-03-27T17:00:00Z'), 7200)).toEqual(at('2026-03-30T09:00:00Z'));
  });

  test('no weekly table is always open but holidays; an empty table never opens', () => {
    const always: BusinessHours = { time_zone: 'UTC', weekly: null, holidays: [] };
    expect(isOpen(always, at('2026-01-10T03:00:00Z'))).toBe(true);
    expect(addBusinessSeconds(always, at('2026-01-10T03:00:00Z'), 60)).toEqual(at('2026-01-10T03:01:00Z'));
    const withHoliday: BusinessHours = { time_zone: 'UTC', weekly: null, holidays: ['2026-01-10'] };
    expect(isOpen(withHoliday, at('2026-01-10T03:00:00Z'))).toBe(false);
    expect(addBusinessSeconds(withHoliday, at('2026-01-09T23:59:00Z'), 120)).toEqual(at('2026-01-11T00:01:00Z'));
    const never: BusinessHours = { time_zone: 'UTC', weekly: {}, holidays: [] };
    expect(nextOpening(never, at('2026-01-10T03:00:00Z'))).toBeUndefined();
    expect(addBusinessSeconds(never, at('2026-01-10T03:00:00Z'), 60)).toBeUndefined();
  });

  test('time zones are checked against the time zone database', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
