import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
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
 * A subscriber's statement for the events job's round trip (docs/performance.md, "Handoff round
 * trips"): SQL with one jsonb parameter, `$1`, answering one row of one jsonb value. It runs under
 * the session's events lock, after the pending events were read, and it may write: its writes
 * commit with the read.
 */
export interface StatementUnderLock {
  text: string;
  param: Record<string, unknown>;
}

/** What the events job reads under the lock: the pending events, oldest first, and each statement's answer in order. */
export interface PendingUnderLock {
  events: PendingEvent[];
  prepared: unknown[];
}

function answered(value: unknown): PendingUnderLock {
  const answer = (typeof value === 'string' ? JSON.parse(value) : value) as { events: PendingEvent[]; prepared: unknown[] };
  return { events: answer.events.map((e) => ({ ...e, attempts: Number(e.attempts) })), prepared: answer.prepared };
}

/**
 * The only code that reads and settles engine_events (rows are written with their turn, by
 * db/turn-store.ts). Handling is per session and in `seq` order.
 */
export function createEngineEventsRepo(db: Database) {
  return {
    /** The session's events not yet handled, oldest first. */
    async listPending(sessionId: string): Promise<PendingEvent[]> {
      return db.select({
        id: engineEvents.id, session_id: engineEvents.session_id, name: engineEvents.name, payload: engineEvents.payload,
        attempts: engineEvents.attempts,
      }).from(engineEvents)
        .where(and(eq(engineEvents.session_id, sessionId), eq(engineEvents.state, 'pending')))
        .orderBy(asc(engineEvents.seq));
    },

    /**
     * The session's pending events, then each subscriber's statement, as a read to take with the
     * session's events lock (the locks port's `withLockReading`): one round trip on PostgreSQL,
     * where `engine_events_pending_locked_with` (db/migrations/0024_engine_events_with_statements.sql)
     * takes the lock, reads, then runs the statements; `engine_events_pending_with` does the same
     * without the lock, once the in-process lock is held.
     */
    pendingUnderLock(sessionId: string, statements: readonly StatementUnderLock[] = []) {
      const list = JSON.stringify(statements);
      return {
        call: { text: 'select engine_events_pending_locked_with($1, $2::uuid, $3::jsonb) as answer', values: [sessionId, list] },
        fromRows: (rows: Record<string, unknown>[]): PendingUnderLock => answered(rows[0]?.answer),
        read: async (): Promise<PendingUnderLock> =>
          answered(rowsOf<{ answer: unknown }>(await db.execute(sql`select engine_events_pending_with(${sessionId}::uuid, ${list}::jsonb) as answer`))[0]?.answer),
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
