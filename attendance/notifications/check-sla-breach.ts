/**
 * The `attendance.email.sla_check` job (the sla_breach notice): enqueued with a delay of the queue's
 * `max_wait_seconds` (else `attendance-max-wait-seconds`) when a conversation joins the
 * queue; if nobody accepted it by then, the manager is told.
 */
import { loadAttendant, loadConversationFacts, loadStaff } from './conversation-facts.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { enqueueMail, type WaitCheckJob } from './email-jobs.js';
import { managerAddresses } from './email-recipients.js';
import { maxWaitSeconds } from './max-wait.js';
import { stillUnattended } from './still-unattended.js';

/**
 * Mails `attendance-email-recipient` when it is an address, else the admins and supervisors, if
 * the waiting cycle that began at `job.waiting_since` is still not accepted.
 */
export async function checkSlaBreach(deps: EmailNotificationDeps, job: WaitCheckJob, jobId: string): Promise<void> {
  const row = await deps.repos.conversations.get(job.session_id);
  const config = row ? deps.config(row.bot_id) : undefined;
  if (!row || !config?.['attendance-email-notify'] || !stillUnattended(row, job.waiting_since)) return;
  const to = managerAddresses(await loadStaff(deps.repos), config['attendance-email-recipient']);
  const attendant = row.assigned_to ? await loadAttendant(deps.repos, row.assigned_to) : undefined;
  const { facts } = await loadConversationFacts(deps.repos, row, deps.now());
  await enqueueMail(deps.jobs, config, {
    to, jobId,
    notice: {
      kind: 'sla_breach', conversation: facts, max_wait_seconds: await maxWaitSeconds(deps.repos, row, config),
      ...(attendant ? { attendant_name: attendant.name } : {}),
    },
  });
}
