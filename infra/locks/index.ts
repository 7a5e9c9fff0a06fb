import type { Logger } from '../logger.js';
import { createInProcessLocks } from './in-process-locks.js';
import type { LockPort } from './locks-port.js';
import { createPostgresLocks, type LockConnections } from './postgres-locks.js';

export type { LockPort, ReadUnderLock } from './locks-port.js';
export { createInProcessLocks, KeyedMutex } from './in-process-locks.js';
export { createPostgresLocks, type LockConnections, type PostgresLocksOptions } from './postgres-locks.js';

/** Options for {@link createLocks}. */
export interface LocksConfig {
  /** Set (from `DATABASE_URL`) to lock across instances with PostgreSQL advisory locks; unset locks in this process. */
  databaseUrl?: string;
  /** The connections to hold the locks on (see `PostgresLocksOptions.connections`). */
  connections?: LockConnections;
  logger: Logger;
}

/** The one place that picks the locks driver, so the rest of the code only sees {@link LockPort}. */
export function createLocks(config: LocksConfig): LockPort {
  if (config.databaseUrl) {
    return createPostgresLocks({ databaseUrl: config.databaseUrl, logger: config.logger, ...(config.connections ? { connections: config.connections } : {}) });
  }
  return createInProcessLocks();
}
