import { and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { notificationPushSubscriptions } from './schema/index.js';

export type PushSubscriptionRow = typeof notificationPushSubscriptions.$inferSelect;

/** The only code that queries browser push subscriptions. */
export function createNotificationPushRepo(db: Database) {
  const p = notificationPushSubscriptions;
  return {
    /** Saves a subscription for the user (an endpoint moves to whoever subscribed it last). */
    async save(row: { endpoint: string; user_id: string; p256dh: string; auth: string }): Promise<void> {
      await db.insert(p).values(row).onConflictDoUpdate({ target: p.endpoint, set: { user_id: row.user_id, p256dh: row.p256dh, auth: row.auth } });
    },
    async ofUser(userId: string): Promise<PushSubscriptionRow[]> {
      if (!isUuid(userId)) return [];
      return db.select().from(p).where(eq(p.user_id, userId));
    },
    /** Removes one; `userId` limits it to that user's own. */
    async remove(endpoint: string, userId?: string): Promise<boolean> {
      const where = userId === undefined ? eq(p.endpoint, endpoint) : and(eq(p.endpoint, endpoint), eq(p.user_id, userId));
      return (await db.delete(p).where(where).returning({ endpoint: p.endpoint })).length > 0;
    },
  };
}

export type NotificationPushRepo = ReturnType<typeof createNotificationPushRepo>;
