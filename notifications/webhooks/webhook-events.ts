import { randomUUID } from 'node:crypto';
import type { NotificationWebhooksRepo } from '../../db/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import { NOTIFICATION_JOBS } from '../notification-ids.js';
import type { NotificationEventSink } from '../notifications-deps.js';

/** The webhook events (docs/notifications.md, "Webhooks"). */
export const WEBHOOK_EVENTS = ['notification.delivered', 'notification.clicked'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What the webhook job carries: one event for one endpoint, with its Standard Webhooks message id. */
export interface WebhookJob {
  webhook_id: string;
  message_id: string;
  payload: Record<string, unknown>;
}

/** Attempts per event and the first backoff: 1 s, 2 s, 4 s … (docs/notifications.md, "Webhooks"). */
export const WEBHOOK_JOB_OPTIONS = { attempts: 6, backoff: { type: 'exponential' as const, delay: 1000 } };

/**
 * Turns delivered and clicked events into one webhook job per subscribed endpoint and event.
 * Nothing is enqueued when no endpoint listens, so deliveries cost nothing extra without webhooks.
 */
export function createWebhookEvents(deps: { webhooks: Pick<NotificationWebhooksRepo, 'activeFor'>; jobs: JobQueue }): NotificationEventSink {
  const emit = async (event: WebhookEvent, payloads: readonly Record<string, unknown>[]) => {
    if (payloads.length === 0) return;
    const targets = await deps.webhooks.activeFor(event);
    for (const hook of targets) {
      for (const payload of payloads) {
        const job: WebhookJob = { webhook_id: hook.id, message_id: `msg_${randomUUID().replaceAll('-', '')}`, payload: { event, ...payload } };
        await deps.jobs.add(NOTIFICATION_JOBS.webhook, job, { jobId: `ntf-webhook-${job.message_id}`, ...WEBHOOK_JOB_OPTIONS });
      }
    }
  };
  return {
    delivered: (events) => emit('notification.delivered', events),
    deliveredBatch: async (notificationId, channel, userIds) => {
      const deliveredAt = new Date().toISOString();
      await emit('notification.delivered', userIds.map((recipient) => ({ notification_id: notificationId, recipient, channel, delivered_at: deliveredAt })));
    },
    clicked: (event) => emit('notification.clicked', [event]),
  };
}
