import type { EngineRepositories } from '../../../engine/index.js';
import { createMemoryEngineEvents } from './events.js';
import { createMemoryInboundQueue } from './inbound-queue.js';
import { createMemoryOutbox } from './outbox.js';
import { MemoryTables } from './tables.js';
import { createMemoryMessages, createMemorySessions } from './transcript.js';
import { createMemoryTurnStore } from './turn-store.js';

/**
 * The engine's storage ports in memory (docs/architecture.md, "one turn, one transaction"), for
 * unit tests of the engine's use cases without a database. They keep the semantics the engine
 * relies on — held to the same contract suites as the database's repositories
 * (test/support/engine-store-contracts/, run by test/integration/engine-stores-contract.test.ts).
 */
export function createMemoryEngineRepositories(options: { now?: () => Date } = {}): { repos: EngineRepositories; tables: MemoryTables } {
  const tables = new MemoryTables(options.now);
  return {
    tables,
    repos: {
      turns: createMemoryTurnStore(tables),
      outbox: createMemoryOutbox(tables),
      events: createMemoryEngineEvents(tables),
      sessions: createMemorySessions(tables),
      messages: createMemoryMessages(tables),
      inbound: createMemoryInboundQueue(tables),
    },
  };
}

export { MemoryTables, type EventRow, type InboundRow } from './tables.js';
