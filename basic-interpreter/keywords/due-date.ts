import { isoDay, parseIsoDate } from './functions-date.js';
import { parseDay } from './hear-dates.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * CREATE TASK's due date (docs/basic.md, "Compatibility"): a full ISO timestamp as it is; else
 * any date HEAR DATE takes (YYYY-MM-DD, 25/12/2024, "December 25, 2024", today, tomorrow) or the
 * reference's "next week" (seven days from now), as "YYYY-MM-DD". Undefined when it is none of them.
 */
export function parseDueDate(text: string, now: Date): string | undefined {
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso && !iso.dateOnly) return iso.date.toISOString();
  if (trimmed.toLowerCase().replace(/\s+/g, ' ') === 'next week') return isoDay(new Date(now.getTime() + WEEK_MS));
  return parseDay(trimmed, now);
}
