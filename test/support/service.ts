import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { readProcessSettings } from '../../config/index.js';
import { engineEvents } from '../../db/schema/index.js';
import { createLogger, type Logger } from '../../infra/logger.js';
import { startService, type RunningService } from '../../app/main.js';
import { copyMigratedPglite } from './pglite-template.js';
import { createScratchDatabase } from './postgres.js';
import { TEST_CACHE_DIR } from './test-cache-dir.js';
import { deleteRedisKeys, uniquePrefix } from './redis.js';
import { testDrivers } from './drivers.js';
import { waitForValue } from './wait-for.js';
import { TEST_PASSWORD_HASH_MEMORY_KIB } from './test-passwords.js';

export const TEST_ADMIN = { username: 'admin', email: 'admin@example.test', password: 'admin-password-1' };

/** A started service plus the clean-up of everything it created. */
export interface TestService extends RunningService {
  /** Stops this process's service and starts a new one on the same database, data and Redis prefix. */
  restart(): Promise<TestService>;
  /**
   * Resolves once every domain event committed so far was handed out: attendance hears of a
   * customer's message from a job after the turn (docs/architecture.md, "one-way flow").
   */
  eventsHandled(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Starts the real service on port 0, on the same drivers the run is configured for: PGlite and
 * in-process by default; a scratch PostgreSQL database and a private Redis prefix when
 * DATABASE_URL / REDIS_URL are set (CI's second pass). `env` overrides single variables;
 * `options.logger` replaces the silent test logger (suites that read what was logged).
 */
export async function startTestService(env: Record<string, string> = {}, options: { logger?: Logger } = {}): Promise<TestService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-test-'));
  const scratch = testDrivers.databaseUrl && !('DATABASE_URL' in env) ? await createScratchDatabase(testDrivers.databaseUrl) : undefined;
  const prefix = uniquePrefix('sbsvc');
  const settings = readProcessSettings({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOTS_DIR: path.resolve('bots'),
    CACHE_DIR: TEST_CACHE_DIR,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    REDIS_PREFIX: prefix,
    SHUTDOWN_TIMEOUT_MS: '5000',
    PASSWORD_HASH_MEMORY_KIB: TEST_PASSWORD_HASH_MEMORY_KIB,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(testDrivers.redisUrl ? { REDIS_URL: testDrivers.redisUrl } : {}),
    ...env,
  });
  // The embedded database starts as a copy of the migrated template, not from initdb (a few
  // seconds). A DATA_DIR a suite names but did not make is left for the service to create.
  if (!settings.DATABASE_URL && existsSync(settings.DATA_DIR)) await copyMigratedPglite(path.join(settings.DATA_DIR, 'pglite'));
  const cleanUp = async () => {
    await scratch?.drop();
    if (settings.REDIS_URL) await deleteRedisKeys(settings.REDIS_URL, prefix).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  const launch = async (): Promise<TestService> => {
    const service = await startService(settings, options.logger ?? createLogger({ pretty: false }));
    return {
      ...service,
      eventsHandled: () => noPendingEvents(service),
      async restart() {
        await service.stop();
        return launch();
      },
      async dispose() {
        await service.stop();
        await cleanUp();
      },
    };
  };
  // A start-up that fails (a refused Redis prefix, say) leaves nothing behind either.
  return launch().catch(async (error: unknown) => {
    await cleanUp().catch(() => undefined);
    throw error;
  });
}

async function noPendingEvents(service: RunningService): Promise<void> {
  const pending = async () => (await service.database.db.select({ n: count() }).from(engineEvents).where(eq(engineEvents.state, 'pending')))[0]!.n;
  await waitForValue(pending, (n) => n === 0, 'no engine event pending');
}

/** Logs in over HTTP (to `tenant` when given: `POST /api/auth/login`'s `tenant`) and returns the bearer header for later requests. */
export async function bearerFor(baseUrl: string, username: string, password: string, tenant?: string): Promise<{ authorization: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, ...(tenant ? { tenant } : {}) }),
  });
  if (res.status !== 200) throw new Error(`login as ${username}${tenant ? ` to ${tenant}` : ''} failed: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/**
 * A request to a test service: its status and its JSON body (`{}` for an empty one). A body is
 * sent as JSON, a string as it is.
 */
export async function callService<T = Record<string, unknown>>(
  service: Pick<TestService, 'url'>, method: string, path: string, headers: Record<string, string> = {}, body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}
