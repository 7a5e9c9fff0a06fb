import type { Principal } from '../auth/index.js';
import type { NotificationRow } from '../db/index.js';
import type { NotificationStatus } from '../db/index.js';
import type { NotificationChannel } from './channels.js';
import type { NotificationsDeps } from './notifications-deps.js';

export interface ListNotificationsInput {
  page: number;
  limit: number;
  status?: NotificationStatus;
  channel?: NotificationChannel;
  start_date?: Date;
  end_date?: Date;
}

/** Lists what the caller sent or still has in their inbox, newest first (GET /, docs/notifications.md, "Endpoints"). */
export async function listNotifications(
  deps: Pick<NotificationsDeps, 'repo'>, principal: Principal, input: ListNotificationsInput,
): Promise<{ rows: NotificationRow[]; total: number }> {
  return deps.repo.list({
    visible_to: principal.user_id,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
    ...(input.status ? { status: input.status } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
    ...(input.start_date ? { start_date: input.start_date } : {}),
    ...(input.end_date ? { end_date: input.end_date } : {}),
  });
}
