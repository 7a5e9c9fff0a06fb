import type { DeliveryRow, NotificationRow } from '../db/index.js';
import { DELIVERY_REASONS, type NotificationCategory, type NotificationChannel } from './channels.js';
import { ChannelNotConfiguredError, PermanentDeliveryFailure, type DeliveryTarget } from './delivery-port.js';
import { DELIVER_JOB_OPTIONS, deliverJobId, NOTIFICATION_JOBS } from './notification-ids.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { decide, readPreferences, type NotificationPreferences } from './preferences.js';
import { sendDigest } from './send-digest.js';

/**
 * The deliver job (docs/notifications.md, "Delivery"): takes a notification's pending deliveries
 * that are due, applies each recipient's preferences and hands the copy to the channel's sender.
 * Outcomes are written per row (only while still pending, so a rerun never sends twice what was
 * recorded); a transient failure leaves its row pending and fails the job so it is retried.
 * Deferred rows (quiet hours, daily email) get a delayed run of their own; at digest time a
 * daily-email user's due emails go out together (send-digest.ts). An expired
 * notification's pending rows become `expired`.
 */
export async function deliverNotification(deps: NotificationsDeps, notificationId: string): Promise<void> {
  const notification = await deps.repo.get(notificationId);
  if (!notification) return;
  const now = deps.now();
  if (notification.expires_at && notification.expires_at <= now) {
    await expireAll(deps, notification);
    return;
  }
  // A run takes a bounded slice, so a broadcast's thousands of rows never sit in memory at once.
  const due = await deps.repo.duePending(notificationId, now, DELIVER_SLICE);
  const recipients = [...new Set(due.map((d) => d.recipient_id))];
  const [prefs, contacts] = await Promise.all([deps.settings.preferencesOf(recipients), deps.repo.contacts(recipients)]);
  const delivered: { notification_id: string; recipient: string; channel: string; delivered_at: string }[] = [];
  let nextDue: Date | undefined;
  let transient: unknown;

  for (const row of due) {
    const channel = row.channel as NotificationChannel;
    const preferences = readPreferences(prefs.get(row.recipient_id));
    const decision = decide(preferences, facts(notification), channel, now);
    const contact = recipientOf(contacts.get(row.recipient_id), preferences);
    const alreadyWaited = row.deliver_after !== null && row.deliver_after <= now;
    if (channel === 'email' && preferences.email.frequency === 'daily' && 'deferUntil' in decision && alreadyWaited && contact) {
      // Digest time: this user's due emails of every notification go out as one message.
      try {
        delivered.push(...(await sendDigest(deps, contact, now, notificationId)));
      } catch (error) {
        transient = error;
      }
      continue;
    }
    if ('deferUntil' in decision && !alreadyWaited) {
      await deps.repo.defer(notificationId, row.recipient_id, channel, decision.deferUntil);
      if (!nextDue || decision.deferUntil < nextDue) nextDue = decision.deferUntil;
      continue;
    }
    if ('send' in decision && !decision.send) {
      await deps.repo.settle(notificationId, row.recipient_id, channel, { status: 'failed', reason: decision.reason });
      continue;
    }
    if (channel === 'in_app') {
      // The stored row is the inbox: it is delivered once written, and the live push (with the unread count) follows.
      if (await deps.repo.settle(notificationId, row.recipient_id, channel, { status: 'delivered', delivered_at: now })) {
        delivered.push({ notification_id: notificationId, recipient: row.recipient_id, channel, delivered_at: now.toISOString() });
        const pushed = await attempt(deps, notification, row, contact);
        if (pushed !== 'delivered') deps.logger.warn({ notification_id: notificationId }, 'in-app notification stored but not pushed live');
      }
      continue;
    }
    const outcome = await attempt(deps, notification, row, contact);
    if (outcome === 'delivered') {
      if (await deps.repo.settle(notificationId, row.recipient_id, channel, { status: 'delivered', delivered_at: now })) {
        delivered.push({ notification_id: notificationId, recipient: row.recipient_id, channel, delivered_at: now.toISOString() });
      }
    } else if (typeof outcome === 'string') {
      await deps.repo.settle(notificationId, row.recipient_id, channel, { status: 'failed', reason: outcome });
    } else {
      transient = outcome.error;
    }
  }
  await deps.repo.refreshStatus(notificationId);
  if (delivered.length > 0) await deps.events.delivered(delivered);
  if (nextDue) {
    const delay = Math.max(0, nextDue.getTime() - deps.now().getTime());
    await deps.jobs.add(NOTIFICATION_JOBS.deliver, { notification_id: notificationId }, { jobId: deliverJobId(notificationId, nextDue.getTime()), delay, ...DELIVER_JOB_OPTIONS });
  }
  if (transient) throw transient;
  if (due.length === DELIVER_SLICE) {
    await deps.jobs.add(NOTIFICATION_JOBS.deliver, { notification_id: notificationId }, { jobId: `${deliverJobId(notificationId)}-next-${due.at(-1)!.recipient_id}`, ...DELIVER_JOB_OPTIONS });
  }
}

const DELIVER_SLICE = 500;

const CATEGORIES = new Set<string>(['system', 'marketing', 'updates']);

function facts(n: NotificationRow) {
  const category = (n.category && CATEGORIES.has(n.category) ? n.category : 'updates') as NotificationCategory;
  return { type: n.type, category, require_acknowledgment: n.require_acknowledgment };
}

/** The user's addresses: the account's username and email, and the phone number of their preferences. */
function recipientOf(user: { id: string; username: string; email: string } | undefined, preferences: NotificationPreferences): DeliveryTarget['recipient'] | undefined {
  if (!user) return undefined;
  return preferences.sms.phone ? { ...user, phone: preferences.sms.phone } : user;
}

/** Calls the channel's sender: 'delivered', a failure reason, or a transient error to retry. */
async function attempt(
  deps: NotificationsDeps, n: NotificationRow, row: DeliveryRow, contact: DeliveryTarget['recipient'] | undefined,
): Promise<'delivered' | string | { error: unknown }> {
  const sender = deps.senders[row.channel as NotificationChannel];
  if (!sender) return DELIVERY_REASONS.notConfigured;
  if (!contact) return DELIVERY_REASONS.noAddress;
  const clickUrl = deps.clickUrl(n.id, row.recipient_id, n.data);
  try {
    await sender.deliver({
      notification_id: n.id,
      recipient: contact,
      title: row.title ?? n.title,
      message: row.message ?? n.message,
      priority: n.priority,
      data: n.data,
      options: n.channel_options[row.channel] ?? {},
      ...(clickUrl ? { click_url: clickUrl } : {}),
    });
    return 'delivered';
  } catch (error) {
    if (error instanceof ChannelNotConfiguredError) return error.reason;
    if (error instanceof PermanentDeliveryFailure) return error.reason;
    deps.logger.warn({ err: error, notification_id: n.id, channel: row.channel }, 'notification delivery failed; will retry');
    return { error };
  }
}

async function expireAll(deps: NotificationsDeps, n: NotificationRow): Promise<void> {
  const rows = await deps.repo.deliveries(n.id);
  for (const row of rows) {
    if (row.status === 'pending') await deps.repo.settle(n.id, row.recipient_id, row.channel, { status: 'expired', reason: DELIVERY_REASONS.expired });
  }
  await deps.repo.refreshStatus(n.id);
}
