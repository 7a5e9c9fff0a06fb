import { randomUUID } from 'node:crypto';
import type { ContentRecordsRepo } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import type { ContentActor } from '../content-actor.js';

/** An event made through the API: a single one, owned by its author (recurring events arrive by import). */
export interface NewEventInput {
  summary: string;
  description?: string;
  location?: string;
  start: Date;
  end: Date;
  all_day?: boolean;
  time_zone?: string;
}

/** `POST /api/calendar/events`. */
export async function createEvent(deps: { calendar: Pick<ContentRecordsRepo['calendar'], 'insert'> }, input: { actor: ContentActor; event: NewEventInput }) {
  const e = input.event;
  if (e.end < e.start) throw new ValidationError('"end" must not be before "start"', [{ path: 'body.end', message: 'before start' }]);
  return deps.calendar.insert({
    owner_id: input.actor.user_id, source: 'api', uid: randomUUID(), summary: e.summary, description: e.description ?? '', location: e.location ?? '',
    starts_at: e.start, ends_at: e.end, all_day: e.all_day ?? false, time_zone: e.time_zone ?? null,
  });
}
