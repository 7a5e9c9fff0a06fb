/**
 * The job that tries a conversation again when its queue opens (docs/attendance/business-hours.md,
 * "Waiting for the opening"): `attendance.hours.open`, delayed to the next opening, one per
 * conversation cycle (the job id carries the cycle's start), so no loop polls the clock.
 */
import { z } from 'zod';
import type { ConversationRow } from '../../db/index.js';
import type { EachTenant, JobQueue } from '../../infra/jobs/index.js';
import { assignConversation, type AssignDeps } from '../assign-conversation.js';
import { businessHoursOf } from './queue-hours.js';
import { nextOpening } from './business-hours.js';

export const HOURS_OPEN_JOB = 'attendance.hours.open';

export const HoursOpenJobSchema = z.object({ session_id: z.string(), waiting_since: z.number().int() });

/** Enqueues the opening check of a waiting conversation for `opensAt`. */
export async function scheduleOpeningCheck(jobs: Pick<JobQueue, 'add'>, row: ConversationRow, opensAt: Date, now: Date): Promise<void> {
  const since = row.waiting_since?.getTime() ?? 0;
  await jobs.add(HOURS_OPEN_JOB, { session_id: row.session_id, waiting_since: since }, {
    delay: Math.max(0, opensAt.getTime() - now.getTime()), jobId: `hours-open-${row.session_id}-${since}`,
  });
}

/** The job: if the same waiting cycle still waits, auto-assignment is tried now that the queue is open. */
export async function tryAtOpening(deps: AssignDeps, job: z.infer<typeof HoursOpenJobSchema>): Promise<void> {
  const row = await deps.repos.conversations.get(job.session_id);
  if (row?.status !== 'waiting' || row.waiting_since?.getTime() !== job.waiting_since) return;
  await assignConversation(deps, { sessionId: row.session_id, current: row });
}

/**
 * Registers the handler and re-enqueues the checks of conversations waiting in closed queues: the
 * in-process driver forgets its timers on restart (with BullMQ the job ids make this a no-op).
 */
export async function registerHoursJobs(deps: AssignDeps & { jobs: Pick<JobQueue, 'add' | 'process'>; eachTenant: EachTenant }): Promise<void> {
  deps.jobs.process(HOURS_OPEN_JOB, (data) => tryAtOpening(deps, HoursOpenJobSchema.parse(data)));
  await deps.eachTenant(() => scheduleOpeningChecks(deps));
}

/** The opening checks of the scope's conversations waiting in closed queues. */
async function scheduleOpeningChecks(deps: AssignDeps & { jobs: Pick<JobQueue, 'add'> }): Promise<void> {
  const waiting = await deps.repos.conversations.listWaiting({});
  const queued = waiting.filter((w) => w.queue_id !== null);
  if (queued.length === 0) return;
  const hours = await deps.repos.hours.getMany([...new Set(queued.map((w) => w.queue_id!))]);
  const now = deps.now();
  for (const row of queued) {
    const stored = hours.get(row.queue_id!);
    if (!stored || stored.closed_action !== 'wait') continue;
    const opens = nextOpening(businessHoursOf(stored), now);
    if (opens && opens.getTime() > now.getTime()) await scheduleOpeningCheck(deps.jobs, row, opens, now);
  }
}
