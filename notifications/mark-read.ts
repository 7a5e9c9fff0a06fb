import type { Principal } from '../auth/index.js';
import { notFound } from './get-notification.js';
import type { NotificationsDeps } from './notifications-deps.js';

/** Marks the caller's copy read (PATCH /{id}/read, docs/notifications.md, "Endpoints"): the first read time stays; not a recipient → 404. */
export async function markNotificationRead(deps: Pick<NotificationsDeps, 'repo' | 'now'>, principal: Principal, id: string): Promise<Date> {
  const readAt = await deps.repo.markRead(id, principal.user_id, deps.now());
  if (!readAt) throw notFound(id);
  return readAt;
}
