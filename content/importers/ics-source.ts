import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventFields, parseCalendars, registerTimezones } from '../calendar/ical-events.js';
import { listSource, type ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportSource } from './run-import.js';

/**
 * `switchboard import ics <file>`: every VEVENT of an iCalendar file (ical.js), recurrence rules,
 * EXDATEs, moved occurrences (RECURRENCE-ID) and VTIMEZONEs kept, so listing expands them as the
 * source meant. Each event is upserted on (owner, file, UID, RECURRENCE-ID).
 */
export function icsSource(target: ImportTarget, file: string): ImportSource {
  const source = path.resolve(file);
  return listSource({
    kind: 'ics',
    source,
    load: async () => parseCalendars(await readFile(source, 'utf8')).flatMap((calendar) => {
      registerTimezones(calendar);
      return calendar.getAllSubcomponents('vevent').map((vevent) => eventFields(vevent, calendar));
    }),
    store: async (fields) => outcomeOf(await target.calendar.upsert({ ...fields, owner_id: target.owner.user_id, source: `ics:${source}` })),
  });
}
