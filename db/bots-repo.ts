import { eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { bots } from './schema/index.js';

export type BotRow = typeof bots.$inferSelect;

/** The only code that queries the bots table. */
export function createBotsRepo(db: Database) {
  return {
    /** The row of a bot package, created on first sight; safe when instances race at start-up. */
    async ensure(name: string): Promise<BotRow> {
      // A name is unique in its tenant (migration 0036): the conflict is that key's, the only one a new row can meet.
      await db.insert(bots).values({ name }).onConflictDoNothing();
      const [row] = await db.select().from(bots).where(eq(bots.name, name)).limit(1);
      return row!;
    },
    async findByName(name: string): Promise<BotRow | undefined> {
      const [row] = await db.select().from(bots).where(eq(bots.name, name)).limit(1);
      return row;
    },
  };
}

export type BotsRepo = ReturnType<typeof createBotsRepo>;
