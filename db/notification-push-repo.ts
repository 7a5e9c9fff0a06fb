import { and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { notificationPushDevices, notificationPushSubscriptions, type PUSH_DEVICE_PLATFORMS } from './schema/index.js';

export type PushSubscriptionRow = typeof notificationPushSubscriptions.$inferSelect;

/** The only code that queries browser push subscriptions (`web`) and mobile devices (`push`). */
export function createNotificationPushRepo(db: Database) {
  const p = notificationPushSubscriptions;
  const dv = notificationPushDevices;
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
    /** Saves a device token for the user (a token moves to whoever registered it last: the app's user changed). */
    async saveDevice(row: { token: string; user_id: string; platform: (typeof PUSH_DEVICE_PLATFORMS)[number] }): Promise<void> {
      await db.insert(dv).values(row).onConflictDoUpdate({ target: dv.token, set: { user_id: row.user_id, platform: row.platform } });
    },
    async devicesOf(userId: string): Promise<{ token: string }[]> {
      if (!isUuid(userId)) return [];
      return db.select({ token: dv.token }).from(dv).where(eq(dv.user_id, userId));
    },
    /** Removes one; `userId` limits it to that user's own. */
    async removeDevice(token: string, userId?: string): Promise<boolean> {
      const where = userId === undefined ? eq(dv.token, token) : and(eq(dv.token, token), eq(dv.user_id, userId));
      return (await db.delete(dv).where(where).returning({ token: dv.token })).length > 0;
    },
  };
}

export type NotificationPushRepo = ReturnType<typeof createNotificationPushRepo>;
