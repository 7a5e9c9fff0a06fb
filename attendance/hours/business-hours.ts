/**
 * The business-hours clock of a queue (docs/attendance/business-hours.md): a weekly table of
 * opening intervals in an IANA time zone, minus holidays. Pure: every function takes the instant
 * it reasons about, so tests need no real clock. Local times go through luxon, which knows the
 * time zone database and its daylight-saving changes.
 */
import { DateTime, IANAZone } from 'luxon';

/** Days of the week, Monday first (luxon's `weekday` 1…7). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening interval of a day, local `HH:MM` (close may be `24:00`). */
export interface OpeningInterval {
  open: string;
  close: string;
}

/**
 * A queue's opening hours. `weekly` null means always open (no business hours set); a day absent
 * from it is closed. `holidays` are local dates (`YYYY-MM-DD`) on which the queue stays closed.
 */
export interface BusinessHours {
  time_zone: string;
  weekly: Partial<Record<Weekday, readonly OpeningInterval[]>> | null;
  holidays: readonly string[];
}

/** Always open: the hours of a queue that has none. */
export const ALWAYS_OPEN: BusinessHours = { time_zone: 'UTC', weekly: null, holidays: [] };

/** How far ahead the clock looks for an opening before it calls the queue never open. */
const HORIZON_DAYS = 400;

/** True for a time zone name the time zone database knows (`Europe/Lisbon`, `UTC`). */
export function isTimeZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** Minutes since local midnight of `HH:MM` (`24:00` is 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** The opening intervals as instants (epoch ms), in order, from the local day of `from` onwards. */
function* intervals(hours: BusinessHours, from: number): Generator<{ start: number; end: number }> {
  const weekly = hours.weekly ?? {};
  const holidays = new Set(hours.holidays);
  let day = DateTime.fromMillis(from, { zone: hours.time_zone }).startOf('day');
  for (let i = 0; i < HORIZON_DAYS; i++, day = day.plus({ days: 1 })) {
    if (holidays.has(day.toISODate() ?? '')) continue;
    const today = [...(weekly[WEEKDAYS[day.weekday - 1]!] ?? [])].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (const slot of today) {
      // Local wall-clock times: a time skipped by a daylight-saving jump moves forward, as luxon does.
      const at = (minutes: number) => day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
      const close = minutesOf(slot.close);
      const end = close >= 1440 ? day.plus({ days: 1 }).toMillis() : at(close);
      const start = at(minutesOf(slot.open));
      if (end > start) yield { start, end };
    }
  }
}

/** Whether the queue is open at `at`. */
export function isOpen(hours: BusinessHours, at: Date): boolean {
  if (!hours.weekly) return !hours.holidays.includes(localDate(hours, at));
  const t = at.getTime();
  for (const slot of intervals(hours, t)) {
    if (slot.start > t) return false;
    if (slot.end > t) return true;
  }
  return false;
}

/** When the queue opens next: `at` itself while open; undefined when it never opens within a year. */
export function nextOpening(hours: BusinessHours, at: Date): Date | undefined {
  if (!hours.weekly) {
    let day = DateTime.fromJSDate(at, { zone: hours.time_zone });
    for (let i = 0; i < HORIZON_DAYS; i++) {
      if (!hours.holidays.includes(day.toISODate() ?? '')) return i === 0 ? at : day.startOf('day').toJSDate();
      day = day.plus({ days: 1 });
    }
    return undefined;
  }
  const t = at.getTime();
  for (const slot of intervals(hours, t)) {
    if (slot.end > t) return new Date(Math.max(slot.start, t));
  }
  return undefined;
}

/**
 * The instant `seconds` of open time after `start`: the clock stops while the queue is closed.
 * An SLA target measured on business hours is due then. Undefined when the queue never opens.
 */
export function addBusinessSeconds(hours: BusinessHours, start: Date, seconds: number): Date | undefined {
  let left = seconds * 1000;
  const t = start.getTime();
  if (!hours.weekly && hours.holidays.length === 0) return new Date(t + left);
  const slots = hours.weekly ? intervals(hours, t) : wholeDays(hours, t);
  for (const slot of slots) {
    if (slot.end <= t) continue;
    const from = Math.max(slot.start, t);
    if (from + left <= slot.end) return new Date(from + left);
    left -= slot.end - from;
  }
  return undefined;
}

/** Open seconds between two instants (0 when `to` is not after `from`). */
export function businessSecondsBetween(hours: BusinessHours, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (!hours.weekly && hours.holidays.length === 0) return Math.round((b - a) / 1000);
  let total = 0;
  for (const slot of hours.weekly ? intervals(hours, a) : wholeDays(hours, a)) {
    if (slot.start >= b) break;
    total += Math.max(0, Math.min(slot.end, b) - Math.max(slot.start, a));
  }
  return Math.round(total / 1000);
}

/** Every day but the holidays, as one interval each: the clock of a queue with holidays and no weekly table. */
function* wholeDays(hours: BusinessHours, from: number): Generator<{ start: number; end: number }> {
  let day = DateTime.fromMillis(from, { zone: hours.time_zone }).startOf('day');
  for (let i = 0; i < HORIZON_DAYS; i++, day = day.plus({ days: 1 })) {
    if (!hours.holidays.includes(day.toISODate() ?? '')) yield { start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() };
  }
}

/** The local date (`YYYY-MM-DD`) of `at` in the queue's time zone. */
export function localDate(hours: Pick<BusinessHours, 'time_zone'>, at: Date): string {
  return DateTime.fromJSDate(at, { zone: hours.time_zone }).toISODate() ?? '';
}

/** `at` as the customer reads it in the queue's zone, e.g. "Mon 9:00 AM" in English, "seg. 09:00" in Portuguese. */
export function localTime(hours: Pick<BusinessHours, 'time_zone'>, at: Date, language = 'en'): string {
  return DateTime.fromJSDate(at, { zone: hours.time_zone }).setLocale(language).toLocaleString({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
}
