import type { Principal } from '../auth/index.js';
import type { DeliveryRow, NotificationRow } from '../db/index.js';
import { NotFoundError } from '../infra/errors.js';
import { sendsToAnyone, type NotificationsDeps } from './notifications-deps.js';
import { summarize } from './send-notification.js';

/** A notification as its reader may see it. */
export interface NotificationView {
  notification: NotificationRow;
  delivery: Record<string, string>;
  /** Every recipient's rows for the sender, admins and supervisors; only the caller's own for a recipient. */
  details: DeliveryRow[];
  /** The caller's own copy, when they are a recipient: its read time and its own rendering (templates). */
  own?: { read_at: Date | null; title: string | null; message: string | null };
}

/**
 * Reads one notification (GET /{id}, docs/notifications.md, "Endpoints"). The sender, admins and supervisors see every delivery;
 * a recipient sees their own copy until they delete it; anyone else gets 404, as if it did not exist.
 */
export async function getNotification(deps: Pick<NotificationsDeps, 'repo'>, principal: Principal, id: string): Promise<NotificationView> {
  const notification = await deps.repo.get(id);
  if (!notification) throw notFound(id);
  const overseer = notification.sender_id === principal.user_id || sendsToAnyone(principal);
  const own = await deps.repo.deliveries(id, principal.user_id);
  if (!overseer && own.length === 0) throw notFound(id);
  const details = overseer ? await deps.repo.deliveries(id) : own;
  return {
    notification,
    delivery: summarize(notification.channels, details),
    details,
    ...(own.length > 0 ? { own: { read_at: own.find((r) => r.read_at)?.read_at ?? null, title: own[0]!.title, message: own[0]!.message } } : {}),
  };
}

export function notFound(id: string): NotFoundError {
  return new NotFoundError(`Notification ${id} not found`, 'notification_not_found');
}
