import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { isUuid } from './uuid.js';
import { bots, sessions } from './schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;


/** What one turn changes on a session; absent fields are left as they are. */
export interface SessionChanges {
  needs_human?: boolean;
  /** Merged into context_data key by key (`||`), so keys written by others in the meantime survive. */
  context_patch?: Record<string, unknown>;
  /** The stored dialog; `null` clears it. */
  dialog_state?: unknown;
  /** `voice` during a voice call, `video` during a video call; `null` clears it (docs/meetings.md, "In attendance"). */
  call_type?: string | null;
  /** The session's CRM contact, once matched (docs/crm.md, "Matching a conversation to its contact"); a turn only sets it. */
  customer_id?: string;
  /** The conversation is over (a phone call hung up): status `closed`, so the customer's next message opens a new session. */
  closed?: true;
}

/** A session whose dialog sleeps after WAIT (engine/dialog-envelope.ts), for start-up recovery. */
export interface SleepingSession {
  id: string;
  bot_name: string;
  resume_at: string;
}

/**
 * Reads and writes of sessions outside a turn. Session identity is the partial unique index
 * `sessions_open_customer_idx` (one open session per bot, channel and customer); turns open and
 * write sessions through db/turn-store.ts.
 */
export function createSessionsRepo(db: Database) {
  return {
    /** The session, or undefined — also for ids that are not UUIDs (so callers answer "not found"). */
    async findById(id: string): Promise<SessionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },

    /** Applies changes outside a turn; returns the row as saved, or undefined when the session is gone. */
    async update(id: string, changes: SessionChanges): Promise<SessionRow | undefined> {
      const patch = changes.context_patch && Object.keys(changes.context_patch).length > 0 ? changes.context_patch : undefined;
      const set = {
        updated_at: sql`now()`,
        // A write outside a turn moves the version too, so a turn that read the old state runs again (db/turn-store.ts).
        version: sql`${sessions.version} + 1`,
        ...(changes.needs_human === undefined ? {} : { needs_human: changes.needs_human }),
        ...(changes.call_type === undefined ? {} : { call_type: changes.call_type }),
        ...(changes.dialog_state === undefined ? {} : { dialog_state: changes.dialog_state === null ? sql`null` : changes.dialog_state }),
        ...(patch ? { context_data: sql`${sessions.context_data} || ${JSON.stringify(patch)}::jsonb` } : {}),
      };
      const [row] = await db.update(sessions).set(set).where(eq(sessions.id, id)).returning();
      return row;
    },

    /** Sessions whose stored dialog sleeps (WAIT), with when it wakes and the bot's name. */
    async listSleeping(): Promise<SleepingSession[]> {
      const result = await db.execute(sql`
        select s.id, b.name as bot_name, s.dialog_state ->> 'resume_at' as resume_at
        from ${sessions} s join ${bots} b on b.id = s.bot_id
        where s.status = 'open' and s.dialog_state ->> 'status' = 'sleeping'
        order by s.dialog_state ->> 'resume_at'`);
      return rowsOf<SleepingSession>(result);
    },

    /**
     * Marks a session whose customer cannot be reached on its channel (they blocked the bot):
     * `unreachable`, `unreachable_reason` and `unreachable_at` in context_data, merged like any
     * write outside a turn (the version moves).
     */
    async markUnreachable(id: string, reason: string, at: Date): Promise<void> {
      const patch = { unreachable: true, unreachable_reason: reason, unreachable_at: at.toISOString() };
      await db.update(sessions)
        .set({ context_data: sql`${sessions.context_data} || ${JSON.stringify(patch)}::jsonb`, version: sql`${sessions.version} + 1`, updated_at: sql`now()` })
        .where(eq(sessions.id, id));
    },

    /** The bot's name of a session, for jobs that only carry the session id. */
    async botNameOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ name: bots.name }).from(sessions)
        .innerJoin(bots, eq(bots.id, sessions.bot_id)).where(eq(sessions.id, id)).limit(1);
      return row?.name;
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
