/**
 * The `attendance.email.customer_waiting` job: enqueued with a delay of
 * `attendance-customer-waiting-seconds` when a conversation joins the queue, it mails only if
 * that same waiting cycle is still unattended — a delayed job instead of polling the queue.
 */
import { loadAttendant, loadConversationFacts } from './conversation-facts.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { enqueueMail, type WaitCheckJob } from './email-jobs.js';
import { uniqueAddresses, waitingAudience } from './email-recipients.js';
import { stillUnattended } from './still-unattended.js';

/**
 * Mails the attendant the conversation is assigned to (not yet accepted) or, when nobody holds it,
 * the queue's members (else the online attendants of its channel). Does nothing once it was
 * accepted, resolved, or queued again since (`waiting_since` changed).
 */
export async function checkCustomerWaiting(deps: EmailNotificationDeps, job: WaitCheckJob, jobId: string): Promise<void> {
  const row = await deps.repos.conversations.get(job.session_id);
  const config = row ? deps.config(row.bot_id) : undefined;
  if (!row || !config?.['attendance-email-notify'] || !stillUnattended(row, job.waiting_since)) return;

  let attendantName: string | undefined;
  let userIds: string[];
  if (row.assigned_to) {
    userIds = [row.assigned_to];
  } else {
    const members = row.queue_id ? await deps.repos.queues.listMembers(row.queue_id) : undefined;
    const profiles = await deps.repos.profiles.list({ status: 'online' });
    userIds = waitingAudience({ ...(members ? { queueMembers: members } : {}), profiles, channel: row.channel });
  }
  const attendants = await Promise.all(userIds.map((id) => loadAttendant(deps.repos, id)));
  if (row.assigned_to) attendantName = attendants[0]?.name;
  const to = uniqueAddresses(attendants.map((a) => a?.address));
  if (to.length === 0) return deps.logger?.debug({ session: row.session_id }, 'customer_waiting: nobody to mail');
  const { facts } = await loadConversationFacts(deps.repos, row, deps.now());
  await enqueueMail(deps.jobs, config, {
    to, jobId, notice: { kind: 'customer_waiting', conversation: facts, ...(attendantName ? { attendant_name: attendantName } : {}) },
  });
}
