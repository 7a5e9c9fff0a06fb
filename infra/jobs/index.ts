import type { Logger } from '../logger.js';
import { createInProcessJobQueue } from './in-process-jobs.js';
import type { JobQueue } from './jobs-port.js';
import { carryTenants, type TenantHeld } from './tenant-carrying-jobs.js';
export { JobPostponed, JobStoreUnavailableError } from './jobs-port.js';
export { SUSPENDED_TENANT_JOB_DELAY_MS, type TenantHeld } from './tenant-carrying-jobs.js';
export { enqueueAfterCommit } from './enqueue-after-commit.js';
export { type EachTenant, inTheCurrentTenant } from './each-tenant.js';

export type {
  AddJobOptions, BackoffOptions, CloseOptions, JobContext, JobFailedCallback, JobHandler, JobQueue, ProcessOptions, RepeatSpec,
} from './jobs-port.js';

/** Options for {@link createJobQueue}. */
export interface JobQueueConfig {
  /** Set (from `REDIS_URL`) to run jobs on BullMQ; unset runs them in this process. */
  redisUrl?: string;
  /** BullMQ key prefix; instances that share work must share it. Ignored in-process. */
  prefix?: string;
  /** This deployment's id, stamped on every BullMQ job (docs/operations/high-availability.md). Ignored in-process. */
  deploymentId?: string;
  /** Whether a tenant is suspended: its queued jobs then wait for its resume (infra/jobs/tenant-carrying-jobs.ts). */
  tenantHeld?: TenantHeld;
  logger: Logger;
}

/**
 * The one place that picks the jobs driver, so the rest of the code only ever sees {@link JobQueue}:
 * BullMQ when a Redis URL is configured, the embedded in-process driver otherwise.
 */
export async function createJobQueue(config: JobQueueConfig): Promise<JobQueue> {
  if (config.redisUrl) {
    // BullMQ and ioredis load only when they are used (docs/performance.md, "Start-up").
    const { createBullmqJobQueue } = await import('./bullmq-jobs.js');
    return carryTenants(await createBullmqJobQueue({ redisUrl: config.redisUrl, prefix: config.prefix, deploymentId: config.deploymentId, logger: config.logger }), config.tenantHeld);
  }
  return carryTenants(createInProcessJobQueue({ logger: config.logger }), config.tenantHeld);
}
