import ICAL from 'ical.js';
import type { NewCalendarEvent } from '../../db/index.js';

/** An event as stored, before owner and source are set: what the ics, pst and REST paths share. */
export type EventFields = Omit<NewCalendarEvent, 'owner_id' | 'source'>;

/**
 * Registers the calendar's VTIMEZONEs so its times with a TZID convert to instants as the source
 * meant (ical.js resolves zones through its process-wide TimezoneService).
 */
export function registerTimezones(calendar: ICAL.Component): void {
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone);
  }
}

/** Parses iCalendar text into its calendars (a file may hold one or several VCALENDARs). */
export function parseCalendars(text: string): ICAL.Component[] {
  const parsed = ICAL.parse(text) as unknown[];
  // One calendar parses to [name, props, comps]; several to a list of those.
  const list = typeof parsed[0] === 'string' ? [parsed] : parsed;
  return list.map((jcal) => new ICAL.Component(jcal as unknown[]));
}

/**
 * One VEVENT as a row: first start and end as instants, the zone named by its TZID, the RRULE and
 * the whole VCALENDAR text of this event (its zones included), which listing expands.
 */
export function eventFields(vevent: ICAL.Component, calendar: ICAL.Component): EventFields {
  const event = new ICAL.Event(vevent);
  const start = event.startDate;
  const end = event.endDate ?? start;
  const rrule = vevent.getFirstProperty('rrule');
  const recurrenceId = vevent.getFirstPropertyValue('recurrence-id');
  const wrapper = new ICAL.Component(['vcalendar', [], []]);
  wrapper.addPropertyWithValue('version', '2.0');
  for (const zone of calendar.getAllSubcomponents('vtimezone')) wrapper.addSubcomponent(new ICAL.Component(zone.toJSON()));
  wrapper.addSubcomponent(new ICAL.Component(vevent.toJSON()));
  return {
    uid: event.uid || `${start.toString()}-${event.summary}`,
    recurrence_id: recurrenceId instanceof ICAL.Time ? recurrenceId.toJSDate().toISOString() : '',
    summary: event.summary ?? '',
    description: event.description ?? '',
    location: event.location ?? '',
    starts_at: start.toJSDate(),
    ends_at: end.toJSDate(),
    all_day: start.isDate,
    time_zone: start.zone && start.zone.tzid !== 'floating' ? start.zone.tzid : null,
    rrule: rrule ? rrule.getFirstValue()!.toString() : null,
    ical: wrapper.toString(),
  };
}

/** One occurrence of an event: its instants and, for a recurring event, the start it was scheduled at. */
export interface Occurrence {
  start: Date;
  end: Date;
  recurrence_id: string;
}

const MAX_OCCURRENCES = 1000;

/**
 * The occurrences of a recurring event that overlap [from, to), in the event's own zone (so a
 * weekly 09:00 in Europe/Lisbon stays 09:00 across daylight saving), EXDATEs left out.
 */
export function occurrencesBetween(ical: string, from: Date, to: Date): Occurrence[] {
  const [calendar] = parseCalendars(ical);
  if (!calendar) return [];
  registerTimezones(calendar);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) return [];
  const event = new ICAL.Event(vevent);
  const iterator = event.iterator();
  const out: Occurrence[] = [];
  for (let next = iterator.next(), n = 0; next && n < 100_000; next = iterator.next(), n++) {
    const details = event.getOccurrenceDetails(next);
    const start = details.startDate.toJSDate();
    if (start >= to) break;
    const end = details.endDate.toJSDate();
    if (end > from || (end.getTime() === start.getTime() && start >= from)) {
      out.push({ start, end, recurrence_id: details.recurrenceId.toJSDate().toISOString() });
      if (out.length >= MAX_OCCURRENCES) break;
    }
  }
  return out;
}
