import { handlesTableEvent, type TableEvent, type TableStore } from '../basic-interpreter/index.js';
import { newRowId, type TableChange, type TableChangeRecorder, type TriggerRunWrite } from '../db/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { HOST_JOBS } from './script-host-context.js';
import { enqueueAfterCommit } from '../infra/jobs/index.js';

/**
 * How table handler runs travel (docs/basic.md, "Event handlers"): each is written as a pending
 * row in the transaction of the change that calls for it (`watchTableChanges`), announced to the
 * jobs port once that has committed (`enqueueTriggeredRun`), run and then removed by the
 * `dialog.triggered` job (run-triggered-script.ts), and handed out again at start-up while its row
 * is still there (`requeueTriggeredRuns`). At least once: a run that stops before its row is
 * removed runs again.
 */

/** Data of a `dialog.triggered` job: the pending run (table_trigger_runs) to carry out. */
export interface TriggeredJob {
  run_id: string;
}

/**
 * How deep handler runs may set off further handler runs. A change made by a run this deep
 * records none (and says so in the log), so a handler that writes its own table cannot loop.
 */
export const MAX_TRIGGER_DEPTH = 3;

/** Tries per job; a run still pending after them waits for the next start-up. */
const TRIGGER_JOB_ATTEMPTS = 3;
const TRIGGER_JOB_BACKOFF_MS = 1000;

/**
 * The bot's tables as a script run sees them. A change of a table that scripts of the bot declared
 * `ON INSERT/UPDATE/DELETE OF` is stored together with one pending run per such script, in one
 * transaction; after the commit each run gets a `dialog.triggered` job, so it runs off the run that
 * made the change. `depth` is how many handler runs led to the run writing here (0 for a
 * conversation or a schedule).
 */
export function watchTableChanges(ctx: HostContext, bot: ScriptBot, depth: number): TableStore {
  // The runs the write in progress recorded; a script's writes come one at a time (the VM awaits each effect).
  const recorded: string[] = [];
  const recorder: TableChangeRecorder = {
    watches: (table, event) => handlersOf(bot, event, table).length > 0,
    runsFor: (change) => {
      const runs = plannedRuns(ctx, bot, change, depth + 1);
      recorded.push(...runs.map((run) => run.id));
      return runs;
    },
  };
  const tables = ctx.repos.botData.tables(bot.id, recorder);
  async function thenEnqueue<T>(write: Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write;
    } catch (error) {
      recorded.length = 0; // rolled back with the change
      throw error;
    }
    for (const id of recorded.splice(0)) await enqueueTriggeredRun(ctx, id);
    return result;
  }
  return {
    find: (table, conditions) => tables.find(table, conditions),
    count: (table, conditions) => tables.count(table, conditions),
    insert: (table, row) => thenEnqueue(tables.insert(table, row)),
    insertMany: (table, rows, options) => thenEnqueue(tables.insertMany(table, rows, options)),
    update: (table, conditions, values) => thenEnqueue(tables.update(table, conditions, values)),
    delete: (table, conditions) => thenEnqueue(tables.delete(table, conditions)),
  };
}

/** After the commit: the run's job, keyed by the run. A failure only delays it until the recovery (the script host's recovery, create-script-host.ts). */
export async function enqueueTriggeredRun(ctx: HostContext, id: string): Promise<void> {
  await enqueueAfterCommit(ctx, 'table trigger', { run: id }, () =>
    ctx.jobs.add(HOST_JOBS.triggered, { run_id: id } satisfies TriggeredJob, {
      jobId: `trigger-${id}`, attempts: TRIGGER_JOB_ATTEMPTS, backoff: { type: 'exponential', delay: TRIGGER_JOB_BACKOFF_MS },
    }));
}

/** Recovery: a job for every run still pending (a crash, or a job lost with the in-process queue), oldest change first. */
export async function requeueTriggeredRuns(ctx: HostContext): Promise<number> {
  const pending = await ctx.repos.triggerRuns.listPending();
  for (const id of pending) await enqueueTriggeredRun(ctx, id);
  if (pending.length) ctx.logger.info({ count: pending.length }, 'pending table trigger runs handed out again');
  return pending.length;
}

/** The bot's scripts that declared the event on the table. */
function handlersOf(bot: ScriptBot, event: TableEvent, table: string): string[] {
  return bot.dialogs.names().filter((name) => {
    const script = bot.dialogs.get(name);
    return script !== undefined && handlesTableEvent(script, event, table);
  });
}

/** One run per script handling the change, unless the change was made too deep. */
function plannedRuns(ctx: HostContext, bot: ScriptBot, change: TableChange, depth: number): TriggerRunWrite[] {
  const scripts = handlersOf(bot, change.event, change.table);
  if (scripts.length === 0) return [];
  if (depth > MAX_TRIGGER_DEPTH) {
    ctx.logger.warn({ bot: bot.name, table: change.table, event: change.event, scripts },
      `table trigger not run: the change was made by a handler ${MAX_TRIGGER_DEPTH} runs deep`);
    return [];
  }
  return scripts.map((script) => ({
    id: newRowId(), script, table_name: change.table, event: change.event, row: change.row, count: change.count, depth,
  }));
}
