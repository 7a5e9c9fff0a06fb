import type { Value } from '../values.js';
import type { BuiltinContext, BuiltinFunction } from './functions-shared.js';
import { BuiltinError, checkArity, describe, integerArg, textArg } from './functions-shared.js';

/**
 * Date functions. Dates are ISO 8601 texts in and out, and all calendar arithmetic is in UTC:
 * a time without an offset is read as UTC, an offset is honoured. A date-only value stays
 * date-only ("2024-01-31" plus one month is "2024-02-29"); anything with a time comes back as a
 * full timestamp ("2024-05-31T14:30:00.000Z").
 */

/** A parsed ISO date; `dateOnly` when the text had no time part. */
export interface ParsedDate {
  date: Date;
  dateOnly: boolean;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Days in a month (1-based month) of a year. */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A UTC date from calendar parts, or undefined when they are out of range (31 February, 25:00). */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | undefined {
  const within = (n: number, low: number, high: number) => Number.isInteger(n) && n >= low && n <= high;
  if (!within(year, 0, 9999) || !within(month, 1, 12) || !within(day, 1, daysInMonth(year, month))) return undefined;
  if (!within(hour, 0, 23) || !within(minute, 0, 59) || !within(second, 0, 59)) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which maps years 0–99 to 1900–1999
  date.setUTCHours(hour, minute, second);
  return date;
}

/** Parses "2024-05-31", "2024-05-31T14:30", "2024-05-31 14:30:05.123+01:00"…; undefined when it is not one. */
export function parseIsoDate(text: string): ParsedDate | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const date = utcDate(year, month, day, hour, minute, second);
  if (!date) return undefined;
  const millis = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const offset = m[8] && m[8].toUpperCase() !== 'Z' ? m[8].replace(':', '') : '+0000';
  const offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  return { date: new Date(date.getTime() + millis - offsetMinutes * 60_000), dateOnly: m[4] === undefined };
}

/** Argument `index` as a date; `ctx.now()` when it is absent. */
export function dateArg(name: string, args: Value[], index: number, ctx: BuiltinContext): ParsedDate {
  if (args.length <= index) return { date: ctx.now(), dateOnly: false };
  const value = args[index] ?? null;
  const parsed = typeof value === 'string' ? parseIsoDate(value) : undefined;
  if (!parsed) throw new BuiltinError(`${name}: ${describe(value)} is not a date; use ISO 8601, like 2024-05-31 or 2024-05-31T14:30:00Z`);
  return parsed;
}

/** "YYYY-MM-DD" of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type Unit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** VB interval codes ("m" is month, "n" is minute) and English words, singular or plural. */
const UNITS: Record<string, Unit> = {
  yyyy: 'year', year: 'year', q: 'quarter', quarter: 'quarter', m: 'month', month: 'month',
  ww: 'week', week: 'week', d: 'day', day: 'day', h: 'hour', hour: 'hour',
  n: 'minute', minute: 'minute', s: 'second', second: 'second',
};

const UNIT_MS: Partial<Record<Unit, number>> = { week: 604_800_000, day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1000 };
const MONTHS_PER: Partial<Record<Unit, number>> = { year: 12, quarter: 3, month: 1 };

function unitArg(name: string, args: Value[], index: number): Unit {
  const code = textArg(args, index).trim().toLowerCase();
  const unit = UNITS[code] ?? (code.endsWith('s') ? UNITS[code.slice(0, -1)] : undefined);
  if (!unit) throw new BuiltinError(`${name}: unknown unit ${describe(args[index] ?? null)}; use "yyyy", "q", "m", "ww", "d", "h", "n" or "s" (or year, month, week, day, hour, minute, second)`);
  return unit;
}

/** True for a unit name ("day", "d", "months"…): tells DATEDIFF's two argument orders apart. */
function isUnit(value: Value): boolean {
  if (typeof value !== 'string') return false;
  const code = value.trim().toLowerCase();
  return UNITS[code] !== undefined || (code.endsWith('s') && UNITS[code.slice(0, -1)] !== undefined);
}

