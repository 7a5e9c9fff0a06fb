import { DelayedError, type Job } from 'bullmq';
import type { Logger } from '../logger.js';
import { oncePer } from '../once-per.js';

/**
 * Jobs carry the id of the deployment that enqueued them, so a worker can tell its own from
 * another deployment's on a shared Redis prefix (docs/operations/high-availability.md, "Several
 * deployments on one Redis"). The data is wrapped as `{ switchboard_deployment, payload }`;
 * handlers only ever see the payload.
 */
const STAMP = 'switchboard_deployment';

/** How long a job of another deployment is put aside before a worker looks at it again. */
export const FOREIGN_JOB_DELAY_MS = 5_000;
/** One error line per minute, however many foreign jobs a worker meets. */
const FOREIGN_LOG_INTERVAL_MS = 60_000;

/** Options for {@link createDeploymentStamp}. */
export interface DeploymentStampOptions {
  /** This deployment's id; unset, jobs go unstamped and every job is taken as this deployment's. */
  deploymentId?: string;
  /** The queues' Redis prefix, named in the log line. */
  prefix: string;
  logger: Logger;
}

/** Stamps the jobs a queue enqueues and sorts the jobs its workers take. */
export interface DeploymentStamp {
  /** The data to store for a job: wrapped with this deployment's id when it has one. */
  stamp(data: unknown): unknown;
  /**
   * The payload of a job of this deployment (or of an unstamped job, from a version before stamps).
   * A job of another deployment is left for its owner: moved back to delayed, its attempts not
   * counted, neither completed nor failed; then a `DelayedError` tells BullMQ to leave it there.
   */
  open(job: Job, token: string | undefined): Promise<unknown>;
}

export function createDeploymentStamp(options: DeploymentStampOptions): DeploymentStamp {
  const { deploymentId, prefix, logger } = options;
  const shouldLog = oncePer(FOREIGN_LOG_INTERVAL_MS);
  let unlogged = 0;
  return {
    stamp: (data) => (deploymentId === undefined ? data : { [STAMP]: deploymentId, payload: data }),
    async open(job, token) {
      const { owner, payload } = readStamp(job.data);
      if (owner === undefined || deploymentId === undefined || owner === deploymentId) return payload;
      unlogged += 1;
      if (shouldLog()) {
        logger.error(
          { prefix, deployment_id: deploymentId, job: { name: job.name, id: job.id, deployment_id: owner }, foreign_jobs: unlogged },
          `a job of another deployment (${owner}) is in this deployment's queue on Redis prefix "${prefix}": left untouched for its owner. `
            + 'Two deployments share this prefix; give each its own REDIS_PREFIX (or unset it) — docs/operations/high-availability.md',
        );
        unlogged = 0;
      }
      // Should the move fail (Redis went away), the job stays locked until its lock expires and
      // BullMQ's stalled-job check puts it back in wait: still neither completed nor failed.
      await job.moveToDelayed(Date.now() + FOREIGN_JOB_DELAY_MS, token)
        .catch((err: unknown) => logger.warn({ err, job: { name: job.name, id: job.id } }, 'job of another deployment not moved back to delayed'));
      throw new DelayedError();
    },
  };
}

function readStamp(data: unknown): { owner?: string; payload: unknown } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { payload: data };
  const record = data as Record<string, unknown>;
  const owner = record[STAMP];
  if (typeof owner !== 'string' || !('payload' in record) || Object.keys(record).length !== 2) return { payload: data };
  return { owner, payload: record.payload };
}
