import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { messages, outbox } from './schema/index.js';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Runs `fn` in one database transaction, handing it a Database bound to that transaction (to
 * build the repositories on). Keep it to database work: never await effects, HTTP or locks
 * inside, since PGlite has one connection and every other query waits for the transaction.
 */
export function withTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Database));
}

/**
 * The only code that queries the outbox table: outbound messages committed before delivery,
 * each with its delivery state. A row and its transcript message change state together.
 */
export function createOutboxRepo(db: Database) {
  return {
    async insert(row: { message_id: string; session_id: string; channel: string; payload: Record<string, unknown> }): Promise<OutboxRow> {
      const [stored] = await db.insert(outbox).values(row).returning();
      return stored!;
    },

    async findById(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      return row;
    },

    /** Rows not yet delivered nor failed, oldest first (start-up re-enqueues them). */
    async listPending(): Promise<{ id: string; session_id: string }[]> {
      return db.select({ id: outbox.id, session_id: outbox.session_id }).from(outbox)
        .where(eq(outbox.state, 'pending')).orderBy(asc(outbox.created_at), asc(outbox.id));
    },

    /** Counts a failed attempt that will be retried, keeping the reason. */
    async recordAttempt(id: string, error: string, nextAttemptAt: Date): Promise<void> {
      await db.update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, last_error: error, next_attempt_at: nextAttemptAt, updated_at: sql`now()` })
        .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')));
    },

    /** Marks the row and its transcript message delivered. False when the row was no longer pending. */
    markDelivered(id: string): Promise<boolean> {
      return finish(db, id, 'delivered', null);
    },

    /** Marks the row and its transcript message failed for good, with the provider's reason. */
    markFailed(id: string, reason: string): Promise<boolean> {
      return finish(db, id, 'failed', reason);
    },
  };
}

async function finish(db: Database, id: string, state: 'delivered' | 'failed', reason: string | null): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx.update(outbox)
      .set({
        state,
        attempts: sql`${outbox.attempts} + 1`,
        ...(reason === null ? {} : { last_error: reason }),
        ...(state === 'delivered' ? { delivered_at: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')))
      .returning({ message_id: outbox.message_id });
    if (!row) return false;
    await tx.update(messages)
      .set({ delivery_state: state, ...(state === 'delivered' ? { delivered_at: sql`now()` } : {}) })
      .where(eq(messages.id, row.message_id));
    return true;
  });
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
