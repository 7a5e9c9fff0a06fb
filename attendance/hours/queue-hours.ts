import type { QueueHoursRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { AutoReply } from './auto-reply.js';
import { ALWAYS_OPEN, type BusinessHours } from './business-hours.js';

/** A queue's hours as the clock reads them: its stored row, or always open. */
export function businessHoursOf(row: QueueHoursRow | undefined): BusinessHours {
  return row ? { time_zone: row.time_zone, weekly: row.weekly, holidays: row.holidays } : ALWAYS_OPEN;
}

/** The queue's stored hours and replies; always open and no replies for no queue or a queue without a row. */
export async function loadQueueHours(
  repos: Pick<AttendanceRepositories, 'hours'>,
  queueId: string | null,
): Promise<{ hours: BusinessHours; replies: readonly AutoReply[]; action: QueueHoursRow['closed_action'] }> {
  const row = queueId ? await repos.hours.get(queueId) : undefined;
  return { hours: businessHoursOf(row), replies: row?.auto_replies ?? [], action: row?.closed_action ?? 'wait' };
}
