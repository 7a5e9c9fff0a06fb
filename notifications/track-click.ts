import { createHmac, timingSafeEqual } from 'node:crypto';
import { NotFoundError } from '../infra/errors.js';
import type { NotificationsDeps } from './notifications-deps.js';

/** Signs (notification, user) so a click link cannot be forged for someone else. */
export function clickSignature(key: Uint8Array, notificationId: string, userId: string): string {
  return createHmac('sha256', key).update(`click:${notificationId}:${userId}`).digest('base64url');
}

/**
 * A click on a notification's link (docs/notifications.md, "Click tracking"): checks the
 * signature, records the first `clicked_at` and the `action` of `data.action`, emits
 * `notification.clicked`, and answers where to redirect (`data.url`). A bad link is 404.
 */
export async function trackClick(
  deps: Pick<NotificationsDeps, 'repo' | 'now' | 'events'> & { linkKey: Uint8Array }, input: { notification_id: string; user_id: string; signature: string },
): Promise<string> {
  const expected = Buffer.from(clickSignature(deps.linkKey, input.notification_id, input.user_id));
  const given = Buffer.from(input.signature);
  const notification = expected.length === given.length && timingSafeEqual(expected, given) ? await deps.repo.get(input.notification_id) : undefined;
  const url = notification?.data.url;
  if (!notification || typeof url !== 'string') throw new NotFoundError('No such notification link', 'notification_not_found');
  const at = deps.now();
  const action = typeof notification.data.action === 'string' ? notification.data.action : null;
  if (!(await deps.repo.markClicked(notification.id, input.user_id, at, action))) throw new NotFoundError('No such notification link', 'notification_not_found');
  await deps.events.clicked({ notification_id: notification.id, user_id: input.user_id, clicked_at: at.toISOString(), action });
  return url;
}
