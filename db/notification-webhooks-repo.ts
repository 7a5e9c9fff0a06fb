import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { notificationWebhooks } from './schema/index.js';

export type WebhookRow = typeof notificationWebhooks.$inferSelect;
export type NewWebhook = typeof notificationWebhooks.$inferInsert;

/** The only code that queries `notification_webhooks`. */
export function createNotificationWebhooksRepo(db: Database) {
  const w = notificationWebhooks;
  return {
    async create(row: NewWebhook): Promise<WebhookRow> {
      const [created] = await db.insert(w).values(row).returning();
      return created!;
    },
    async get(id: string): Promise<WebhookRow | undefined> {
      const [row] = await db.select().from(w).where(eq(w.id, id)).limit(1);
      return row;
    },
    async list(): Promise<WebhookRow[]> {
      return db.select().from(w).orderBy(asc(w.created_at));
    },
    async remove(id: string): Promise<boolean> {
      return (await db.delete(w).where(eq(w.id, id)).returning({ id: w.id })).length > 0;
    },
    /** Enabled webhooks subscribed to `event`. */
    async activeFor(event: string): Promise<WebhookRow[]> {
      return db.select().from(w).where(and(isNull(w.disabled_at), sql`${event} = any(${w.events})`));
    },
    async disable(id: string, at: Date): Promise<void> {
      await db.update(w).set({ disabled_at: at }).where(and(eq(w.id, id), isNull(w.disabled_at)));
    },
  };
}

export type NotificationWebhooksRepo = ReturnType<typeof createNotificationWebhooksRepo>;
