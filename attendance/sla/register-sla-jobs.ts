import type { EachTenant, JobQueue } from '../../infra/jobs/index.js';
import { checkSlaDue } from './check-sla-due.js';
import type { SlaDeps } from './sla-deps.js';
import { scheduleDueChecks, SLA_DUE_JOB, SlaDueJobSchema } from './sla-jobs.js';

/**
 * Registers the due check's handler, then re-enqueues every clock still running: the in-process
 * driver forgets its timers on restart (with BullMQ the job ids make this a no-op), and a clock
 * already past due is checked at once. Each active tenant's clocks, in its scope.
 */
export async function registerSlaJobs(deps: SlaDeps & { jobs: Pick<JobQueue, 'add' | 'process'>; eachTenant: EachTenant }): Promise<void> {
  deps.jobs.process(SLA_DUE_JOB, (data) => checkSlaDue(deps, SlaDueJobSchema.parse(data).clock_id));
  await deps.eachTenant(async () => scheduleDueChecks(deps.jobs, await deps.repos.sla.listPending(), deps.now()));
}
