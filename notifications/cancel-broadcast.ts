import type { Principal } from '../auth/index.js';
import type { BroadcastRow } from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { sendsToAnyone, type NotificationsDeps } from './notifications-deps.js';

/** The broadcast if the caller sent it or oversees notifications; otherwise 404. */
export async function getBroadcast(deps: Pick<NotificationsDeps, 'broadcasts'>, principal: Principal, id: string): Promise<BroadcastRow> {
  const row = await deps.broadcasts.get(id);
  if (!row || (row.sender_id !== principal.user_id && !sendsToAnyone(principal))) {
    throw new NotFoundError(`Broadcast ${id} not found`, 'broadcast_not_found');
  }
  return row;
}

/**
 * Cancels a scheduled broadcast (`DELETE /broadcast/{id}`): it becomes `cancelled` and its
 * notification, which never went out, is removed. One already sending or sent is a 409.
 */
export async function cancelBroadcast(deps: Pick<NotificationsDeps, 'broadcasts'>, principal: Principal, id: string): Promise<BroadcastRow> {
  const row = await getBroadcast(deps, principal, id);
  if (!(await deps.broadcasts.transition(id, ['scheduled'], 'cancelled'))) {
    throw new ConflictError(`Broadcast ${id} is ${row.status === 'scheduled' ? 'already starting' : row.status}; only a scheduled broadcast can be cancelled`, 'broadcast_not_cancellable');
  }
  if (row.notification_id) await deps.broadcasts.deleteNotification(row.notification_id);
  return { ...row, status: 'cancelled' };
}
