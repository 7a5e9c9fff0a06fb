import type { AttendanceRepositories } from '../attendance-repositories.js';
import { queuesOf, seesAll, type Actor } from '../commands/attendant-scope.js';
import type { SlaClockView } from '../live/live-events.js';
import { slaClockView } from './sla-clock-view.js';

/**
 * The running clocks the actor may see (the console's live timers): every one for supervisors and
 * admins; for an attendant those of their queues (as the queue list shows them) and those they hold.
 */
export async function listSlaClocks(repos: AttendanceRepositories, actor: Actor): Promise<SlaClockView[]> {
  if (seesAll(actor)) return (await repos.sla.listRunning()).map(slaClockView);
  const queues = await queuesOf(repos, actor.user_id);
  const rows = await repos.sla.listRunning();
  return rows.filter((r) => r.attendant_id === actor.user_id || queues.includes(r.queue_id)).map(slaClockView);
}
