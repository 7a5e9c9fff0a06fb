import path from 'node:path';
import type { ProcessSettings } from '../config/index.js';
import { openDatabase } from '../db/index.js';
import { createEventBus } from '../infra/events/index.js';
import { createJobQueue } from '../infra/jobs/index.js';
import { createLocks } from '../infra/locks/index.js';
import type { Logger } from '../infra/logger.js';
import { createMailer } from '../infra/mail/index.js';
import type { OutboundPolicy } from '../infra/outbound-http.js';
import { outboundPool } from '../infra/outbound-pool.js';
import { ensurePrivateDir } from '../infra/private-dir.js';
import { createRateLimiter } from '../infra/rate-limit/index.js';
import { openDeployment } from './deployment.js';
import { tenantsAtWork } from './each-tenant.js';
import { suspendedTenants } from './tenant-lookup.js';

/** Connections held by lock owners at once (one per key being worked on). */
const LOCK_CONNECTIONS = 10;

/**
 * What every area runs on: the database (PGlite, or PostgreSQL with DATABASE_URL), migrated; the
 * deployment's identity, which names its Redis prefix; jobs, events, rate limits (in process, or
 * Redis with REDIS_URL) and locks; the mailer; the deployment's outbound door.
 */
export async function openInfrastructure(settings: ProcessSettings, logger: Logger) {
  await ensurePrivateDir(settings.DATA_DIR, logger);
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, pgliteDir: path.join(settings.DATA_DIR, 'pglite') });
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready');
  // The deployment's id names its Redis prefix and stamps its jobs; a prefix another live deployment holds stops start-up here.
  const deployment = await openDeployment({ database, settings, logger });
  const redis = { redisUrl: settings.REDIS_URL, prefix: deployment.redisPrefix, logger };
  // Deployment-wide addresses (the chat-ops hook, the identity provider, object storage, OIDC issuers; push, webhooks
  // and FCM in notifications) leave through the outbound door under OUTBOUND_ALLOW_PRIVATE_NETWORKS (docs/architecture.md, "Outbound requests").
  const outbound: OutboundPolicy = { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS };
  return {
    database,
    deployment,
    // A suspended tenant's queued jobs wait for its resume (docs/operations/tenants.md, "Lifecycle").
    jobs: await createJobQueue({ ...redis, deploymentId: deployment.id, tenantHeld: suspendedTenants(database) }),
    bus: await createEventBus(redis),
    rateLimiter: await createRateLimiter(redis),
    // On connections of the work's tenant: a lock's call carries the caller's statements (db/connection.ts, `lockConnections`).
    locks: createLocks({ databaseUrl: settings.DATABASE_URL, logger, ...(database.lockConnections ? { connections: database.lockConnections(LOCK_CONNECTIONS) } : {}) }),
    // Attendance notices and SEND MAIL; without SMTP_URL every send says mail is not configured.
    mailer: createMailer({ smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM }),
    outbound,
    fetch: outboundPool(outbound).fetch,
    // Schedules' ticks, start-up re-enqueues and recovery sweeps run in each active tenant (docs/operations/tenants.md, "Background work").
    tenants: tenantsAtWork(database, logger),
  };
}

export type Infrastructure = Awaited<ReturnType<typeof openInfrastructure>>;
