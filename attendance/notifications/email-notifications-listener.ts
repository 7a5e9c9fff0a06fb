/**
 * The attendance listener for email, active for bots whose
 * `attendance-email-notify` is true. Guard clauses plus job inserts: it never talks to
 * the mail server and does at most a couple of reads, so a slow or dead SMTP server cannot delay a
 * `/take`, and with BullMQ no notice is lost to a crash.
 */
import type { BotConfig } from '../../config/index.js';
import {
  type ConversationRow,
} from '../../db/index.js';
import type { AttendanceListener } from '../attendance-listener.js';
import type { ConversationEvent } from '../conversation-events.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { EMAIL_JOBS, stamp, type NotifyJob } from './email-jobs.js';
import { scheduleWaitChecks } from './schedule-wait-checks.js';

/** Options of {@link createEmailNotificationsListener}. */
export interface EmailListenerDeps extends EmailNotificationDeps {
  /** False without `SMTP_URL`: then nothing is enqueued (start-up warns about bots that asked for mail). */
  mailConfigured: boolean;
}

/**
 * Turns conversation events into email jobs:
 * - queued / requeued: the delayed customer_waiting and sla_check jobs of this waiting cycle, and a
 *   queue_alert when this conversation is the one that took the bot's waiting count above
 *   `attendance-queue-alert-threshold` (once per crossing, not once per customer above it);
 * - assigned / transferred: new_assignment for the attendant (not when they assigned it to themselves);
 * - resolved: the customer's notice, when `attendance-email-resolved` is on.
 */
export function createEmailNotificationsListener(deps: EmailListenerDeps): AttendanceListener {
  const notify = (job: NotifyJob, jobId: string) => deps.jobs.add(EMAIL_JOBS.notify, job, { jobId });

  async function onEvent(row: ConversationRow, config: BotConfig, event: ConversationEvent): Promise<void> {
    const at = Date.parse(event.payload.at);
    switch (event.name) {
      case 'conversation.queued':
      case 'conversation.requeued':
        await scheduleWaitChecks(deps, row, config);
        await alertOnCrossing(row, config);
        return;
      case 'conversation.assigned':
      case 'conversation.transferred': {
        const attendant = event.payload.attendant_id;
        if (event.payload.actor_id === attendant) return;
        await notify({ kind: 'new_assignment', session_id: row.session_id, attendant_id: attendant }, `email-assignment-${row.session_id}-${attendant}-${at}`);
        return;
      }
      case 'conversation.resolved':
        if (config['attendance-email-resolved']) await notify({ kind: 'resolved', session_id: row.session_id }, `email-resolved-${row.session_id}-${at}`);
        return;
      case 'conversation.accepted':
      case 'conversation.answered':
      case 'conversation.resumed':
        return;
    }
  }

  /**
   * The crossing is the conversation that is number threshold + 1 of the bot's waiting items in
   * arrival order. Counting by rank rather than "count == threshold + 1" means two customers
   * queued at the same instant cannot both miss (or both send) the alert.
   */
  async function alertOnCrossing(row: ConversationRow, config: BotConfig): Promise<void> {
    const threshold = config['attendance-queue-alert-threshold'];
    const waiting = (await deps.repos.conversations.listWaiting({ bot_id: row.bot_id }))
      .sort((a, b) => stamp(a.waiting_since) - stamp(b.waiting_since) || a.session_id.localeCompare(b.session_id));
    const rank = waiting.findIndex((w) => w.session_id === row.session_id) + 1;
    if (rank !== threshold + 1) return;
    await notify(
      { kind: 'queue_alert', session_id: row.session_id, waiting_count: waiting.length },
      `email-queue-alert-${row.session_id}-${stamp(row.waiting_since)}`,
    );
  }

  return {
    async conversationChanged(row, events) {
      const config = deps.config(row.bot_id);
      if (!deps.mailConfigured || !config?.['attendance-email-notify']) return;
      for (const event of events) await onEvent(row, config, event);
    },
    customerMessage: async () => undefined,
  };
}
