/**
 * Brings the facts table up to the event log (docs/attendance/reports.md, "The facts"): the
 * sessions with events after the mark are recomputed whole from their log, so a run is idempotent
 * and two instances running at once write the same rows. The mark only passes events older than
 * {@link SETTLE_MS}: an event committed late with a lower `seq` is still read on a later run.
 */
import type { AttendanceReportsRepo } from '../../db/index.js';
import { factsOf } from './report-facts.js';

/** Events younger than this may still have neighbours with lower `seq` committing. */
export const SETTLE_MS = 60_000;
/** Events read per batch. */
const BATCH = 2000;
/** Batches per run, so one run stays short; the next run goes on from the mark. */
const MAX_BATCHES = 50;

export interface RollUpDeps {
  reports: Pick<AttendanceReportsRepo, 'rollupMark' | 'setRollupMark' | 'eventsAfter' | 'sessionEvents' | 'replaceFacts'>;
  now: () => Date;
}

/** Runs the roll-up; resolves to the number of sessions recomputed. */
export async function rollUpFacts(deps: RollUpDeps): Promise<number> {
  const settled = deps.now().getTime() - SETTLE_MS;
  let mark = await deps.reports.rollupMark();
  let cursor = mark;
  let holding = false;
  let sessions = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const events = await deps.reports.eventsAfter(cursor, BATCH);
    if (events.length === 0) break;
    const ids = [...new Set(events.flatMap((e) => (e.session_id ? [e.session_id] : [])))];
    const log = await deps.reports.sessionEvents(ids);
    const bySession = new Map<string, typeof log>();
    for (const e of log) bySession.set(e.session_id, [...(bySession.get(e.session_id) ?? []), e]);
    await deps.reports.replaceFacts(ids, ids.flatMap((id) => factsOf(bySession.get(id) ?? [])));
    sessions += ids.length;
    for (const e of events) {
      if (e.at.getTime() > settled) holding = true;
      if (!holding) mark = e.seq;
    }
    cursor = events[events.length - 1]!.seq;
    if (events.length < BATCH) break;
  }
  await deps.reports.setRollupMark(mark);
  return sessions;
}
