import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventFields, parseCalendars, registerTimezones } from '../calendar/ical-events.js';
import { indexCursor, startIndex, type ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportSource } from './run-import.js';

/**
 * `switchboard import ics <file>`: every VEVENT of an iCalendar file (ical.js), recurrence rules,
 * EXDATEs, moved occurrences (RECURRENCE-ID) and VTIMEZONEs kept, so listing expands them as the
 * source meant. Each event is upserted on (owner, file, UID, RECURRENCE-ID).
 */
export function icsSource(target: ImportTarget, file: string): ImportSource {
  const source = path.resolve(file);
  const events = async () => {
    const calendars = parseCalendars(await readFile(source, 'utf8'));
    return calendars.flatMap((calendar) => {
      registerTimezones(calendar);
      return calendar.getAllSubcomponents('vevent').map((vevent) => eventFields(vevent, calendar));
    });
  };
  return {
    kind: 'ics',
    source,
    total: async () => (await events()).length,
    async *items(cursor) {
      const all = await events();
      for (let i = startIndex(cursor); i < all.length; i++) {
        const fields = all[i]!;
        yield { cursor: indexCursor(i), store: async () => outcomeOf(await target.calendar.upsert({ ...fields, owner_id: target.owner.user_id, source: `ics:${source}` })) };
      }
    },
  };
}
