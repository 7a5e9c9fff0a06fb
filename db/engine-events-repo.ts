import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { engineEvents } from './schema/index.js';

/** A stored domain event still to be handed to subscribers. */
export interface PendingEvent {
  id: string;
  session_id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * The only code that reads and settles engine_events (rows are written with their turn, by
 * db/turn-store.ts). Handling is per session and in `seq` order.
 */
export function createEngineEventsRepo(db: Database) {
  /** The session's events not yet handled, oldest first. */
  async function listPending(sessionId: string): Promise<PendingEvent[]> {
    return db.select({
      id: engineEvents.id, session_id: engineEvents.session_id, name: engineEvents.name, payload: engineEvents.payload,
      attempts: engineEvents.attempts,
    }).from(engineEvents)
      .where(and(eq(engineEvents.session_id, sessionId), eq(engineEvents.state, 'pending')))
      .orderBy(asc(engineEvents.seq));
  }

  return {
    listPending,

    /**
     * {@link listPending} as a read to take with the session's events lock (the locks port's
     * `withLockReading`), in one round trip on PostgreSQL: `engine_events_pending_locked`
     * (db/migrations/0023_engine_events_under_lock.sql) takes the lock, then reads.
     */
    pendingUnderLock(sessionId: string) {
      return {
        call: { text: 'select * from engine_events_pending_locked($1, $2::uuid)', values: [sessionId] },
        fromRows: (rows: Record<string, unknown>[]): PendingEvent[] => rows.map((row) => ({
          id: String(row.id), session_id: String(row.session_id), name: String(row.name),
          payload: row.payload as Record<string, unknown>, attempts: Number(row.attempts),
        })),
        read: () => listPending(sessionId),
      };
    },

    /** Sessions with events not yet handled (start-up hands them out again). */
    async sessionsWithPending(): Promise<{ id: string; session_id: string }[]> {
      const rows = await db.select({ id: sql<string>`min(${engineEvents.id}::text)`, session_id: engineEvents.session_id })
        .from(engineEvents).where(eq(engineEvents.state, 'pending')).groupBy(engineEvents.session_id);
      return rows;
    },

    async markDone(id: string): Promise<void> {
      await db.update(engineEvents).set({ state: 'done', handled_at: sql`now()`, attempts: sql`${engineEvents.attempts} + 1` })
        .where(eq(engineEvents.id, id));
    },

    /** Counts a failed attempt; `final` gives up on the event (it stays as `failed`, with the reason). */
    async recordFailure(id: string, error: string, final: boolean): Promise<void> {
      await db.update(engineEvents)
        .set({ attempts: sql`${engineEvents.attempts} + 1`, last_error: error, ...(final ? { state: 'failed' as const, handled_at: sql`now()` } : {}) })
        .where(eq(engineEvents.id, id));
    },
  };
}

export type EngineEventsRepo = ReturnType<typeof createEngineEventsRepo>;
