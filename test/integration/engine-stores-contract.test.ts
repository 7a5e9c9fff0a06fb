import { randomUUID } from 'node:crypto';
import { createBotsRepo } from '../../db/index.js';
import { openTestDatabase, testDriversLabel } from '../support/drivers.js';
import { engineRepositories } from '../support/engine-kit.js';
import { createMemoryEngineRepositories } from '../support/engine-memory/index.js';
import {
  describeEngineEventsContract, describeInboundQueueContract, describeOutboxContract, describeSessionsContract, describeTurnStoreContract, type OpenEngineStore,
} from '../support/engine-store-contracts/index.js';

// The engine's storage ports, one contract each, run by both implementations: the in-memory
// stores the engine's unit tests use (test/support/engine-memory/) and the database's
// repositories (the embedded PGlite, or PostgreSQL when CI sets DATABASE_URL). What the unit
// tests learn in memory holds on the database because both pass the same suites.

const implementations: { name: string; open: OpenEngineStore }[] = [
  {
    name: 'in memory',
    open: async () => {
      const { repos, tables } = createMemoryEngineRepositories();
      const botId = randomUUID();
      tables.bots.set(botId, 'contract-bot');
      return { repos, botId, close: async () => undefined };
    },
  },
  {
    name: `database (${testDriversLabel()})`,
    open: async () => {
      const database = await openTestDatabase();
      const { id } = await createBotsRepo(database.db).ensure('contract-bot');
      return { repos: engineRepositories(database), botId: id, close: () => database.close() };
    },
  },
];

describe.each(implementations)('engine stores: $name', ({ open }) => {
  describeTurnStoreContract(open);
  describeOutboxContract(open);
  describeEngineEventsContract(open);
  describeInboundQueueContract(open);
  describeSessionsContract(open);
});
