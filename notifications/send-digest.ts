import type { DigestItem } from '../db/index.js';
import { ChannelNotConfiguredError, PermanentDeliveryFailure, type DeliveryTarget } from './delivery-port.js';
import type { NotificationsDeps } from './notifications-deps.js';

/** A `notification.delivered` event of a digest's copy. */
type DeliveredEvent = { notification_id: string; recipient: string; channel: string; delivered_at: string };

/**
 * The daily digest (docs/notifications.md, "Preferences"): at the user's `digest_time`, the first
 * deliver run to reach one of their deferred emails takes all of them that are due, across
 * notifications, and sends one email listing them (title, message, and the tracked link of
 * `data.url`), oldest first. The taken copies are written delivered before the send, so a
 * concurrent run finds none; a send that fails gives them back pending, then fails them with the
 * reason when retrying cannot help, or throws for the deliver job to retry. Answers the delivered
 * events; the other notifications' statuses are refreshed (the running one's is by its run).
 */
export async function sendDigest(deps: NotificationsDeps, recipient: DeliveryTarget['recipient'], now: Date, runningId: string): Promise<DeliveredEvent[]> {
  const items = await deps.repo.claimDigest(recipient.id, now);
  if (items.length === 0) return [];
  const outcome = await send(deps, recipient, items);
  if (outcome !== 'delivered') {
    for (const item of items) await deps.repo.settle(item.notification_id, recipient.id, 'email', { status: 'failed', reason: outcome.reason });
  }
  for (const item of items) if (item.notification_id !== runningId) await deps.repo.refreshStatus(item.notification_id);
  return outcome === 'delivered'
    ? items.map((item) => ({ notification_id: item.notification_id, recipient: recipient.id, channel: 'email', delivered_at: now.toISOString() }))
    : [];
}

async function send(deps: NotificationsDeps, recipient: DeliveryTarget['recipient'], items: DigestItem[]): Promise<'delivered' | { reason: string }> {
  const lines = items.map((item) => {
    const link = deps.clickUrl(item.notification_id, recipient.id, item.data);
    return `• ${item.title}\n  ${item.message}${link ? `\n  ${link}` : ''}`;
  });
  try {
    if (!deps.senders.email) throw new ChannelNotConfiguredError('email: no sender');
    await deps.senders.email.deliver({
      notification_id: items[0]!.notification_id,
      recipient,
      title: items.length === 1 ? `Daily digest: ${items[0]!.title}` : `Daily digest: ${items.length} notifications`,
      message: `Your notifications since the last digest:\n\n${lines.join('\n\n')}`,
      priority: 'normal',
      data: {},
      options: {},
    });
    return 'delivered';
  } catch (error) {
    await deps.repo.releaseDigest(recipient.id, items.map((i) => i.notification_id));
    if (error instanceof ChannelNotConfiguredError || error instanceof PermanentDeliveryFailure) return { reason: error.reason };
    throw error;
  }
}
