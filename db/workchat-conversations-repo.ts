import { and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { workchatConversations } from './schema/index.js';

/** One stored workchat conversation reference (db/schema/workchat.ts). */
export type WorkchatConversationRow = typeof workchatConversations.$inferSelect;

/** The only code that queries workchat conversation references. */
export function createWorkchatConversationsRepo(db: Database) {
  const key = (bot: string, conversationId: string) =>
    and(eq(workchatConversations.bot, bot), eq(workchatConversations.conversation_id, conversationId));
  return {
    /**
     * Writes the reference as the latest activity tells it; the attendant and e-mail already known
     * are kept. The key is the tenant's (migration 0037), which drizzle's schema leaves unnamed: so an
     * update, else an insert, else (a concurrent insert won) the update again.
     */
    async save(row: Omit<WorkchatConversationRow, 'attendant_user_id' | 'email' | 'updated_at'>): Promise<void> {
      const { bot, conversation_id: conversationId, ...rest } = row;
      const update = () => db.update(workchatConversations).set({ ...rest, updated_at: new Date() }).where(key(bot, conversationId))
        .returning({ bot: workchatConversations.bot });
      if ((await update()).length > 0) return;
      const inserted = await db.insert(workchatConversations).values(row).onConflictDoNothing().returning({ bot: workchatConversations.bot });
      if (inserted.length === 0) await update();
    },
    async find(bot: string, conversationId: string): Promise<WorkchatConversationRow | undefined> {
      const [row] = await db.select().from(workchatConversations).where(key(bot, conversationId)).limit(1);
      return row;
    },
    async remove(bot: string, conversationId: string): Promise<void> {
      await db.delete(workchatConversations).where(key(bot, conversationId));
    },
    async listByBot(bot: string): Promise<WorkchatConversationRow[]> {
      return db.select().from(workchatConversations).where(eq(workchatConversations.bot, bot));
    },
    async setEmail(bot: string, conversationId: string, email: string): Promise<void> {
      await db.update(workchatConversations).set({ email }).where(key(bot, conversationId));
    },
    /** Marks the conversation as this attendant's chat with the bot (their notices go there). */
    async setAttendant(bot: string, conversationId: string, userId: string): Promise<void> {
      await db.update(workchatConversations).set({ attendant_user_id: userId }).where(key(bot, conversationId));
    },
  };
}

export type WorkchatConversationsRepo = ReturnType<typeof createWorkchatConversationsRepo>;
