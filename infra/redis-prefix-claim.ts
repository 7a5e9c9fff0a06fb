import { setTimeout as pause } from 'node:timers/promises';
import type { Logger } from './logger.js';
import { oncePer } from './once-per.js';

/**
 * One Redis, several deployments (docs/operations/high-availability.md, "Several deployments on
 * one Redis"): each deployment's jobs, channels and counters live under its own key prefix, and a
 * live deployment holds its prefix with a heartbeat key, so a second deployment that would share
 * it (and take its jobs) refuses to start instead.
 */

/** How long a claim outlives its last heartbeat: the wait before a gone deployment's prefix is free. */
export const PREFIX_CLAIM_TTL_MS = 30_000;

/** How long start-up waits for Redis to answer the claim before it starts without one (degraded). */
export const CLAIM_START_WAIT_MS = 5_000;

/** The prefix of a deployment that sets no REDIS_PREFIX: `switchboard:` and the first 8 hex digits of its id. */
export function defaultRedisPrefix(deploymentId: string): string {
  return `switchboard:${deploymentId.replace(/-/g, '').slice(0, 8)}`;
}

/** The key that says which deployment holds `prefix`. */
export function prefixClaimKey(prefix: string): string {
  return `${prefix}:deployment`;
}

/** Start-up found `prefix` held by another live deployment. */
export class RedisPrefixTakenError extends Error {
  constructor(readonly prefix: string, readonly deploymentId: string, readonly holder: string, readonly expiresInMs: number) {
    super(
      `Redis prefix "${prefix}" is held by another live deployment (${holder}); this one is ${deploymentId}. `
        + 'Deployments on one Redis must not share a prefix, or they take each other\'s jobs. '
        + 'Fix: unset REDIS_PREFIX (each deployment then uses switchboard:<the first 8 digits of its id>) or set one no other deployment uses; '
        + `if that deployment is gone, its claim expires within ${Math.ceil(expiresInMs / 1000)} s: start again after that.`,
    );
    this.name = 'RedisPrefixTakenError';
  }
}

/**
 * SET NX PX claims a free prefix; a prefix already held by this deployment (another of its
 * instances, or this one's last heartbeat) has its expiry renewed. One script, so the answer and
 * the write cannot be split by another deployment's claim. Answers nil, or the holder and its PTTL.
 */
const CLAIM_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return nil end
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return nil
end
return { holder, redis.call('PTTL', KEYS[1]) }
`;

/** Options for {@link claimRedisPrefix}. */
export interface PrefixClaimOptions {
  redisUrl: string;
  prefix: string;
  deploymentId: string;
  logger: Logger;
  /** Defaults to {@link PREFIX_CLAIM_TTL_MS}; the heartbeat runs every third of it. */
  ttlMs?: number;
  /** How long start-up waits for Redis's first answer; defaults to {@link CLAIM_START_WAIT_MS}. */
  startWaitMs?: number;
}

/** A held prefix; `close()` stops the heartbeat (the key then expires on its own). */
export interface PrefixClaim {
  close(): Promise<void>;
}

/**
 * Claims `prefix` for this deployment or throws {@link RedisPrefixTakenError}; when Redis does not
 * answer within `startWaitMs`, returns and lets the heartbeat claim it later. Every instance keeps the claim alive. The key is not deleted on stop: the
 * deployment's other instances still hold it, and a restart of this one finds it its own.
 */
export async function claimRedisPrefix(options: PrefixClaimOptions): Promise<PrefixClaim> {
  const { prefix, deploymentId, logger } = options;
  const ttlMs = options.ttlMs ?? PREFIX_CLAIM_TTL_MS;
  const key = prefixClaimKey(prefix);
  // ioredis loads only for a deployment on Redis (docs/performance.md, "Start-up").
  const { closeRedisConnection, createRedisConnection } = await import('./redis-connection.js');
  const client = createRedisConnection(options.redisUrl, { role: 'deployment-claim', logger });
  const claim = async (): Promise<[string, number] | null> =>
    (await client.eval(CLAIM_SCRIPT, 1, key, deploymentId, String(ttlMs))) as [string, number] | null;

  // A Redis that does not answer at start-up does not keep the instance from serving (it runs
  // degraded, docs/operations/high-availability.md, "Faults"): the heartbeat claims the prefix
  // when Redis returns, and says so loudly if another deployment holds it by then.
  const first = claim();
  let taken: [string, number] | null | 'no answer';
  const waited = new AbortController();
  try {
    const noAnswer = pause(options.startWaitMs ?? CLAIM_START_WAIT_MS, 'no answer' as const, { signal: waited.signal });
    noAnswer.catch(() => undefined);
    taken = await Promise.race([first, noAnswer]);
  } catch (error) {
    await closeRedisConnection(client);
    throw error;
  } finally {
    waited.abort();
  }
  if (taken === 'no answer') {
    first.catch(() => undefined);
    logger.warn({ prefix }, 'Redis did not answer at start-up: the prefix is claimed when it returns');
  } else if (taken) {
    await closeRedisConnection(client);
    throw new RedisPrefixTakenError(prefix, deploymentId, taken[0], taken[1]);
  }

  const shouldLog = oncePer(60_000);
  let beating = false;
  const beat = async () => {
    if (beating) return; // a heartbeat waiting out a Redis outage; one is enough
    beating = true;
    try {
      const holder = await claim();
      // Our claim lapsed (Redis was away longer than the TTL) and another deployment took the prefix.
      if (holder && shouldLog()) logger.error({ prefix, deployment_id: deploymentId, holder: holder[0] }, new RedisPrefixTakenError(prefix, deploymentId, holder[0], holder[1]).message);
    } catch (err) {
      if (shouldLog()) logger.warn({ err, prefix }, 'redis prefix heartbeat failed (will retry)');
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(() => void beat(), Math.max(1, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await closeRedisConnection(client);
    },
  };
}
