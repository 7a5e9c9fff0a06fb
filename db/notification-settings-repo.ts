import { eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { notificationPreferences, notificationTemplates } from './schema/index.js';

export type TemplateRow = typeof notificationTemplates.$inferSelect;
export type NewTemplate = typeof notificationTemplates.$inferInsert;

/** The only code that queries notification preferences, templates and activity. */
export function createNotificationSettingsRepo(db: Database) {
  const p = notificationPreferences;
  return {
    /** The stored preferences document, or undefined (the defaults apply). */
    async preferences(userId: string): Promise<Record<string, unknown> | undefined> {
      if (!isUuid(userId)) return undefined;
      const [row] = await db.select().from(p).where(eq(p.user_id, userId)).limit(1);
      return row?.preferences;
    },
    /** Preferences of many users at once (the fan-out reads a batch). */
    async preferencesOf(userIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
      const valid = userIds.filter(isUuid);
      if (valid.length === 0) return new Map();
      const rows = await db.select().from(p).where(sql`${p.user_id} = any(${sql.param(valid)}::uuid[])`);
      return new Map(rows.map((r) => [r.user_id, r.preferences]));
    },
    /** A person's preferences are each tenant's (migration 0037): the conflict is on the tenant and the user, which drizzle's schema leaves unnamed. */
    async savePreferences(userId: string, preferences: Record<string, unknown>): Promise<void> {
      await db.execute(sql`insert into notification_preferences (user_id, preferences) values (${userId}, ${JSON.stringify(preferences)}::jsonb)
        on conflict (tenant_id, user_id) do update set preferences = excluded.preferences, updated_at = now()`);
    },

    async template(name: string): Promise<TemplateRow | undefined> {
      const [row] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.name, name)).limit(1);
      return row;
    },
    /** Inserts a template; false when the name is taken. */
    async createTemplate(row: NewTemplate): Promise<TemplateRow | undefined> {
      const rows = await db.insert(notificationTemplates).values(row).onConflictDoNothing().returning();
      return rows[0];
    },

    /** Notes that the user used the notifications API now (the `last_active` filter). */
    async touch(userId: string, at: Date): Promise<void> {
      if (!isUuid(userId)) return;
      await db.execute(sql`insert into notification_activity (user_id, last_active_at) values (${userId}, ${at.toISOString()})
        on conflict (tenant_id, user_id) do update set last_active_at = excluded.last_active_at`);
    },
  };
}

export type NotificationSettingsRepo = ReturnType<typeof createNotificationSettingsRepo>;
