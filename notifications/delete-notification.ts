import type { Principal } from '../auth/index.js';
import { notFound } from './get-notification.js';
import type { NotificationsDeps } from './notifications-deps.js';

/**
 * Removes the notification from the caller's inbox (DELETE /{id}, docs/notifications.md, "Endpoints"). Other recipients keep
 * theirs and the sender keeps the delivery record; a caller without a copy gets 404.
 */
export async function deleteNotification(deps: Pick<NotificationsDeps, 'repo' | 'now'>, principal: Principal, id: string): Promise<void> {
  if (!(await deps.repo.removeFromInbox(id, principal.user_id, deps.now()))) throw notFound(id);
}
