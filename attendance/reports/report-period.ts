/**
 * A report's period, named relative to "now" in the report's time zone, resolved to the instants
 * the query bounds (docs/attendance/reports.md, "Periods"). A scheduled report says `yesterday` or
 * `last_week` and each e-mail covers the day or week before it was sent.
 */
export const REPORT_PERIODS = [
  'today', 'yesterday', 'last_7_days', 'last_30_days', 'this_week', 'last_week', 'this_month', 'last_month', 'custom',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A calendar day, as numbers; `day` may overflow (day 0, day 32), Date.UTC carries it over. */
interface Day { year: number; month: number; day: number }

const DAY_MS = 24 * 3600 * 1000;

/** The wall-clock day of `at` in `timeZone`. */
function localDay(at: Date, timeZone: string): Day {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the day starts in `timeZone` (checked twice, so a day after a clock change is right too). */
function startOf(day: Day, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

const plusDays = (day: Day, n: number): Day => {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
/** Monday of the day's ISO week, as PostgreSQL's date_trunc('week') counts. */
const mondayOf = (day: Day): Day => plusDays(day, -((new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7));

/** True when `timeZone` is an IANA name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone);
  } catch {
    return false;
  }
}

/** `[from, to)` of a named period at `now` in `timeZone`; `custom` takes `from` and `to` as given. */
export function resolvePeriod(period: ReportPeriod, now: Date, timeZone: string, custom?: { from?: Date; to?: Date }): { from: Date; to: Date } {
  const today = localDay(now, timeZone);
  const days = (first: Day, afterLast: Day) => ({ from: startOf(first, timeZone), to: startOf(afterLast, timeZone) });
  switch (period) {
    case 'today': return days(today, plusDays(today, 1));
    case 'yesterday': return days(plusDays(today, -1), today);
    case 'last_7_days': return { from: new Date(now.getTime() - 7 * DAY_MS), to: now };
    case 'last_30_days': return { from: new Date(now.getTime() - 30 * DAY_MS), to: now };
    case 'this_week': return days(mondayOf(today), plusDays(mondayOf(today), 7));
    case 'last_week': return days(plusDays(mondayOf(today), -7), mondayOf(today));
    case 'this_month': return days({ ...today, day: 1 }, { ...today, month: today.month + 1, day: 1 });
    case 'last_month': return days({ ...today, month: today.month - 1, day: 1 }, { ...today, day: 1 });
    case 'custom': return { from: custom?.from ?? new Date(now.getTime() - 7 * DAY_MS), to: custom?.to ?? now };
  }
}
