import { asc, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { messages } from './schema/index.js';

export type MessageRow = typeof messages.$inferSelect;

/**
 * Reads of the messages table (the transcript), in `seq` order: the order rows were written.
 * Turns write it through db/turn-store.ts, in the statement that commits them.
 */
export function createMessagesRepo(db: Database) {
  return {
    /** The transcript of a session, oldest first. */
    async listBySession(sessionId: string): Promise<MessageRow[]> {
      return db.select().from(messages).where(eq(messages.session_id, sessionId)).orderBy(asc(messages.seq));
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
