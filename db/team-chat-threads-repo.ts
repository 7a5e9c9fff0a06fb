import { and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { teamChatThreads } from './schema/index.js';

export type TeamChatThreadRow = typeof teamChatThreads.$inferSelect;

/** The only code that queries `team_chat_threads`. */
export function createTeamChatThreadsRepo(db: Database) {
  const t = teamChatThreads;
  return {
    /** Records (or replaces) where the session's notice was posted. */
    async save(row: { session_id: string; bot_id: string; channel: string; ts: string }): Promise<void> {
      await db.insert(t).values(row).onConflictDoUpdate({ target: t.session_id, set: { channel: row.channel, ts: row.ts, created_at: new Date() } });
    },
    async findBySession(sessionId: string): Promise<TeamChatThreadRow | undefined> {
      const [row] = await db.select().from(t).where(eq(t.session_id, sessionId)).limit(1);
      return row;
    },
    /** The conversation whose notice is the thread `ts` of `channel`, for the bot. */
    async findByThread(botId: string, channel: string, ts: string): Promise<TeamChatThreadRow | undefined> {
      const [row] = await db.select().from(t).where(and(eq(t.bot_id, botId), eq(t.channel, channel), eq(t.ts, ts))).limit(1);
      return row;
    },
  };
}

export type TeamChatThreadsRepo = ReturnType<typeof createTeamChatThreadsRepo>;
