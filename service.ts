import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChannelAdapters, createVisitorTokens, createWebChannel, DEFAULT_WEB_RATE_LIMIT, listChannelAdapters } from './adapters/index.js';
import {
  createAssistService, createAttendanceService, createAutoSummaryListener, createEmailNotificationsListener,
  createLiveEventsListener, createTicketLivePublisher, createTicketsListener, crmAttendanceLogListener, publishCustomerTyping, registerEmailJobs,
} from './attendance/index.js';
import { createTokenIssuer, ensureAdmin, resolveJwtSecret, type TokenIssuer } from './auth/index.js';
import type { ProcessSettings } from './config/index.js';
import {
  createAttendanceRepositories, createBotDataRepo, createCannedResponsesRepo, createEngineEventsRepo, createMessagesRepo, createOutboxRepo, createSessionsRepo, createTurnStore, createUsersRepo,
  openDatabase, type DatabaseHandle,
} from './db/index.js';
import { createEngine, type EngineService } from './engine/index.js';
import { createApp } from './http/app.js';
import { attachAttendanceSocket } from './http/attendance-socket.js';
import { attachWebSocket } from './http/web-socket.js';
import { createEventBus, type EventBus } from './infra/events/index.js';
import { createJobQueue, type JobQueue } from './infra/jobs/index.js';
import { createLlmClients } from './infra/llm/index.js';
import { createLocks } from './infra/locks/index.js';
import type { Logger } from './infra/logger.js';
import { createMailer } from './infra/mail/index.js';
import { createRateLimiter } from './infra/rate-limit/index.js';
import { prepareBots, type RunnableBot } from './service-bots.js';
import { createServiceMetrics } from './service-metrics.js';

export type { RunnableBot } from './service-bots.js';

/** A started service: what tests and the CLI need to reach it and to stop it. */
export interface RunningService {
  readonly url: string;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly tokens: TokenIssuer;
  readonly bots: RunnableBot[];
  readonly engine: EngineService;
  /** `http://host:port` of the metrics listener when `METRICS_PORT` is set (docs/metrics.md). */
  readonly metricsUrl?: string;
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
  const rateLimiter = createRateLimiter(redis);
  const locks = createLocks({ databaseUrl: settings.DATABASE_URL, logger });

