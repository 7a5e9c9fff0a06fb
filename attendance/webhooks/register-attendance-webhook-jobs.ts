import type { AttendanceWebhooksRepo } from '../../db/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import { ATTENDANCE_WEBHOOK_JOB, enqueueStored, WEBHOOK_RETRY, WebhookJobSchema } from './attendance-webhook-jobs.js';
import { deliverAttendanceWebhook, type DeliverWebhookDeps } from './deliver-attendance-webhook.js';

export interface AttendanceWebhookJobsDeps extends Omit<DeliverWebhookDeps, 'webhooks'> {
  webhooks: Pick<AttendanceWebhooksRepo, 'get' | 'recordAttempt' | 'markFailed' | 'listPending'>;
  jobs: Pick<JobQueue, 'add' | 'process'>;
  /** The bots loaded, by id and name, for the start-up check. */
  bots: readonly { id: string; name: string }[];
}

/**
 * Start-up of the attendance webhooks: warns about each bot with `attendance-chatops-webhook` but
 * no `attendance-webhook-secret` (nothing of theirs is sent), registers the delivery job and hands out every message still
 * pending, since the in-process driver forgets its jobs on restart (with BullMQ the job id makes
 * this a no-op). Call before the service takes traffic.
 */
export async function registerAttendanceWebhookJobs(deps: AttendanceWebhookJobsDeps): Promise<void> {
  for (const bot of deps.bots) {
    const config = deps.config(bot.id);
    if (config?.['attendance-chatops-webhook'] && !config['attendance-webhook-secret']) {
      deps.logger.warn({ bot: bot.name }, 'attendance-chatops-webhook is set but attendance-webhook-secret is not: no attendance webhook will be sent');
    }
  }
  const attempts = WEBHOOK_RETRY.attempts ?? 1;
  deps.jobs.process(ATTENDANCE_WEBHOOK_JOB, (data, run) => deliverAttendanceWebhook(deps, WebhookJobSchema.parse(data).id, run.attempt >= attempts), { concurrency: 2 });
  for (const row of await deps.webhooks.listPending()) await enqueueStored(deps.jobs, row.id);
}
