import { and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { botWatches } from './schema/index.js';

/** The only code that queries where bots' ON EMAIL / ON CHANGE watches stand (db/schema/bot-watches.ts). */
export function createBotWatchesRepo(db: Database) {
  return {
    /** The state last stored for this watch of the bot, or undefined before its first poll. */
    async get(botId: string, key: string): Promise<unknown> {
      const [row] = await db.select({ state: botWatches.state }).from(botWatches)
        .where(and(eq(botWatches.bot_id, botId), eq(botWatches.watch_key, key))).limit(1);
      return row?.state;
    },
    async put(botId: string, key: string, state: unknown): Promise<void> {
      await db.insert(botWatches).values({ bot_id: botId, watch_key: key, state })
        .onConflictDoUpdate({ target: [botWatches.bot_id, botWatches.watch_key], set: { state, updated_at: new Date() } });
    },
  };
}

export type BotWatchesRepo = ReturnType<typeof createBotWatchesRepo>;