  const users = createUsersRepo(database.db);
  const secret = await resolveJwtSecret({ jwtSecret: settings.JWT_SECRET, dataDir: settings.DATA_DIR });
  const tokens = createTokenIssuer(secret, settings.JWT_TTL_SECONDS);
  const visitorTokens = createVisitorTokens(secret);
  if (settings.DATABASE_URL && !settings.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR, so instances that do not share DATA_DIR reject each other\'s tokens');
  }
  await ensureAdmin({ users, logger }, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD, username: settings.ADMIN_USERNAME });

  const bots = await prepareBots(settings.BOTS_DIR, database, logger);
  const byName = new Map(bots.map((b) => [b.name, b]));
  const byId = new Map(bots.map((b) => [b.id, b]));
  // Attendance notices and SEND MAIL; without SMTP_URL every send says mail is not configured.
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM });
  const mailBots = bots.filter((b) => b.config['attendance-email-notify']).map((b) => b.name);
  if (!mailer.configured && mailBots.length > 0) {
    logger.warn({ bots: mailBots }, 'attendance-email-notify is on but SMTP_URL is not set: no attendance email will be sent');
  }
  const configOf = (botId: string) => byId.get(botId)?.config;
  const now = () => new Date();
  // The bot's language model (config llm-*), shared by attendant assist and the BASIC LLM keyword.
  const llmClients = createLlmClients();
  const llmOf = (botId: string) => {
    const config = configOf(botId);
    return config && llmClients.forSettings({
      ...(config['llm-url'] ? { url: config['llm-url'] } : {}), ...(config['llm-key'] ? { key: config['llm-key'] } : {}),
      model: config['llm-model'], timeoutMs: config['llm-timeout-seconds'] * 1000,
    });
  };
  // Attendant assist (tips, polish, replies, summary, sentiment) on the bot's model, with offline fallbacks.
  // Every attendance use case runs on these, built once.
  const attendanceRepos = createAttendanceRepositories(database.db);
  const assist = createAssistService({
    repos: attendanceRepos, llmFor: llmOf, now, logger,
    bot: (key) => {
      const bot = byId.get(key) ?? byName.get(key);
      return bot && { id: bot.id, config: bot.config };
    },
  });
  const autoSummary = createAutoSummaryListener({ assist, bus, logger });
  const emailDeps = { repos: attendanceRepos, jobs, config: configOf, now, logger };
  const messagesRepo = createMessagesRepo(database.db);
  const sessionsRepo = createSessionsRepo(database.db);
  const adapters = createChannelAdapters({ visitorTokens });
  const metrics = createServiceMetrics({ db: database.db, settings, logger, channels: listChannelAdapters(adapters).map((a) => a.channel) });
  const engine = createEngine({
    repos: {
      turns: createTurnStore(database.sql), outbox: createOutboxRepo(database.db), events: createEngineEventsRepo(database.db),
      sessions: sessionsRepo, messages: messagesRepo, botData: createBotDataRepo(database.db),
    },
    jobs, bus, logger, locks, bots: (name) => byName.get(name), metrics: metrics.port,
    // SEND MAIL goes through the same mailer; without SMTP_URL the engine keeps its "not configured" port.
    ...(mailer.configured ? { mail: { send: (m) => mailer.send({ to: m.to, subject: m.subject, text: m.body }) } } : {}),
    // LLM and SET CONTEXT use the bot's model; without one the keyword stops the script with a clear error.
    llm: {
      async complete({ prompt, context, bot_id }) {
        const model = llmOf(bot_id);
        if (!model) throw new Error('LLM: no language model is configured for this bot (set llm-url or llm-key in config.csv)');
        return model.text([...(context ? [{ role: 'system' as const, content: context }] : []), { role: 'user' as const, content: prompt }]);
      },
    },
  });
  // Ticket changes reach the consoles as ticket_updated frames, whichever path made them.
  const onTicketChange = createTicketLivePublisher({ bus, logger });
  const attendance = createAttendanceService({
    repos: attendanceRepos,
    customers: engine,
    bots: (idOrName) => (byId.get(idOrName) ?? byName.get(idOrName))?.config,
    logger,
    onTicketChange,
    // Reactions to attendance changes, in order (attendance/attendance-listener.ts).
    listeners: [
      createLiveEventsListener({ repos: attendanceRepos, bus }),
      autoSummary,
      crmAttendanceLogListener({ repos: attendanceRepos, config: configOf }),
      createTicketsListener({ repos: attendanceRepos, config: configOf, now, onTicketChange }),
      createEmailNotificationsListener({ ...emailDeps, mailConfigured: mailer.configured }),
    ],
  });
  // Attendance hears from the engine only through its domain events, after each commit.
  engine.subscribe(attendance.engineEventHandlers);
  for (const adapter of listChannelAdapters(adapters)) engine.channels.register(adapter);
  await registerEmailJobs({ ...emailDeps, mailer });
  await engine.start();

  const readiness = [{ name: 'database', ping: () => database.ping() }];
  if (settings.REDIS_URL) {
    readiness.push({ name: 'redis', ping: async () => { await Promise.all([jobs.ping(), bus.ping(), rateLimiter.ping()]); } });
  }
  if (mailer.configured) readiness.push({ name: 'smtp', ping: () => mailer.verify() });
  // The REST commands and the console socket run commands with the same dependencies.
  const commandDeps = { repos: attendanceRepos, attendance, assist };
  const app = createApp({
    logger,
    version: packageVersion(),
    users,
    tokens,
    readiness,
    webChannel: createWebChannel({
      engine,
      adapter: adapters.web,
      visitorTokens,
      botExists: (name) => byName.has(name),
      rateLimiter,
      limitFor: (name) => {
        const config = byName.get(name)?.config;
        return config ? { points: config['web-rate-limit'], durationSeconds: config['web-rate-window-seconds'] } : DEFAULT_WEB_RATE_LIMIT;
      },
      // TALK TO messages went to someone else (payload.to): they are not part of the visitor's history.
      history: async (sessionId) => (await messagesRepo.listBySession(sessionId)).filter((m) => !('to' in m.payload)),
    }),
    sessions: { findSession: (id) => sessionsRepo.findById(id) },
    attendance: commandDeps,
    metrics: metrics.onMainPort,
    // The console, widget and demo page (issue 15).
    webDir: settings.WEB_DIR,
    cannedResponses: {
      canned: createCannedResponsesRepo(database.db),
      botId: (idOrName) => (byId.get(idOrName) ?? byName.get(idOrName))?.id,
    },
  });
  const server = await listen(app, settings.PORT, settings.HOST);
  const webSocket = attachWebSocket(server, {
    visitorTokens, bus, logger,
    // The widget's typing notices reach the attendant (issue 15).
    onTyping: (sessionId) => publishCustomerTyping({ repos: attendanceRepos, bus, now: () => new Date() }, sessionId),
  });
  const attendanceSocket = attachAttendanceSocket(server, { tokens, bus, logger, commands: commandDeps });
  const metricsListener = await metrics.serve({ web: webSocket, attendance: attendanceSocket });
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST}:${port}`;
  logger.info({ port, url }, `Switchboard listening on ${url}`);

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shutdown());
  async function shutdown() {
    logger.info('shutting down');
    await metricsListener?.close();
    await webSocket.close();
    await attendanceSocket.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests still running after the bound are cut so shutdown always ends.
    const force = setTimeout(() => server.closeAllConnections(), settings.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(force);
    await autoSummary.idle();
    await jobs.close({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS });
    mailer.close();
    await bus.close();
    await rateLimiter.close();
    await locks.close();
    await database.close();
    logger.info('stopped');
  }

  return { url, database, jobs, bus, tokens, bots, engine, stop, ...(metricsListener ? { metricsUrl: metricsListener.url } : {}) };
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
