import { SettingsError, type ProcessSettings } from '../config/index.js';
import { createDeploymentRepo, type DatabaseHandle } from '../db/index.js';
import type { Logger } from '../infra/logger.js';
import { claimRedisPrefix, defaultRedisPrefix, RedisPrefixTakenError, type PrefixClaim } from '../infra/redis-prefix-claim.js';

/** Who this deployment is and where its Redis keys live. */
export interface ServiceDeployment {
  /** The id kept in this deployment's database (db/schema/deployment.ts); stamped on its jobs. */
  readonly id: string;
  /** REDIS_PREFIX, or `switchboard:<first 8 digits of the id>` when unset. */
  readonly redisPrefix: string;
  /** Stops the prefix heartbeat (nothing to stop without Redis). */
  close(): Promise<void>;
}

/**
 * Reads (or, on a new database, writes) the deployment's identity and, with Redis, claims its
 * prefix (docs/operations/high-availability.md, "Several deployments on one Redis"). Runs before
 * any job driver exists: a prefix another live deployment holds stops start-up here, before a
 * worker could take that deployment's jobs, with the database closed and a message naming the
 * prefix, the other deployment and the fix.
 */
export async function openDeployment(deps: {
  database: DatabaseHandle;
  settings: Pick<ProcessSettings, 'REDIS_URL' | 'REDIS_PREFIX'>;
  logger: Logger;
}): Promise<ServiceDeployment> {
  const { database, settings, logger } = deps;
  const { id } = await createDeploymentRepo(database.db).identity();
  const redisPrefix = settings.REDIS_PREFIX ?? defaultRedisPrefix(id);
  let claim: PrefixClaim | undefined;
  if (settings.REDIS_URL) {
    try {
      claim = await claimRedisPrefix({ redisUrl: settings.REDIS_URL, prefix: redisPrefix, deploymentId: id, logger });
    } catch (error) {
      await database.close();
      // A settings problem: the CLI prints the message alone and exits 1 (bin/switchboard.ts).
      if (error instanceof RedisPrefixTakenError) throw new SettingsError(error.message, { cause: error });
      throw error;
    }
  }
  logger.info({ deployment_id: id, ...(settings.REDIS_URL ? { redis_prefix: redisPrefix } : {}) }, 'deployment identified');
  return { id, redisPrefix, close: async () => claim?.close() };
}
