import { randomUUID } from 'node:crypto';

/** Prefixed opaque ids: `ntf_…` for notifications, `brd_…` broadcasts, `whk_…` webhooks. */
export function newId(prefix: 'ntf' | 'brd' | 'whk'): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

/** The deliver job's id for a notification (and an optional due time, so a deferred run is its own job). */
export function deliverJobId(notificationId: string, dueMs?: number): string {
  return dueMs === undefined ? `ntf-deliver-${notificationId}` : `ntf-deliver-${notificationId}-${dueMs}`;
}

/** The job names of the notifications area; each has its handler registered by the service. */
export const NOTIFICATION_JOBS = {
  deliver: 'notifications.deliver',
  broadcast: 'notifications.broadcast',
  webhook: 'notifications.webhook',
} as const;

/** Retry policy of the deliver job: transient channel errors are retried with backoff. */
export const DELIVER_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 1000 } };

/** The fan-out job's id for a broadcast. */
export function broadcastJobId(broadcastId: string): string {
  return `ntf-broadcast-${broadcastId}`;
}
