import { ServiceUnavailableError } from './errors.js';

/**
 * The one place that tells a dependency fault from a bug (docs/operations/high-availability.md,
 * "Faults"): an error of the PostgreSQL or Redis driver, or of the embedded database's thread,
 * that says the dependency cannot serve right now. Such a request did nothing that lasts (a turn,
 * an accepted webhook, any write is one statement that either committed or did not), so it is
 * answered 503 with `Retry-After` rather than 500, and clients and providers send it again.
 */
export function dependencyFaultOf(error: unknown): ServiceUnavailableError | undefined {
  if (error instanceof ServiceUnavailableError) return error;
  const dependency = faultyDependency(error, 0);
  if (!dependency) return undefined;
  return new ServiceUnavailableError(
    dependency === 'service' ? undefined : `The ${dependency} is unavailable; try again shortly`,
  );
}

/** What the message names; `service` when only a socket error says something is down. */
type Dependency = 'database' | 'Redis server' | 'service';

/** SQLSTATE classes meaning "cannot serve now": 08 connection exception, 53 insufficient resources. */
const SQLSTATE_CLASSES = ['08', '53'];
/** admin_shutdown, crash_shutdown, cannot_connect_now (a server stopping, recovering or starting). */
const SQLSTATE_CODES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a server that is down or unreachable, whichever driver met them. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** The code db/pglite-thread.ts gives every call once the embedded database's thread has gone. */
const PGLITE_THREAD_GONE = 'PGLITE_THREAD_GONE';

/** node-postgres errors without a code: a connection lost mid-query, a pool that could not connect in time. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];
/** ioredis errors of a connection that is down (with an offline queue off or a retry limit set). */
const REDIS_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^Reached the max retries per request limit/,
];

/** Which dependency failed, looking through the ORM's wrapping (`cause`) and a failed dual-stack connect (`errors`). */
function faultyDependency(error: unknown, depth: number, within?: Dependency): Dependency | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === PGLITE_THREAD_GONE) return 'database';
  if (/^[0-9A-Z]{5}$/.test(code) && (SQLSTATE_CLASSES.includes(code.slice(0, 2)) || SQLSTATE_CODES.has(code))) return 'database';
  if (POSTGRES_MESSAGES.some((re) => re.test(message))) return 'database';
  if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((re) => re.test(message))) return 'Redis server';
  if (NETWORK_CODES.has(code)) return within ?? 'service';
  // A socket error under the ORM's "Failed query" is the database's.
  const context = within ?? (message.startsWith('Failed query: ') ? 'database' : undefined);
  const inner = [e.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : [])];
  for (const candidate of inner) {
    const found = faultyDependency(candidate, depth + 1, context);
    if (found) return found;
  }
  return undefined;
}
