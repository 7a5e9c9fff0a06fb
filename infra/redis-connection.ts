import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** What a connection is for; it names the client in `CLIENT LIST` and in log lines. */
export type RedisRole = 'jobs' | 'events-pub' | 'events-sub' | (string & {});

/**
 * One ioredis client configured the way every Redis-backed driver needs it: commands wait out a
 * reconnect instead of failing (`maxRetriesPerRequest: null`, which BullMQ requires), the socket
 * opens on first use (`lazyConnect`, so building a driver never throws), and `error` events are
 * logged rather than left unhandled (an unhandled `error` event would crash the process while
 * Redis is merely restarting).
 */
export function createRedisConnection(url: string, options: { role: RedisRole; logger?: Logger; autoPipelining?: boolean }): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: true,
    connectionName: `switchboard:${options.role}`,
    // Commands issued in the same tick leave in one write: concurrent turns' rate-limit counts and
    // publishes share a round trip instead of a system call each (docs/performance.md).
    ...(options.autoPipelining ? { enableAutoPipelining: true } : {}),
  });
  const shouldLog = oncePer(10_000);
  client.on('error', (err: Error) => {
    if (shouldLog()) options.logger?.warn({ err, role: options.role }, 'redis connection error (will reconnect)');
  });
  return client;
}

/**
 * A gate that lets one call through per `intervalMs`. Redis clients (and BullMQ on top of them)
 * report an error per reconnect attempt; during an outage one log line every few seconds is enough.
 */
export function oncePer(intervalMs: number): () => boolean {
  let last = -Infinity;
  return () => {
    const now = Date.now();
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
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
    await Promise.race([client.ping(), timeout]);
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
