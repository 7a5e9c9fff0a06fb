import type { BuiltinContext } from './functions-shared.js';
import { fold } from './functions-shared.js';
import { isoDay, utcDate } from './functions-date.js';
import type { HearResult } from './hear-types.js';

/** HEAR … AS DATE and AS HOUR: a day or a time of day as customers type them. */

/** Relative day words (English, Portuguese, Spanish, accents optional), as days from today. */
const DAY_WORDS: Record<string, number> = {
  today: 0, hoje: 0, hoy: 0,
  tomorrow: 1, amanha: 1, manana: 1,
  yesterday: -1, ontem: -1, ayer: -1,
};

const DATE_MESSAGE = 'Please enter a date like 31/12/2024 or 2024-12-31 (or today, tomorrow).';
const HOUR_MESSAGE = 'Please enter a time like 14:30 or 2:30 pm.';

/** "YYYY-MM-DD" from a customer's date, or undefined. */
function parseDay(input: string, now: Date): string | undefined {
  const text = input.trim();
  const offset = DAY_WORDS[fold(text).replace(/[.!]+$/, '')];
  if (offset !== undefined) return isoDay(new Date(now.getTime() + offset * 86_400_000));
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const [year, month, day] = yearFirst
    ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : [];
  if (year === undefined) return undefined;
  const date = utcDate(Number(year), Number(month), Number(day));
  return date ? isoDay(date) : undefined;
}

/** "HH:MM" from "14:30", "9:05", "14h30", "14h", "9am", "2:30 p.m.", "9"; undefined otherwise. */
function parseHour(input: string): string | undefined {
  const text = input.trim().toLowerCase().replace(/([ap])\.?\s*m\.?$/, '$1m');
  const match = /^(\d{1,2})(?:(?::|h)(\d{2})|h)?\s*(am|pm)?$/.exec(text);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const half = match[3];
  if (minute > 59) return undefined;
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  } else if (hour > 23) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Date and time validators for HEAR, by type name. */
export const dateHearTypes: Record<string, (input: string, ctx: BuiltinContext) => HearResult> = {
  /** YYYY-MM-DD, DD/MM/YYYY (also with - or .), or today/tomorrow/yesterday (UTC, from ctx.now()) → "YYYY-MM-DD". */
  DATE(input, ctx) {
    const day = parseDay(input, ctx.now());
    return day ? { ok: true, value: day } : { ok: false, message: DATE_MESSAGE };
  },

  /** A 24-hour time, or 12-hour with am/pm → "HH:MM". */
  HOUR(input) {
    const time = parseHour(input);
    return time ? { ok: true, value: time } : { ok: false, message: HOUR_MESSAGE };
  },
};
