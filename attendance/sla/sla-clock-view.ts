import type { SlaClockRow } from '../../db/index.js';
import type { SlaClockView } from '../live/live-events.js';

/** A stored clock as the console, the API and the webhook show it (ISO 8601 times). */
export function slaClockView(row: SlaClockRow): SlaClockView {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id, subject: row.subject, subject_id: row.subject_id, metric: row.metric, queue_id: row.queue_id, attendant_id: row.attendant_id,
    target_seconds: row.target_seconds, business_hours: row.business_hours, started_at: row.started_at.toISOString(),
    due_at: iso(row.due_at), met_at: iso(row.met_at), breached_at: iso(row.breached_at),
  };
}
