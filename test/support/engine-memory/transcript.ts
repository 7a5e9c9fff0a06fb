import type { MessageRow, MessagesRepo, SessionsRepo, SleepingSession } from '../../../db/index.js';
import { copy, jsonb, type MemoryTables } from './tables.js';

/** The sessions' methods the engine calls outside a turn (EngineRepositories.sessions). */
export type MemorySessions = Pick<SessionsRepo, 'listSleeping' | 'markUnreachable'>;

/** db/sessions-repo.ts in memory, for the engine: sleeping dialogs, and a customer who cannot be reached. */
export function createMemorySessions(tables: MemoryTables): MemorySessions {
  return {
    async listSleeping(): Promise<SleepingSession[]> {
      const sleeping: SleepingSession[] = [];
      for (const s of tables.sessions.values()) {
        const dialog = s.dialog_state as { status?: unknown; resume_at?: unknown } | null;
        const botName = tables.bots.get(s.bot_id);
        if (s.status !== 'open' || dialog?.status !== 'sleeping' || botName === undefined) continue;
        sleeping.push({ id: s.id, bot_name: botName, resume_at: String(dialog.resume_at) });
      }
      return sleeping.sort((a, b) => (a.resume_at < b.resume_at ? -1 : a.resume_at > b.resume_at ? 1 : 0));
    },

    async markUnreachable(id, reason, at) {
      const row = tables.sessions.get(id);
      if (!row) return;
      const patch = jsonb({ unreachable: true, unreachable_reason: reason, unreachable_at: at.toISOString() });
      Object.assign(row, { context_data: { ...row.context_data, ...patch }, version: row.version + 1, updated_at: tables.now() });
    },
  };
}

/** db/messages-repo.ts in memory: a session's transcript in the order it was written. */
export function createMemoryMessages(tables: MemoryTables): Pick<MessagesRepo, 'listBySession'> {
  return {
    async listBySession(sessionId): Promise<MessageRow[]> {
      return tables.messages.filter((m) => m.session_id === sessionId).map(copy);
    },
  };
}
