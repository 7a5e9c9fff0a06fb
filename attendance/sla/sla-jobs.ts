/**
 * The one job of SLA clocks (docs/attendance/sla.md, "Timers"): `attendance.sla.due`, delayed to
 * a clock's `due_at`. Its id is the clock's, so scheduling a clock twice (a repeated event, the
 * start-up recovery) leaves one job; there is no polling loop.
 */
import { z } from 'zod';
import type { SlaClockRow } from '../../db/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';

export const SLA_DUE_JOB = 'attendance.sla.due';

export const SlaDueJobSchema = z.object({ clock_id: z.string() });

/** Enqueues the due check of each clock that has a due time. */
export async function scheduleDueChecks(jobs: Pick<JobQueue, 'add'>, clocks: readonly SlaClockRow[], now: Date): Promise<void> {
  for (const clock of clocks) {
    if (!clock.due_at || clock.met_at || clock.breached_at) continue;
    await jobs.add(SLA_DUE_JOB, { clock_id: clock.id }, { delay: Math.max(0, clock.due_at.getTime() - now.getTime()), jobId: `sla-${clock.id}` });
  }
}