/** Adds calendar months, clamping the day to the end of the target month (Jan 31 + 1 month = Feb 28/29). */
function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month - 1, day);
  return result;
}

/** Index of the calendar period a date falls in, for counting boundaries like VB's DateDiff. */
function period(date: Date, unit: Unit): number {
  const months = MONTHS_PER[unit];
  if (months !== undefined) return Math.floor((date.getUTCFullYear() * 12 + date.getUTCMonth()) / months);
  if (unit === 'week') return Math.floor(date.getTime() / 86_400_000);
  return Math.floor(date.getTime() / (UNIT_MS[unit] ?? 1));
}

/** YEAR, MONTH…: one UTC calendar part of the argument, or of now when there is none. */
function part(name: string, pick: (date: Date) => number): BuiltinFunction {
  return (args, ctx) => {
    checkArity(name, args, 0, 1);
    return pick(dateArg(name, args, 0, ctx).date);
  };
}

/** The date functions, by lower-case name. */
export const dateFunctions: Record<string, BuiltinFunction> = {
  /** NOW(): the current instant as an ISO timestamp in UTC ("2024-05-31T14:30:00.000Z"). */
  now(args, ctx) {
    checkArity('NOW', args, 0);
    return ctx.now().toISOString();
  },

  /** TODAY(): the current UTC date, "YYYY-MM-DD". */
  today(args, ctx) {
    checkArity('TODAY', args, 0);
    return isoDay(ctx.now());
  },

  /** YEAR([date]): 4-digit year (UTC). */
  year: part('YEAR', (d) => d.getUTCFullYear()),
  /** MONTH([date]): 1–12. */
  month: part('MONTH', (d) => d.getUTCMonth() + 1),
  /** DAY([date]): day of the month, 1–31. */
  day: part('DAY', (d) => d.getUTCDate()),
  /** HOUR([date]): 0–23 (0 for a date-only value). */
  hour: part('HOUR', (d) => d.getUTCHours()),
  /** MINUTE([date]): 0–59. */
  minute: part('MINUTE', (d) => d.getUTCMinutes()),

  /** DATEADD(date, n, unit): n (truncated to a whole number) units later; months clamp to the month's end. */
  dateadd(args, ctx) {
    checkArity('DATEADD', args, 3);
    const { date, dateOnly } = dateArg('DATEADD', args, 0, ctx);
    const n = integerArg('DATEADD', args, 1);
    const unit = unitArg('DATEADD', args, 2);
    const months = MONTHS_PER[unit];
    const result = months !== undefined ? addMonths(date, n * months) : new Date(date.getTime() + n * (UNIT_MS[unit] ?? 0));
    if (Number.isNaN(result.getTime())) throw new BuiltinError('DATEADD: the result is out of the range of dates');
    const keepDateOnly = dateOnly && (months !== undefined || unit === 'week' || unit === 'day');
    return keepDateOnly ? isoDay(result) : result.toISOString();
  },

  /**
   * DATEDIFF(a, b, unit) as the General Bots reference writes it, or VB's DATEDIFF(unit, a, b):
   * b − a in units, negative when b is earlier. Like VB it counts boundaries crossed
   * (DATEDIFF("2023-12-31", "2024-01-01", "yyyy") = 1), except "ww" counts whole weeks of days.
   */
  datediff(args, ctx) {
    checkArity('DATEDIFF', args, 3);
    // The unit first is VB's order; a date first is the reference's (unit last).
    const unitFirst = isUnit(args[0] ?? null);
    const unit = unitArg('DATEDIFF', args, unitFirst ? 0 : 2);
    const a = dateArg('DATEDIFF', args, unitFirst ? 1 : 0, ctx).date;
    const b = dateArg('DATEDIFF', args, unitFirst ? 2 : 1, ctx).date;
    const difference = period(b, unit) - period(a, unit);
    const result = unit === 'week' ? Math.trunc(difference / 7) : difference;
    return result === 0 ? 0 : result;
  },
};
