import type { DigestItem } from '../db/index.js';
import { ChannelNotConfiguredError, PermanentDeliveryFailure, type DeliveryTarget } from './delivery-port.js';
import type { NotificationsDeps } from './notifications-deps.js';

/** What a digest run did: the notifications it delivered, or the reason it failed them. */
export type DigestOutcome =
  | { status: 'delivered'; items: DigestItem[] }
  | { status: 'failed'; reason: string; items: DigestItem[] }
  | { status: 'none' };

/**
 * The daily digest (docs/notifications.md, "Preferences"): at the user's `digest_time`, the first
 * deliver run to reach one of their deferred emails takes all of them that are due, across
 * notifications, and sends one email listing them (title, message, and the tracked link of
 * `data.url`), oldest first. The taken copies are written delivered before the send, so a
 * concurrent run finds none; a send that fails gives them back pending, and a transient failure
 * is thrown for the deliver job to retry.
 */
export async function sendDigest(deps: NotificationsDeps, recipient: DeliveryTarget['recipient'], now: Date): Promise<DigestOutcome> {
  const items = await deps.repo.claimDigest(recipient.id, now);
  if (items.length === 0) return { status: 'none' };
  const sender = deps.senders.email;
  const lines = items.map((item) => {
    const link = deps.clickUrl(item.notification_id, recipient.id, item.data);
    return `• ${item.title}\n  ${item.message}${link ? `\n  ${link}` : ''}`;
  });
  try {
    if (!sender) throw new ChannelNotConfiguredError('email: no sender');
    await sender.deliver({
      notification_id: items[0]!.notification_id,
      recipient,
      title: items.length === 1 ? `Daily digest: ${items[0]!.title}` : `Daily digest: ${items.length} notifications`,
      message: `Your notifications since the last digest:\n\n${lines.join('\n\n')}`,
      priority: 'normal',
      data: {},
      options: {},
    });
    return { status: 'delivered', items };
  } catch (error) {
    await deps.repo.releaseDigest(recipient.id, items.map((i) => i.notification_id));
    if (error instanceof ChannelNotConfiguredError || error instanceof PermanentDeliveryFailure) return { status: 'failed', reason: error.reason, items };
    throw error;
  }
}
