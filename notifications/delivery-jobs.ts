import { deliverNotification } from './deliver-notification.js';
import { fanOutBroadcast, resumeBroadcasts } from './fan-out-broadcast.js';
import { deliverWebhook } from './webhooks/deliver-webhook.js';
import type { WebhookJob } from './webhooks/webhook-events.js';
import { broadcastJobId, DELIVER_JOB_OPTIONS, deliverJobId, NOTIFICATION_JOBS } from './notification-ids.js';
import type { NotificationsDeps } from './notifications-deps.js';

/**
 * Registers the deliver, broadcast and webhook jobs and, at start-up (and at each `recover`), enqueues every notification that still has pending
 * deliveries, each when its earliest is due (the database is the source of truth:
 * docs/architecture.md, "Ports and drivers"), and every broadcast still scheduled or half sent. When a run has used up its retries, the rows it
 * could not deliver are failed with `delivery_failed` rather than left pending forever.
 */
export function createDeliveryJobs(deps: NotificationsDeps) {
  return {
    async start(): Promise<void> {
      deps.jobs.process<{ notification_id: string }>(NOTIFICATION_JOBS.deliver, (data) => deliverNotification(deps, data.notification_id), {
        concurrency: 4,
        onFailed: (_error, ctx) => void failDue(deps, ctx.id).catch((err: unknown) => deps.logger.error({ err }, 'could not fail undelivered notifications')),
      });
      deps.jobs.process<WebhookJob>(NOTIFICATION_JOBS.webhook, (job) => deliverWebhook(deps, job), { concurrency: 4 });
      deps.jobs.process<{ broadcast_id: string }>(NOTIFICATION_JOBS.broadcast, (data) => fanOutBroadcast(deps, data.broadcast_id));
      await this.recover();
    },
    /**
     * Enqueues what the database says is due: at start-up, when Redis returns after an outage and at
     * the recovery sweep (docs/operations/high-availability.md, "Faults"). Job ids make it idempotent.
     */
    async recover(): Promise<void> {
      await resumeBroadcasts(deps, await deps.broadcasts.unfinished(), (row, delay) =>
        deps.jobs.add(NOTIFICATION_JOBS.broadcast, { broadcast_id: row.id }, { jobId: broadcastJobId(row.id), attempts: 5, backoff: { type: 'exponential', delay: 1000 }, ...(delay > 0 ? { delay } : {}) }).then(() => undefined));
      const now = deps.now().getTime();
      for (const { id, due } of await deps.repo.pendingNotifications()) {
        const at = due?.getTime();
        await deps.jobs.add(NOTIFICATION_JOBS.deliver, { notification_id: id }, {
          jobId: deliverJobId(id, at), ...DELIVER_JOB_OPTIONS, ...(at && at > now ? { delay: at - now } : {}),
        });
      }
    },
  };
}

async function failDue(deps: NotificationsDeps, jobId: string): Promise<void> {
  const match = /^ntf-deliver-(ntf_[0-9a-f]+)/.exec(jobId);
  if (!match) return;
  const id = match[1]!;
  for (const row of await deps.repo.duePending(id, deps.now())) {
    await deps.repo.settle(id, row.recipient_id, row.channel, { status: 'failed', reason: 'delivery_failed' });
  }
  await deps.repo.refreshStatus(id);
}
