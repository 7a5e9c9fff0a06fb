/**
 * SLA attainment for the insights (docs/attendance/sla.md, "Attainment"): of the clocks started in
 * the window that have finished, the share met in time, per queue and per attendant.
 */
import type { SlaAttainmentRow, SlaMetric } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { DEFAULT_WINDOW_MS, MAX_WINDOW_MS } from '../insights/get-insights.js';

export interface SlaAttainmentGroup {
  /** The queue or attendant id; null for no queue / nobody. */
  id: string | null;
  metric: SlaMetric;
  total: number;
  met: number;
  breached: number;
  /** met / total, 0…1; null when nothing finished. */
  attainment: number | null;
}

export interface SlaAttainment {
  from: string;
  to: string;
  by_queue: SlaAttainmentGroup[];
  by_attendant: SlaAttainmentGroup[];
}

/** Throws ValidationError `invalid_window` like the other insights. */
export async function getSlaAttainment(
  deps: { repos: Pick<AttendanceRepositories, 'sla'>; now: () => Date },
  input: { from?: Date; to?: Date; botId?: string } = {},
): Promise<SlaAttainment> {
  const to = input.to ?? deps.now();
  const from = input.from ?? new Date(to.getTime() - DEFAULT_WINDOW_MS);
  if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > MAX_WINDOW_MS) {
    throw new ValidationError('The window must be non-empty and at most 92 days', [{ path: 'query.from', message: 'invalid window' }], 'invalid_window');
  }
  const window = { from, to, ...(input.botId ? { bot_ids: [input.botId] } : {}) };
  const [byQueue, byAttendant] = await Promise.all([deps.repos.sla.attainment('queue', window), deps.repos.sla.attainment('attendant', window)]);
  return { from: from.toISOString(), to: to.toISOString(), by_queue: byQueue.map(group), by_attendant: byAttendant.map(group) };
}

function group(row: SlaAttainmentRow): SlaAttainmentGroup {
  return { id: row.key, metric: row.metric, total: row.total, met: row.met, breached: row.breached, attainment: row.total === 0 ? null : row.met / row.total };
}
