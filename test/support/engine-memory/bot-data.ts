import { createInMemoryBotData } from '../../../basic-interpreter/index.js';
import type { BotDataRepo, TableChangeEvent, TableTriggerRunsRepo } from '../../../db/index.js';

/**
 * The bots' tables and memory in memory (the interpreter's own stores). Table handlers (ON
 * INSERT/UPDATE/DELETE OF) are not kept here: their pending runs are written with the change in
 * the database, so a write that a handler watches fails loudly instead of dropping its runs —
 * engine/table-triggers.test.ts has a store for those, and the integration suite the real one.
 */
export function createMemoryBotData(): BotDataRepo {
  const data = createInMemoryBotData();
  return {
    botMemory: data.botMemory,
    userMemory: data.userMemory,
    tables(botId, recorder) {
      const store = data.tables(botId);
      if (!recorder) return store;
      const unwatched = (table: string, event: TableChangeEvent) => {
        if (recorder.watches(table.toLowerCase(), event)) throw new Error(`the in-memory engine store keeps no table handler runs (ON ${event.toUpperCase()} OF "${table}")`);
      };
      return {
        find: (table, conditions) => store.find(table, conditions),
        count: (table, conditions) => store.count(table, conditions),
        insert: async (table, row) => (unwatched(table, 'insert'), store.insert(table, row)),
        insertMany: async (table, rows, options) => (unwatched(table, 'insert'), store.insertMany(table, rows, options)),
        update: async (table, conditions, values) => (unwatched(table, 'update'), store.update(table, conditions, values)),
        delete: async (table, conditions) => (unwatched(table, 'delete'), store.delete(table, conditions)),
      };
    },
  };
}

/** No table handler runs are ever recorded in memory (see {@link createMemoryBotData}), so none are pending. */
export function createMemoryTriggerRuns(): Pick<TableTriggerRunsRepo, 'claim' | 'settle' | 'listPending'> {
  return {
    claim: async () => undefined,
    settle: async () => undefined,
    listPending: async () => [],
  };
}
