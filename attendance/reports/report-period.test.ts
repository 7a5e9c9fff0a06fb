import { isTimeZone, resolvePeriod } from './report-period.js';

// Named periods are calendar days, ISO weeks (Monday first, as PostgreSQL's date_trunc) and
// months of the report's time zone (docs/attendance/reports.md, "Periods").

const now = new Date('2026-11-28T12:00:00Z'); // a Saturday
const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()];

test.each([
  ['today', 'UTC', ['2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z']],
  ['yesterday', 'UTC', ['2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z']],
  ['this_week', 'UTC', ['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']],
  ['last_week', 'UTC', ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']],
  ['this_month', 'UTC', ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']],
  ['last_month', 'UTC', ['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']],
  ['last_7_days', 'UTC', ['2026-11-21T12:00:00.000Z', '2026-11-28T12:00:00.000Z']],
  ['yesterday', 'Asia/Tokyo', ['2026-11-26T15:00:00.000Z', '2026-11-27T15:00:00.000Z']],
  ['last_month', 'Europe/Berlin', ['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']], // summer time ends on 25 October
] as const)('%s in %s', (period, zone, expected) => {
  expect(iso(resolvePeriod(period, now, zone))).toEqual(expected);
});

test('January\'s last month is December of the year before', () => {
  expect(iso(resolvePeriod('last_month', new Date('2027-01-15T12:00:00Z'), 'UTC'))).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
});

test('time zones: IANA names only', () => {
  expect([isTimeZone('UTC'), isTimeZone('America/Sao_Paulo'), isTimeZone('Etc/GMT+3'), isTimeZone('Nowhere/City'), isTimeZone("UTC'--"), isTimeZone('')])
    .toEqual([true, true, true, false, false, false]);
});
