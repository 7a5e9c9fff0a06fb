import { and, asc, eq, sql } from 'drizzle-orm';
import type { JsonObject } from './bot-data-rules.js';
import type { Database } from './connection.js';
import { bots, tableTriggerRuns } from './schema/index.js';

/** The kinds of change a bot table handler can declare. */
export type TableChangeEvent = 'insert' | 'update' | 'delete';

/** A pending handler run, as written with the change that calls for it. */
export interface TriggerRunWrite {
  /** Chosen by the writer, so it can name the run's job once the change has committed. */
  id: string;
  script: string;
  table_name: string;
  event: TableChangeEvent;
  row: JsonObject | null;
  count: number;
  depth: number;
}

/** A pending handler run as a job finds it: the write, its bot's name, and the starts so far (this one counted). */
export interface PendingTriggerRun extends TriggerRunWrite {
  bot: string;
  attempts: number;
}

/**
 * The only code that reads and settles table_trigger_runs (db/schema/table-trigger-runs.ts). Rows
 * are written by the bot data repository, in the transaction of the table change
 * ({@link insertTriggerRuns}); a run is settled by removing its row.
 */
export function createTableTriggerRunsRepo(db: Database) {
  return {
    /**
     * Counts a start of the run and gives it back with its bot's name; undefined when it is no
     * longer pending (settled by an earlier job) or was never committed.
     */
    async claim(id: string): Promise<PendingTriggerRun | undefined> {
      const [run] = await db.update(tableTriggerRuns).set({ attempts: sql`${tableTriggerRuns.attempts} + 1` })
        .from(bots)
        .where(and(eq(tableTriggerRuns.id, id), eq(bots.id, tableTriggerRuns.bot_id)))
        .returning({
          id: tableTriggerRuns.id, bot: bots.name, script: tableTriggerRuns.script, table_name: tableTriggerRuns.table_name,
          event: tableTriggerRuns.event, count: tableTriggerRuns.count, depth: tableTriggerRuns.depth, attempts: tableTriggerRuns.attempts,
          // As text: the drivers' own jsonb parsing would turn the JSON string "123" into a number (bot-data-repo.ts).
          row: sql<string | null>`${tableTriggerRuns.row}::text`,
        });
      return run && { ...run, row: run.row === null ? null : (JSON.parse(run.row) as JsonObject) };
    },

    /** The run is done: its row goes. */
    async settle(id: string): Promise<void> {
      await db.delete(tableTriggerRuns).where(eq(tableTriggerRuns.id, id));
    },

    /** The ids of every run still pending, in the order of their changes (start-up hands them out again). */
    async listPending(): Promise<string[]> {
      const rows = await db.select({ id: tableTriggerRuns.id }).from(tableTriggerRuns).orderBy(asc(tableTriggerRuns.seq));
      return rows.map((r) => r.id);
    },
  };
}

export type TableTriggerRunsRepo = ReturnType<typeof createTableTriggerRunsRepo>;

/** Writes pending runs with the change that calls for them: `tx` is the change's transaction. */
export async function insertTriggerRuns(tx: Database, botId: string, runs: readonly TriggerRunWrite[]): Promise<void> {
  if (!runs.length) return;
  await tx.insert(tableTriggerRuns).values(runs.map((run) => ({ ...run, bot_id: botId })));
}
