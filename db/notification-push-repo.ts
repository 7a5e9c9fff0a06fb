import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { notificationPushDevices, notificationPushSubscriptions, type PUSH_DEVICE_PLATFORMS } from './schema/index.js';

export type PushSubscriptionRow = typeof notificationPushSubscriptions.$inferSelect;

/** The only code that queries browser push subscriptions (`web`) and mobile devices (`push`). */
export function createNotificationPushRepo(db: Database) {
  const p = notificationPushSubscriptions;
  const dv = notificationPushDevices;
  return {
    /**
     * Saves a subscription for the user (an endpoint moves to whoever subscribed it last in the
     * tenant; migration 0037 keys it by tenant, which drizzle's schema leaves unnamed).
     */
    async save(row: { endpoint: string; user_id: string; p256dh: string; auth: string }): Promise<void> {
      await db.execute(sql`insert into notification_push_subscriptions (endpoint, user_id, p256dh, auth)
        values (${row.endpoint}, ${row.user_id}, ${row.p256dh}, ${row.auth})
        on conflict (tenant_id, endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`);
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
      await db.execute(sql`insert into notification_push_devices (token, user_id, platform) values (${row.token}, ${row.user_id}, ${row.platform})
        on conflict (tenant_id, token) do update set user_id = excluded.user_id, platform = excluded.platform`);
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
