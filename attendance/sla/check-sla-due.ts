import type { SlaDeps } from './sla-deps.js';

/**
 * The `attendance.sla.due` job: the clock breaches if it is still running (one conditional update,
 * so two instances or a repeated job breach it once), held by whoever holds its subject now, and
 * the breach is announced.
 */
export async function checkSlaDue(deps: SlaDeps, clockId: string): Promise<void> {
  const clock = await deps.repos.sla.getClock(clockId);
  if (!clock?.due_at || clock.met_at || clock.breached_at) return;
  const holder = clock.subject === 'conversation'
    ? (await deps.repos.conversations.get(clock.subject_id))?.assigned_to
    : (await deps.repos.tickets.get(clock.subject_id))?.assigned_to;
  const breached = await deps.repos.sla.breach(clockId, deps.now(), holder ?? null);
  if (!breached?.breached_at) return;
  await deps.onBreach?.({ ...breached, breached_at: breached.breached_at });
}
