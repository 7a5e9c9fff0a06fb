import type { BroadcastRow } from '../db/index.js';
import type { NotificationChannel } from './channels.js';
import { NOTIFICATIONS_INBOX_TOPIC, type InboxDelivery } from './inbox-events.js';
import { DELIVER_JOB_OPTIONS, deliverJobId, NOTIFICATION_JOBS } from './notification-ids.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { audienceOf, type BroadcastInput } from './send-broadcast.js';

/**
 * The broadcast job (docs/notifications.md, "Broadcast"): streams the audience from the database
 * in batches (one statement each: rows, cursor and count move together), so memory stays flat
 * whatever the audience size, and a restart resumes after the last committed batch. In-app rows
 * are written delivered and each batch is pushed to the inbox sockets in one bus message; other
 * channels are written pending and handed to the deliver job. A cancelled broadcast does nothing.
 */
export async function fanOutBroadcast(deps: NotificationsDeps, broadcastId: string): Promise<void> {
  const broadcast = await deps.broadcasts.get(broadcastId);
  if (!broadcast || broadcast.status === 'cancelled' || broadcast.status === 'sent') return;
  if (broadcast.status === 'scheduled' && !(await deps.broadcasts.transition(broadcastId, ['scheduled'], 'sending'))) return;
  const notification = await deps.repo.get(broadcast.notification_id!);
  if (!notification) return;
  await deps.repo.setStatus(notification.id, 'queued');
  const channel = notification.channels[0] as NotificationChannel;
  const delivered = channel === 'in_app';
  const filters = broadcast.filters as BroadcastInput['filters'];
  const target = (broadcast.target === 'all' ? { kind: 'all' } : { kind: broadcast.target, id: broadcast.target_id }) as BroadcastInput['target'];
  const sender = { user_id: broadcast.sender_id ?? '', username: '', roles: ['admin' as const] }; // checked when it was created
  const audience = await audienceOf(deps, sender, { target, filters });
  const frame: InboxDelivery['notification'] = {
    notification_id: notification.id, title: notification.title, message: notification.message, priority: notification.priority,
    category: notification.category, persist: true, data: notification.data, created_at: notification.created_at.toISOString(),
  };

  let cursor = broadcast.cursor;
  let reached = cursor === null ? 0 : 1;
  for (;;) {
    const ids = await deps.broadcasts.fanOutBatch({
      broadcast_id: broadcastId, notification_id: notification.id, channel, delivered, audience, cursor, size: deps.fanOutBatchSize,
    });
    if (ids.length === 0) break;
    cursor = ids.at(-1)!;
    reached += ids.length;
    if (delivered) await deps.bus.publish(NOTIFICATIONS_INBOX_TOPIC, { user_ids: ids, notification: frame } satisfies InboxDelivery);
    await deps.events.deliveredBatch?.(notification.id, channel, ids);
    if (ids.length < deps.fanOutBatchSize) break;
  }
  await deps.broadcasts.transition(broadcastId, ['sending'], 'sent');
  if (reached === 0) await deps.repo.setStatus(notification.id, 'failed'); // nobody to deliver to
  else if (delivered) await deps.repo.refreshStatus(notification.id);
  else await deps.jobs.add(NOTIFICATION_JOBS.deliver, { notification_id: notification.id }, { jobId: deliverJobId(notification.id), ...DELIVER_JOB_OPTIONS });
}

/** Re-enqueues what start-up finds unfinished: scheduled ones at their time, half-sent ones now. */
export async function resumeBroadcasts(deps: NotificationsDeps, unfinished: readonly BroadcastRow[], enqueue: (row: BroadcastRow, delay: number) => Promise<void>): Promise<void> {
  const now = deps.now().getTime();
  for (const row of unfinished) {
    const at = row.status === 'scheduled' && row.scheduled_for ? row.scheduled_for.getTime() : now;
    await enqueue(row, Math.max(0, at - now));
  }
}
