import { enqueueAfterCommit } from '../infra/jobs/index.js';
import type { Principal } from '../auth/index.js';
import type { NotificationRow } from '../db/index.js';
import { ForbiddenError } from '../infra/errors.js';
import type { NotificationCategory, NotificationChannel, NotificationType } from './channels.js';
import { InvalidRecipientsError } from './notification-errors.js';
import { DELIVER_JOB_OPTIONS, deliverJobId, newId, NOTIFICATION_JOBS } from './notification-ids.js';
import { sendsToAnyone, type NotificationsDeps } from './notifications-deps.js';
import { spendLimit } from './rate-limits.js';

/** A send request once validated (docs/notifications.md, "Send"). */
export interface SendNotificationInput {
  recipients: string[];
  title: string;
  message: string;
  priority: 'normal' | 'high';
  channels: NotificationChannel[];
  data: Record<string, unknown>;
  type: Exclude<NotificationType, 'broadcast'>;
  category?: NotificationCategory;
  persistent: boolean;
  require_acknowledgment: boolean;
  expires_at?: Date;
  channel_options: Partial<Record<NotificationChannel, Record<string, unknown>>>;
  idempotency_key?: string;
  /** Per-recipient title and message (a template rendered differently for them). */
  contents?: ReadonlyMap<string, { title: string; message: string }>;
}

/** The stored notification and the requested channels' statuses (all `pending` at first). */
export interface SentNotification {
  notification: NotificationRow;
  delivery: Record<string, string>;
}

/**
 * Sends a notification (docs/notifications.md, "Send"): unknown recipients are a 400 listing them; the
 * caller must be allowed to reach every recipient; then the notification is stored `queued` with
 * one `pending` delivery per recipient and channel, and the deliver job takes it from there. A
 * repeated `Idempotency-Key` answers the first notification instead of sending again.
 */
export async function sendNotification(deps: NotificationsDeps, principal: Principal, input: SendNotificationInput): Promise<SentNotification> {
  if (input.idempotency_key) {
    const earlier = await deps.repo.findByIdempotencyKey(principal.user_id, input.idempotency_key);
    if (earlier) return { notification: earlier, delivery: await channelStatuses(deps, earlier) };
  }
  const recipients = [...new Set(input.recipients)];
  const known = await deps.repo.knownUsers(recipients);
  const unknown = recipients.filter((r) => !known.has(r));
  if (unknown.length > 0) throw new InvalidRecipientsError(unknown);
  if (!sendsToAnyone(principal) && recipients.some((r) => r !== principal.user_id)) {
    throw new ForbiddenError('Only admins and supervisors may send notifications to other users; you may send to yourself');
  }
  await spendLimit(deps, 'send', principal.user_id);

  const channels = [...new Set(input.channels)];
  const category = input.category ?? (input.type === 'system' ? 'system' : 'updates');
  const notification = await deps.repo.create({
    id: newId('ntf'),
    sender_id: principal.user_id,
    type: input.type,
    title: input.title,
    message: input.message,
    priority: input.priority,
    channels,
    data: input.data,
    channel_options: input.channel_options,
    category,
    persistent: input.persistent,
    require_acknowledgment: input.require_acknowledgment,
    expires_at: input.expires_at ?? null,
    status: 'queued',
    recipients_count: recipients.length,
    idempotency_key: input.idempotency_key ?? null,
    created_at: deps.now(),
  }, recipients.flatMap((recipient_id) => channels.map((channel) => ({
    recipient_id, channel, status: 'pending' as const,
    ...(input.contents?.get(recipient_id) ?? {}),
  }))));
  // Stored: a Redis outage only delays the delivery (delivery-jobs.ts `recover`), it does not fail the send.
  await enqueueAfterCommit(deps, 'notification delivery', { notification: notification.id }, () =>
    deps.jobs.add(NOTIFICATION_JOBS.deliver, { notification_id: notification.id }, { jobId: deliverJobId(notification.id), ...DELIVER_JOB_OPTIONS }));
  return { notification, delivery: Object.fromEntries(channels.map((c) => [c, 'pending'])) };
}

/**
 * One status per channel: `pending` while any recipient's copy is, else `delivered` when any was,
 * else the shared outcome (`failed` or `expired`).
 */
export async function channelStatuses(deps: Pick<NotificationsDeps, 'repo'>, notification: NotificationRow): Promise<Record<string, string>> {
  const rows = await deps.repo.deliveries(notification.id);
  return summarize(notification.channels, rows);
}

/** {@link channelStatuses} over rows already read. */
export function summarize(channels: readonly string[], rows: readonly { channel: string; status: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const channel of channels) {
    const statuses = rows.filter((r) => r.channel === channel).map((r) => r.status);
    out[channel] = statuses.includes('pending') ? 'pending' : statuses.includes('delivered') ? 'delivered'
      : statuses.length > 0 && statuses.every((s) => s === 'expired') ? 'expired' : statuses.length > 0 ? 'failed' : 'pending';
  }
  return out;
}
