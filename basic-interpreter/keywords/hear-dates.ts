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


/** "YYYY-MM-DD" from a customer's date, or undefined. */
export function parseDay(input: string, now: Date): string | undefined {
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
  if (year === undefined) return namedMonthDay(text);
  // DD/MM/YYYY first; 12/25/2024 (no 25th month) is read month first.
  const date = utcDate(Number(year), Number(month), Number(day)) ?? (dayFirst ? utcDate(Number(year), Number(day), Number(month)) : undefined);
  return date ? isoDay(date) : undefined;
}

/** Month names and their three-letter forms in English, Portuguese and Spanish (accents folded). */
const MONTHS: Record<string, number> = Object.fromEntries(
  [
    ['january', 'janeiro', 'enero'], ['february', 'fevereiro', 'febrero'], ['march', 'marco', 'marzo'],
    ['april', 'abril'], ['may', 'maio', 'mayo'], ['june', 'junho', 'junio'], ['july', 'julho', 'julio'],
    ['august', 'agosto'], ['september', 'setembro', 'septiembre'], ['october', 'outubro', 'octubre'],
    ['november', 'novembro', 'noviembre'], ['december', 'dezembro', 'diciembre'],
  ].flatMap((names, i) => names.flatMap((name) => [[name, i + 1], [name.slice(0, 3), i + 1]])),
);

/** "December 25, 2024", "25 December 2024", "25 de dezembro de 2024", "Dec 25 2024". */
function namedMonthDay(text: string): string | undefined {
  const words = fold(text).replace(/[,.]/g, ' ').split(/\s+/).filter((w) => w !== '' && w !== 'de' && w !== 'of' && w !== 'del');
  if (words.length !== 3) return undefined;
  const monthAt = words.findIndex((w) => MONTHS[w] !== undefined);
  const numbers = words.filter((_, i) => i !== monthAt).map((w) => /^(\d{1,4})(?:st|nd|rd|th)?$/.exec(w)?.[1]);
  if (monthAt < 0 || numbers.some((n) => n === undefined)) return undefined;
  const [day, year] = numbers.map(Number) as [number, number];
  const date = year >= 1000 ? utcDate(year, MONTHS[words[monthAt] ?? ''] ?? 0, day) : undefined;
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
  /**
   * YYYY-MM-DD, DD/MM/YYYY (also with - or .; MM/DD/YYYY when the day-first reading is no date),
   * "December 25, 2024" (month names in English, Portuguese, Spanish), or today/tomorrow/yesterday
   * (UTC, from ctx.now()) → "YYYY-MM-DD".
   */
  DATE(input, ctx) {
    const day = parseDay(input, ctx.now());
    return day ? { ok: true, value: day } : { ok: false, prompt: { key: 'date' } };
  },

  /** A 24-hour time, or 12-hour with am/pm → "HH:MM". */
  HOUR(input) {
    const time = parseHour(input);
    return time ? { ok: true, value: time } : { ok: false, prompt: { key: 'hour' } };
  },
};
