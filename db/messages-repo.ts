import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { messages } from './schema/index.js';

export type MessageRow = typeof messages.$inferSelect;

/** A customer's message for the transcript. */
export interface InboundRow {
  session_id: string;
  bot_id: string;
  channel: string;
  text: string;
  payload: Record<string, unknown>;
  provider_message_id?: string;
}

/** A message to a customer (or, for TALK TO, to another address) for the transcript. */
export interface OutboundRow {
  session_id: string;
  bot_id: string;
  channel: string;
  sender: 'bot' | 'attendant' | 'system';
  text: string;
  payload: Record<string, unknown>;
}

/**
 * The only code that queries the messages table (the transcript). `created_at` is the statement's
 * `clock_timestamp()`, not the transaction's `now()`, so the messages of one turn, written in one
 * transaction, keep their order when listed.
 */
export function createMessagesRepo(db: Database) {
  return {
    /**
     * Stores an inbound message unless the same provider message id was already stored for this
     * bot and channel: the unique index decides, so two copies arriving together cannot both
     * pass. Returns undefined for such a duplicate.
     */
    async insertInbound(row: InboundRow): Promise<Pick<MessageRow, 'id' | 'created_at'> | undefined> {
      const [stored] = await db.insert(messages)
        .values({
          ...row,
          provider_message_id: row.provider_message_id ?? null,
          direction: 'inbound',
          sender: 'customer',
          delivery_state: 'received',
          created_at: sql`clock_timestamp()`,
        })
        .onConflictDoNothing({ target: [messages.channel, messages.bot_id, messages.provider_message_id] })
        .returning({ id: messages.id, created_at: messages.created_at });
      return stored;
    },

    async insertOutbound(row: OutboundRow): Promise<Pick<MessageRow, 'id' | 'created_at'>> {
      const [stored] = await db.insert(messages)
        .values({ ...row, direction: 'outbound', delivery_state: 'pending', created_at: sql`clock_timestamp()` })
        .returning({ id: messages.id, created_at: messages.created_at });
      return stored!;
    },

    /** Removes a message (an inbound one whose processing failed before anything was committed). */
    async remove(id: string): Promise<void> {
      await db.delete(messages).where(eq(messages.id, id));
    },

    async setDeliveryState(id: string, state: 'delivered' | 'failed'): Promise<void> {
      await db.update(messages)
        .set({ delivery_state: state, ...(state === 'delivered' ? { delivered_at: sql`now()` } : {}) })
        .where(and(eq(messages.id, id), eq(messages.direction, 'outbound')));
    },

    /** The transcript of a session, oldest first. */
    async listBySession(sessionId: string): Promise<MessageRow[]> {
      return db.select().from(messages).where(eq(messages.session_id, sessionId)).orderBy(asc(messages.created_at), asc(messages.id));
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
