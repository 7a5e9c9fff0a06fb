import type { AttendanceRepositories, ConversationRow } from '../../attendance/index.js';

/**
 * In-memory stand-ins for the attendance repositories, for unit tests of use cases that need no
 * database. Only what a test hands in exists: calling any other repository method fails loudly,
 * so a test shows exactly which stores a use case touches.
 */
export function fakeRepositories(parts: { [K in keyof AttendanceRepositories]?: Partial<AttendanceRepositories[K]> }): AttendanceRepositories {
  const strict = <T extends object>(name: string, part: T): T => new Proxy(part, {
    get(target, key) {
      if (key in target || typeof key === 'symbol' || key === 'then') return target[key as keyof T];
      throw new Error(`${name}.${String(key)} is not faked in this test`);
    },
  });
  const repos = new Proxy({} as AttendanceRepositories, {
    get(_target, key: string) {
      if (key === 'inTransaction') return (work: (r: AttendanceRepositories) => Promise<unknown>) => work(repos);
      const part = parts[key as keyof AttendanceRepositories];
      if (!part) throw new Error(`repository ${key} is not faked in this test`);
      return strict(key, part as object);
    },
  });
  return repos;
}

/** A conversation store with the optimistic writes of the real one (a write names the state it expects). */
export function fakeConversations(rows: ConversationRow[] = [], names: Record<string, string> = {}, onLog: (type: string) => void = () => undefined) {
  const byId = new Map(rows.map((r) => [r.session_id, { ...r }]));
  const matches = (row: ConversationRow, from: { status: string; assigned_to?: string | null }) =>
    row.status === from.status && (from.assigned_to === undefined || row.assigned_to === from.assigned_to);
  const store = {
    rows: byId,
    get: async (id: string) => byId.get(id),
    start: async (row: Partial<ConversationRow> & Pick<ConversationRow, 'session_id' | 'status'>, from: 'none' | 'resolved') => {
      const existing = byId.get(row.session_id);
      if (from === 'none' ? existing : existing?.status !== 'resolved') return undefined;
      const stored = { ...conversation(row.session_id), ...row, accepted_at: null, resolved_at: null, updated_at: new Date() };
      byId.set(row.session_id, stored);
      return stored;
    },
    /** `start` with its event log: the log's types go to `onLog` when the item started. */
    startLogged: async (row: Partial<ConversationRow> & Pick<ConversationRow, 'session_id' | 'status'>, from: 'none' | 'resolved', log: readonly { type: string }[]) => {
      const stored = await store.start(row, from);
      if (stored) for (const entry of log) onLog(entry.type);
      return stored;
    },
    apply: async (id: string, from: { status: ConversationRow['status']; assigned_to?: string | null }, next: ConversationRow['status'], fields: Partial<ConversationRow> = {}) => {
      const row = byId.get(id);
      if (!row || !matches(row, from)) return undefined;
      const stored = { ...row, ...fields, status: next, updated_at: new Date() };
      byId.set(id, stored);
      return stored;
    },
    setLastMessage: async (id: string, text: string) => {
      const row = byId.get(id);
      if (row) row.last_message = text;
    },
    listWaiting: async (filter: { bot_id?: string } = {}) =>
      [...byId.values()].filter((r) => r.status === 'waiting' && (!filter.bot_id || r.bot_id === filter.bot_id)),
    countWaiting: async (botId: string) => [...byId.values()].filter((r) => r.status === 'waiting' && r.bot_id === botId).length,
    averageHandleSeconds: async () => undefined,
    attendantName: async (userId: string) => names[userId],
    setSessionAssignment: async () => undefined,
  };
  return store;
}

/** A conversation row with every column, as the database would return it. */
export function conversation(sessionId: string, fields: Partial<ConversationRow> = {}): ConversationRow {
  return {
    session_id: sessionId, bot_id: 'bot-1', channel: 'web', status: 'waiting', priority: 1, queue_id: null, assigned_to: null,
    topic: null, required_skills: [], last_message: null, waiting_since: new Date('2026-01-01T10:00:00Z'), accepted_at: null, resolved_at: null,
    updated_at: new Date('2026-01-01T10:00:00Z'), ...fields,
  };
}
