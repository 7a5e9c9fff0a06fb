import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenIssuer, ensureAdmin, resolveJwtSecret, type TokenIssuer } from './auth/index.js';
import { loadBotPackages, type LoadedBotPackage, type ProcessSettings } from './config/index.js';
import { ScriptFolder, seedTablesFromCsv } from './basic-interpreter/index.js';
import { createBotDataRepo, createBotsRepo, createUsersRepo, openDatabase, type DatabaseHandle } from './db/index.js';
import { createApp } from './http/app.js';
import { createEventBus, type EventBus } from './infra/events/index.js';
import { createJobQueue, type JobQueue } from './infra/jobs/index.js';
import type { Logger } from './infra/logger.js';

/** A started service: what tests and the CLI need to reach it and to stop it. */
export interface RunningService {
  readonly url: string;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly tokens: TokenIssuer;
  readonly bots: RunnableBot[];
  /** Graceful stop: refuse new connections, finish requests and jobs (bounded), close pools. */
  stop(): Promise<void>;
}

/**
 * The composition root: opens the database (PGlite, or PostgreSQL with DATABASE_URL) and
 * migrates it, picks the job and event drivers (in-process, or Redis with REDIS_URL), loads the
 * bot packages, then serves HTTP. Everything is wired here and nowhere else.
 */
export async function startService(settings: ProcessSettings, logger: Logger): Promise<RunningService> {
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    pgliteDir: path.join(settings.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready');

  const redis = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX, logger };
  const jobs = createJobQueue(redis);
  const bus = createEventBus(redis);

  const users = createUsersRepo(database.db);
  const tokens = createTokenIssuer(
    await resolveJwtSecret({ jwtSecret: settings.JWT_SECRET, dataDir: settings.DATA_DIR }),
    settings.JWT_TTL_SECONDS,
  );
  if (settings.DATABASE_URL && !settings.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR, so instances that do not share DATA_DIR reject each other\'s tokens');
  }
  await ensureAdmin({ users, logger }, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD, username: settings.ADMIN_USERNAME });

  const bots = await prepareBots(settings.BOTS_DIR, database, logger);

  const readiness = [{ name: 'database', ping: () => database.ping() }];
  if (settings.REDIS_URL) readiness.push({ name: 'redis', ping: async () => { await Promise.all([jobs.ping(), bus.ping()]); } });

  const app = createApp({ logger, version: packageVersion(), users, tokens, readiness });
  const server = await listen(app, settings.PORT, settings.HOST);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST}:${port}`;
  logger.info({ port, url }, `Switchboard listening on ${url}`);

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shutdown());
  async function shutdown() {
    logger.info('shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests still running after the bound are cut so shutdown always ends.
    const force = setTimeout(() => server.closeAllConnections(), settings.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(force);
    await jobs.close({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS });
    await bus.close();
    await database.close();
    logger.info('stopped');
  }

  return { url, database, jobs, bus, tokens, bots, stop };
}

/** A loaded bot package with its database row and its dialogs (re-read when a .bas file changes). */
export interface RunnableBot extends LoadedBotPackage {
  readonly id: string;
  readonly dialogs: ScriptFolder;
}

/**
 * Loads every bot package: config, database row, dialogs (compiled now so broken scripts are
 * reported at start-up) and `.gbdata` tables (seeded once, when still empty).
 */
async function prepareBots(botsDir: string, database: DatabaseHandle, logger: Logger): Promise<RunnableBot[]> {
  const { bots } = await loadBotPackages(botsDir, logger);
  const botsRepo = createBotsRepo(database.db);
  const botData = createBotDataRepo(database.db);
  const ready: RunnableBot[] = [];
  for (const bot of bots) {
    const { id } = await botsRepo.ensure(bot.name);
    const dialogs = new ScriptFolder(path.join(bot.dir, `${bot.name}.gbdialog`), (file, errors) =>
      logger.error({ bot: bot.name, file }, `script not loaded:\n${errors.join('\n\n')}`),
    );
    const { loaded } = dialogs.loadAll();
    try {
      const seeded = await seedTablesFromCsv(bot.dir, botData.tables(id), { onlyIfEmpty: true });
      const filled = seeded.filter((t) => t.inserted > 0).map((t) => t.table);
      if (filled.length) logger.info({ bot: bot.name, tables: filled }, 'tables seeded from .gbdata');
    } catch (error) {
      // Bad seed data leaves the tables as they are; the bot's dialogs still run.
      logger.error({ bot: bot.name, err: error }, `tables not seeded: ${(error as Error).message}`);
    }
    logger.info({ bot: bot.name, scripts: loaded }, `bot "${bot.name}" ready`);
    ready.push({ ...bot, id, dialogs });
  }
  logger.info({ bots: ready.map((b) => b.name), dir: botsDir }, `${ready.length} bot(s) loaded`);
  return ready;
}

function listen(app: ReturnType<typeof createApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

/** The version in package.json, found from the source tree and from dist/ alike. */
function packageVersion(): string {
  for (const candidate of ['./package.json', '../package.json']) {
    try {
      const file = fileURLToPath(new URL(candidate, import.meta.url));
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'switchboard' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}
