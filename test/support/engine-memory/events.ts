import type { EngineEventsRepo, PendingEvent } from '../../../db/index.js';
import { copy, type MemoryTables } from './tables.js';

/** The events' methods the engine calls (EngineRepositories.events). */
export type MemoryEngineEvents = Pick<EngineEventsRepo, 'pendingUnderLock' | 'sessionsWithPending' | 'markDone' | 'recordFailure'>;

/**
 * db/engine-events-repo.ts in memory: the events turns and failed deliveries wrote, handed out per
 * session in the order they were written; each attempt counted, a final failure set aside.
 */
export function createMemoryEngineEvents(tables: MemoryTables): MemoryEngineEvents {
  const find = (id: string) => tables.events.find((e) => e.id === id);
  async function listPending(sessionId: string): Promise<PendingEvent[]> {
    return tables.events
      .filter((e) => e.session_id === sessionId && e.state === 'pending')
      .map((e) => copy({ id: e.id, session_id: e.session_id, name: e.name, payload: e.payload, attempts: e.attempts }));
  }
  return {
    // The in-process locks run `read` (infra/locks/locks-port.ts); `call` and `fromRows` are the
    // PostgreSQL driver's, which never sees these stores. Subscribers' statements are SQL: here
    // each answers nothing, and their handlers read what they need themselves.
    pendingUnderLock(sessionId, statements = []) {
      return {
        call: { text: 'in memory: no statement', values: [sessionId] },
        fromRows: () => {
          throw new Error('the in-memory events are read with `read`, not from rows');
        },
        read: async () => ({ events: await listPending(sessionId), prepared: statements.map(() => undefined) }),
      };
    },

    async sessionsWithPending() {
      // One row per session, naming one of its pending events (the least id, as text).
      const least = new Map<string, string>();
      for (const e of tables.events) {
        if (e.state !== 'pending') continue;
        const known = least.get(e.session_id);
        if (known === undefined || e.id < known) least.set(e.session_id, e.id);
      }
      return [...least].map(([session_id, id]) => ({ id, session_id }));
    },

    async markDone(id) {
      const event = find(id);
      if (event) Object.assign(event, { state: 'done', handled_at: tables.now(), attempts: event.attempts + 1 });
    },

    async recordFailure(id, error, final) {
      const event = find(id);
      if (event) Object.assign(event, { attempts: event.attempts + 1, last_error: error, ...(final ? { state: 'failed', handled_at: tables.now() } : {}) });
    },
  };
}
