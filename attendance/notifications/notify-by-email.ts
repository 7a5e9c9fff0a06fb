/**
 * The `attendance.email.notify` job: builds a new_assignment, queue_alert or resolved notice from
 * fresh reads and enqueues its send. Kept out of the listener so a `/take` or a transfer waits for
 * one job insert, not for the lookups (users, profiles, CRM contact) a mail needs.
 */
import { loadAttendant, loadConversationFacts, loadStaff } from './conversation-facts.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { enqueueMail, type NotifyJob } from './email-jobs.js';
import { supervisorAddresses } from './email-recipients.js';

/**
 * Sends (by enqueueing) the notice `job` describes; `jobId` is the notify job's own id, so a
 * retried notify job never enqueues a second send. Silently does nothing when the conversation is
 * gone, notices were switched off meanwhile, or there is nobody to mail.
 */
export async function notifyByEmail(deps: EmailNotificationDeps, job: NotifyJob, jobId: string): Promise<void> {
  const row = await deps.repos.conversations.get(job.session_id);
  const config = row ? deps.config(row.bot_id) : undefined;
  if (!row || !config?.['attendance-email-notify']) return;
  const { facts, customer_email } = await loadConversationFacts(deps.repos, row, deps.now());
  const recipient = config['attendance-email-recipient'];

  switch (job.kind) {
    case 'new_assignment': {
      const attendant = await loadAttendant(deps.repos, job.attendant_id);
      if (!attendant?.address) return deps.logger?.debug({ session: row.session_id }, 'new_assignment: the attendant has no email address');
      await enqueueMail(deps.jobs, config, {
        to: [attendant.address], jobId, notice: { kind: 'new_assignment', conversation: facts, attendant_name: attendant.name },
      });
      return;
    }
    case 'queue_alert': {
      const to = supervisorAddresses(await loadStaff(deps.repos), recipient);
      await enqueueMail(deps.jobs, config, {
        to, jobId,
        notice: { kind: 'queue_alert', conversation: facts, waiting_count: job.waiting_count, threshold: config['attendance-queue-alert-threshold'] },
      });
      return;
    }
    case 'resolved': {
      if (!config['attendance-email-resolved'] || !customer_email) return;
      await enqueueMail(deps.jobs, config, { to: [customer_email], jobId, notice: { kind: 'resolved', conversation: facts } });
      return;
    }
  }
}
