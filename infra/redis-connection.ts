import { Redis } from 'ioredis';
import type { Logger } from './logger.js';
import { oncePer } from './once-per.js';

/** What a connection is for; it names the client in `CLIENT LIST` and in log lines. */
export type RedisRole = 'jobs' | 'events-pub' | 'events-sub' | (string & {});

/**
 * One ioredis client configured the way every Redis-backed driver needs it: commands wait out a
 * reconnect instead of failing (`maxRetriesPerRequest: null`, which BullMQ requires), the socket
 * opens on first use (`lazyConnect`, so building a driver never throws), and `error` events are
 * logged rather than left unhandled (an unhandled `error` event would crash the process while
 * Redis is merely restarting).
 */
export function createRedisConnection(
  url: string,
  options: { role: RedisRole; logger?: Logger; autoPipelining?: boolean; failFast?: boolean },
): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    // A producer on a request's path (docs/operations/high-availability.md, "Faults"): while Redis
    // is away a command fails at once instead of waiting in the offline queue for its return, and
    // commands in flight when the connection closes fail with it. No `commandTimeout`: ioredis
    // fills a timed-out command of an (auto)pipeline twice when its late answer arrives, and the
    // pipeline then hands out a missing result, an uncaught TypeError (seen under CI's load).
    ...(options.failFast ? { enableOfflineQueue: false, maxRetriesPerRequest: 0 } : {}),
    lazyConnect: true,
    connectionName: `switchboard:${options.role}`,
    // Commands issued in the same tick leave in one write: concurrent turns' rate-limit counts and
    // publishes share a round trip instead of a system call each (docs/performance.md).
    ...(options.autoPipelining ? { enableAutoPipelining: true } : {}),
  });
  if (options.failFast) {
    const settled = new Promise<void>((resolve) => {
      for (const event of ['ready', 'close', 'end']) client.once(event, () => resolve());
    });
    firstAttempts.set(client, settled);
  }
  const shouldLog = oncePer(10_000);
  client.on('error', (err: Error) => {
    if (shouldLog()) options.logger?.warn({ err, role: options.role }, 'redis connection error (will reconnect)');
  });
  return client;
}


/** Settles when a fail-fast client's first connection attempt has either succeeded or failed. */
const firstAttempts = new WeakMap<Redis, Promise<void>>();

/**
 * Whether a fail-fast client (`failFast`) can take a command now. A driver just built is still
 * connecting, so its first connection attempt is waited for; a reconnect never is.
 */
export async function readyForCommands(client: Redis): Promise<boolean> {
  if (client.status !== 'ready') await firstAttempts.get(client);
  return client.status === 'ready';
}

/**
 * Readiness check that fails fast. A plain `PING` on a `maxRetriesPerRequest: null` client would
 * wait forever while Redis is down, which is the opposite of what a health probe wants.
 */
export async function pingRedis(client: Redis, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis did not answer PING within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([firstAttempts.get(client)?.then(() => client.ping()) ?? client.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Releases a client whatever state it is in. `quit()` on a never-connected lazy client would open
 * a socket just to close it, and on a dead server would wait for a reconnect, so those cases
 * disconnect instead.
 */
export async function closeRedisConnection(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
