import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { cannedResponses } from './schema/index.js';

export type CannedResponseRow = typeof cannedResponses.$inferSelect;
export type CannedResponseFields = Pick<CannedResponseRow, 'bot_id' | 'owner_id' | 'shortcut' | 'title' | 'content'>;

/** The shortcut is taken within its bot and owner (the table's unique constraint said so). */
export class DuplicateShortcutError extends Error {}

/** Reads and writes of the canned responses table (db/schema/canned-responses.ts). */
export function createCannedResponsesRepo(db: Database) {
  return {
    /** The team's responses and `ownerId`'s own, for every bot or, with `botId`, that bot's and the shared ones; by shortcut. */
    async listVisible(ownerId: string, botId?: string): Promise<CannedResponseRow[]> {
      const owner = or(isNull(cannedResponses.owner_id), eq(cannedResponses.owner_id, ownerId));
      const bot: SQL | undefined = botId ? or(isNull(cannedResponses.bot_id), eq(cannedResponses.bot_id, botId)) : undefined;
      return db.select().from(cannedResponses).where(and(owner, bot)).orderBy(asc(cannedResponses.shortcut), asc(cannedResponses.created_at));
    },

    async get(id: string): Promise<CannedResponseRow | undefined> {
      const [row] = await db.select().from(cannedResponses).where(eq(cannedResponses.id, id));
      return row;
    },

    async insert(fields: CannedResponseFields): Promise<CannedResponseRow> {
      const [row] = await uniqueOrThrow(db.insert(cannedResponses).values(fields).returning());
      return row!;
    },

    async update(id: string, changes: Partial<CannedResponseFields>): Promise<CannedResponseRow | undefined> {
      const [row] = await uniqueOrThrow(db.update(cannedResponses).set({ ...changes, updated_at: new Date() }).where(eq(cannedResponses.id, id)).returning());
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(cannedResponses).where(eq(cannedResponses.id, id)).returning({ id: cannedResponses.id });
      return rows.length > 0;
    },
  };
}

export type CannedResponsesRepo = ReturnType<typeof createCannedResponsesRepo>;

async function uniqueOrThrow<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    // drizzle wraps the driver's error; the code and constraint are on it or on its cause.
    const pg = [error, (error as { cause?: unknown }).cause].find((e) => (e as { code?: unknown } | undefined)?.code === '23505');
    if ((pg as { constraint?: unknown } | undefined)?.constraint === 'canned_responses_scope_shortcut_key') throw new DuplicateShortcutError();
    throw error;
  }
}
