import type { CalendarEventRow, ContentRecordsRepo } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import { readerOf, type ContentActor } from '../content-actor.js';
import { occurrencesBetween } from './ical-events.js';

/** One event in a range: a single event as stored, or one occurrence of a recurring one. */
export interface EventOccurrence {
  event: CalendarEventRow;
  start: Date;
  end: Date;
  /** For occurrences of a recurring event: the start the rule gave it (ISO), '' otherwise. */
  recurrence_id: string;
}

const MAX_RANGE_DAYS = 366;

/**
 * `GET /api/calendar/events?from&to`: the events the actor may see that overlap the range, with
 * recurring events expanded into their occurrences and moved occurrences (RECURRENCE-ID) in place
 * of the ones they replace; by start.
 */
export async function listEvents(deps: { calendar: Pick<ContentRecordsRepo['calendar'], 'inRange'> }, input: { actor: ContentActor; from: Date; to: Date }): Promise<EventOccurrence[]> {
  if (input.to <= input.from) throw new ValidationError('"to" must be after "from"', [{ path: 'query.to', message: 'must be after from' }]);
  if (input.to.getTime() - input.from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw new ValidationError(`A range spans at most ${MAX_RANGE_DAYS} days`, [{ path: 'query.to', message: `at most ${MAX_RANGE_DAYS} days after from` }]);
  }
  const rows = await deps.calendar.inRange(readerOf(input.actor), input.from, input.to);
  const moved = new Set(rows.filter((r) => r.recurrence_id).map((r) => `${r.owner_id}|${r.source}|${r.uid}|${r.recurrence_id}`));
  const out: EventOccurrence[] = [];
  for (const event of rows) {
    if (event.rrule && event.ical && !event.recurrence_id) {
      for (const o of occurrencesBetween(event.ical, input.from, input.to)) {
        if (!moved.has(`${event.owner_id}|${event.source}|${event.uid}|${o.recurrence_id}`)) out.push({ event, ...o });
      }
    } else if (event.ends_at > input.from || (event.ends_at.getTime() === event.starts_at.getTime() && event.starts_at >= input.from)) {
      out.push({ event, start: event.starts_at, end: event.ends_at, recurrence_id: event.recurrence_id });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
