/**
 * Start-up of attendance email: registers a handler for every job name in EMAIL_JOBS
 * and re-schedules the delayed checks of conversations still waiting, since the in-process driver
 * forgets its timers on restart (with BullMQ the job ids make this a no-op).
 */
import type { JobQueue } from '../../infra/jobs/index.js';
import type { Mailer } from '../../infra/mail/index.js';
import { checkCustomerWaiting } from './check-customer-waiting.js';
import { checkSlaBreach } from './check-sla-breach.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { EMAIL_JOBS, NotifyJobSchema, SendJobSchema, WaitCheckJobSchema } from './email-jobs.js';
import { notifyByEmail } from './notify-by-email.js';
import { scheduleWaitChecks } from './schedule-wait-checks.js';

/** What {@link registerEmailJobs} wires. */
export interface EmailJobsDeps extends EmailNotificationDeps {
  jobs: Pick<JobQueue, 'add' | 'process'>;
  mailer: Pick<Mailer, 'send' | 'configured'>;
}

/**
 * Registers the four handlers, then (when mail is configured) schedules the checks of every
 * waiting or assigned-not-accepted conversation of a bot with notices on. Call before the service
 * takes traffic, like the engine's `start()`.
 */
export async function registerEmailJobs(deps: EmailJobsDeps): Promise<void> {
  deps.jobs.process(EMAIL_JOBS.send, async (data) => {
    const mail = SendJobSchema.parse(data);
    // Rejections count as failed attempts; the send job's attempts and backoff retry them.
    await deps.mailer.send({ to: mail.to, ...(mail.bcc ? { bcc: mail.bcc } : {}), subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
  }, { concurrency: 2 });
  deps.jobs.process(EMAIL_JOBS.notify, (data, run) => notifyByEmail(deps, NotifyJobSchema.parse(data), run.id), { concurrency: 2 });
  deps.jobs.process(EMAIL_JOBS.customerWaiting, (data, run) => checkCustomerWaiting(deps, WaitCheckJobSchema.parse(data), run.id));
  deps.jobs.process(EMAIL_JOBS.slaCheck, (data, run) => checkSlaBreach(deps, WaitCheckJobSchema.parse(data), run.id));

  if (!deps.mailer.configured) return;
  const open = await deps.repos.conversations.listItems({ statuses: ['waiting', 'assigned'] });
  for (const row of open) {
    const config = deps.config(row.bot_id);
    if (config?.['attendance-email-notify']) await scheduleWaitChecks(deps, row, config, { skipPastDue: true });
  }
}
