import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createBotMsgScreen, createChannelAdapters, createChannelMediaFetcher, createChannelWebhooks, createMobileMsgScreen, createTeamChatClient, createTeamChatWebhooks, createVisitorTokens,
  createWebChannel, createWorkchatDesk, createWorkchatScreen, DEFAULT_WEB_RATE_LIMIT, graphAdapterOf, listChannelAdapters,
} from './adapters/index.js';
import {
  createAssistService, createAttendanceApi, createAttendanceService, createAttendanceWebhookListener, createAttendantInbox, createAutoSummaryListener, createDestinationRegistry,
  createEmailNotificationsListener, createLiveEventsListener, createMobileMsgDestination, createTeamChatDestination, createTeamChatInbox,
  createTicketLivePublisher, createTicketsListener, createWorkchatDestination, crmAttendanceLogListener, deliveryFailedHandlers, publishCustomerTyping, registerAttendanceWebhookJobs,
  registerEmailJobs,
} from './attendance/index.js';
import {
  activeUsersOnly, createBotSignInLinks, createLoginThrottle, createTokenIssuer, ensureAdmin, resolveJwtSecret, signInLinkKey, signInToBot,
  signInToBotWithToken, type SignedInUser, type SignInRequest, type TokenIssuer,
} from './auth/index.js';
import type { ProcessSettings } from './config/index.js';
import { createDriveLinks, createFileStore, driveLinkKey, openDriveLink } from './content/index.js';
import { wireContent } from './service-content.js';
import {
  createAttendanceRepositories, createAttendanceWebhooksRepo, createBotDataRepo, createBotWatchesRepo, createCannedResponsesRepo, createContentRecordsRepo, createGroupsRepo, createEngineEventsRepo, createInboundQueueRepo, createMessagesRepo, createOutboxRepo, createSessionsRepo, createTableTriggerRunsRepo, createTeamChatThreadsRepo, createTurnStore, createUsersRepo,
  openDatabase, type DatabaseHandle,
} from './db/index.js';
import { createChannelRegistry, createEngine, voiceModelsOf, type EngineService } from './engine/index.js';
import { createGroupAudience, createGroupLimits, createIdentityProvider, type GroupsDeps } from './groups/index.js';
import { createApp } from './http/app.js';
import { createReadiness, type ReadinessCheck } from './http/readiness.js';
import { ATTENDANCE_SOCKET_PATH, attachAttendanceSocket } from './http/attendance-socket.js';
import { NOTIFICATIONS_SOCKET_PATH } from './http/notifications-socket.js';
import { answerClientErrors } from './http/client-errors.js';
import { refuseUnknownUpgrades } from './http/unknown-upgrade.js';
import { attachWebSocket, WEB_SOCKET_PATH } from './http/web-socket.js';
import { createEventBus, type EventBus } from './infra/events/index.js';
import { createJobQueue, type JobQueue } from './infra/jobs/index.js';
import { createLlmClients } from './infra/llm/index.js';
import { createLocks } from './infra/locks/index.js';
import type { Logger } from './infra/logger.js';
import type { OutboundPolicy } from './infra/outbound-http.js';
import { outboundPool } from './infra/outbound-pool.js';
import { ensurePrivateDir } from './infra/private-dir.js';
import { createMailer } from './infra/mail/index.js';
import { createRateLimiter } from './infra/rate-limit/index.js';
import { prepareBots, type RunnableBot } from './service-bots.js';
import { identityRoutes } from './service-identity.js';
import { providerChannelDeps } from './service-channels.js';
import { graphChannelSettings, teamChatSettings } from './service-channel-settings.js';
import { createServiceMetrics } from './service-metrics.js';
import { basicCapabilities, basicKnowledge, basicLlm, basicSitePages } from './service-basic.js';
import { createScriptHost } from './script-host/index.js';
import { smsSenderOf, wireNotifications } from './service-notifications.js';
import { openDeployment, type ServiceDeployment } from './service-deployment.js';
import { wireMeetings } from './service-meetings.js';
import { attachMeetSocket, MEET_SOCKET_PATH } from './http/meet-socket.js';

export type { RunnableBot } from './service-bots.js';

/** How often the engine's recovery sweeps the database for work no job was enqueued for (a backstop to Redis's return). */
const RECOVERY_SWEEP_MS = 30_000;

/** A started service: what tests and the CLI need to reach it and to stop it. */
export interface RunningService {
  readonly url: string;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly tokens: TokenIssuer;
  readonly bots: RunnableBot[];
  readonly engine: EngineService;
  /** This deployment's id and Redis prefix (docs/operations/high-availability.md, "Several deployments on one Redis"). */
  readonly deployment: Pick<ServiceDeployment, 'id' | 'redisPrefix'>;
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
  await ensurePrivateDir(settings.DATA_DIR, logger);
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    pgliteDir: path.join(settings.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready');

  // The deployment's id names its Redis prefix and stamps its jobs; a prefix another live deployment holds stops start-up here.
  const deployment = await openDeployment({ database, settings, logger });
  const redis = { redisUrl: settings.REDIS_URL, prefix: deployment.redisPrefix, logger };
  const jobs = createJobQueue({ ...redis, deploymentId: deployment.id });
  const bus = createEventBus(redis);
  const rateLimiter = createRateLimiter(redis);
  const locks = createLocks({ databaseUrl: settings.DATABASE_URL, logger });

  const users = createUsersRepo(database.db);
  const secret = await resolveJwtSecret({ jwtSecret: settings.JWT_SECRET, dataDir: settings.DATA_DIR });
  // Tokens of users deactivated since (SCIM, directory sync, import) are refused (docs/migration/identity.md).
  const tokens = activeUsersOnly(createTokenIssuer(secret, settings.JWT_TTL_SECONDS), (id) => users.isActive(id));
  const visitorTokens = createVisitorTokens(secret, {
    ttlSecondsFor: (bot) => (byName.get(bot)?.config['web-session-ttl-days'] ?? 30) * 86_400,
  });
  if (settings.DATABASE_URL && !settings.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR, so instances that do not share DATA_DIR reject each other\'s tokens');
  }
  await ensureAdmin({ users, logger }, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD, username: settings.ADMIN_USERNAME });

  const bots = await prepareBots(settings.BOTS_DIR, database, logger, { production: settings.NODE_ENV === 'production' });
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
  // Deployment-wide addresses (the chat-ops hook, the identity provider, object storage, OIDC issuers; push, webhooks
  // and FCM in notifications) leave through the outbound door under OUTBOUND_ALLOW_PRIVATE_NETWORKS (docs/architecture.md, "Outbound requests").
  const deploymentOutbound: OutboundPolicy = { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS };
  const deploymentFetch = outboundPool(deploymentOutbound).fetch;
  // The bot's language model (config llm-*), shared by attendant assist and the BASIC LLM keyword.
  const llmClients = createLlmClients();
  const llmOf = (botId: string) => {
    const config = configOf(botId);
    return config && llmClients.forSettings({
      ...(config['llm-url'] ? { url: config['llm-url'] } : {}), ...(config['llm-key'] ? { key: config['llm-key'] } : {}),
      model: config['llm-model'], timeoutMs: config['llm-timeout-seconds'] * 1000,
      allowPrivateNetworks: config['http-allow-private-networks'],
    });
  };
  // Attendant assist (tips, polish, replies, summary, sentiment) on the bot's model, with offline fallbacks.
  // Every attendance use case runs on these, built once.
  const attendanceRepos = createAttendanceRepositories(database.db);
  const contentRecords = createContentRecordsRepo(database.db);
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
  // Provider channels: each bot's credentials from its config.csv, mapped onto each adapter's settings
  // (service-channel-settings.ts, docs/channels/README.md); bot_msg, sms and workchat are wired by providerChannelDeps.
  // Delivery receipts reach the engine, built just below (the closures run only on webhooks, after start-up).
  const providerChannels = providerChannelDeps({
    database: database.db, settings, logger, configOf: (name) => byName.get(name)?.config,
    botOfSession: (id) => sessionsRepo.botNameOf(id), recordDeliveryStatus: (update) => engine.recordDeliveryStatus(update),
  });
  // The bot's voice service (voice-models-url): transcribes voice notes, speaks replies (docs/channels/mobile-msg.md).
  const voiceFor = (key: string) => {
    const config = (byName.get(key) ?? byId.get(key))?.config;
    return config && voiceModelsOf(config);
  };
  // Join and drive links point at PUBLIC_URL, or at where this instance listens (known once it does).
  let listeningUrl = '';
  const publicUrl = () => settings.PUBLIC_URL?.replace(/\/$/, '') ?? listeningUrl;
  // SEND FILE of a drive file: signed links at PUBLIC_URL that open for 7 days (docs/content.md, "The bot drive");
  // web visitors attach their uploads by the same links (docs/channels/web.md, "Files from the visitor").
  const driveLinks = createDriveLinks({ key: driveLinkKey(secret), publicUrl, now });
  const adapters = createChannelAdapters({
    visitorTokens, webDriveLinks: driveLinks, graphSettings: (channel, key) => graphChannelSettings(channel, (byId.get(key) ?? byName.get(key))?.config), logger, voiceFor,
    deliveryStatus: (update) => engine.recordDeliveryStatus(update), ...providerChannels,
    // Bound late: the drives are built with BASIC's capabilities below.
    webDrive: (name) => {
      const bot = byName.get(name);
      return bot && basic.files(bot);
    },
  });
  // The knowledge base of USE KB / USE WEBSITE: each bot's .gbkb folder and crawled sites, in full-text search.
  const knowledge = basicKnowledge({ database: database.db, bot: (id) => byId.get(id) });
  // One file store (picked by STORAGE_URL, docs/content.md) for content and, when it is S3, the bots' drives.
  const fileStore = createFileStore(settings, deploymentOutbound);
  // Meetings (docs/meetings.md): CREATE MEETING, /video and /call, /api/meet; links reach customers through the engine.
  const meetings = wireMeetings({
    db: database.db, secret, config: (id) => byId.get(id)?.config, botId: (key) => (byId.get(key) ?? byName.get(key))?.id,
    publicUrl, mailer, logger, now,
  }, () => engine);
  // HEAR x AS LOGIN: signed links to the sign-in page, valid 15 minutes (docs/basic.md, "HEAR AS LOGIN").
  const signInLinks = createBotSignInLinks({ key: signInLinkKey(secret), publicUrl });
  // BASIC (docs/basic.md): CREATE USER through the users service, file keywords on <DATA_DIR>/drive/<bot>.gbdrive
  // (or the S3 file store), SEND SMS / SEND TEMPLATE through the bot's sms and mobile_msg channels, USE KB / USE WEBSITE
  // through the knowledge base, CREATE TASK and CREATE DRAFT in the content tasks store and mail archive, GET ATTENDANTS from the attendance.
  const basic = basicCapabilities({
    users, dataDir: settings.DATA_DIR, knowledge, storage: fileStore, tasks: contentRecords.tasks, mail: contentRecords.mail,
    attendance: { repos: attendanceRepos },
    channels: { sms: adapters.sms, mobileMsg: graphAdapterOf(adapters, 'mobile_msg'), bot: (id) => byId.get(id) },
  });
  const metrics = createServiceMetrics({ db: database.db, settings, logger, channels: listChannelAdapters(adapters).map((a) => a.channel) });
  // The channel adapters, registered below: the engine delivers through them, the script host fetches customers' files through them.
  const channels = createChannelRegistry();
  // The BASIC script host (docs/architecture.md, folder map): the bots' dialogs, keywords, webhooks, forms and background runs.
  const scriptHost = createScriptHost({
    repos: { botData: createBotDataRepo(database.db), triggerRuns: createTableTriggerRunsRepo(database.db), watches: createBotWatchesRepo(database.db) },
    jobs, logger, locks, bots: (name) => byName.get(name), botNames: () => bots.map((b) => b.name), channels, rateLimiter,
    // BASIC's capabilities (above) and SEND FILE's drive links.
    ...basic,
    fileLinks: (bot) => (file) => driveLinks.url(bot.name, file),
    signInLinks: (request) => signInLinks.url(request),
    meetings: meetings.script,
    // CREATE SITE answers an absolute link to the site (docs/content.md, "Sites").
    publicUrl,
    // SEND MAIL goes through the same mailer; without SMTP_URL the script host keeps its "not configured" port.
    ...(mailer.configured ? { mail: { send: (m) => mailer.send({ to: m.to, subject: m.subject, text: m.body }) } } : {}),
    // LLM and SET CONTEXT use the bot's model, with the session's knowledge and tools; without a model the keyword
    // stops the script with a clear error (or, with knowledge active, answers with the best passages).
    llm: basicLlm({ modelOf: llmOf, knowledge }),
  });
  const engine = createEngine({
    repos: {
      turns: createTurnStore(database.sql), outbox: createOutboxRepo(database.db), events: createEngineEventsRepo(database.db),
      sessions: sessionsRepo, messages: messagesRepo, inbound: createInboundQueueRepo(database.db),
    },
    jobs, bus, logger, locks, bots: (name) => byName.get(name), metrics: metrics.port, channels,
    // The bot answers through the script host.
    bot: scriptHost.runner,
    // Set up below with attendance; queued messages run only once the engine has started.
    screenInbound: (message) => {
      const screen = message.channel === 'mobile_msg' ? mobileMsgScreen : message.channel === 'workchat' ? workchatScreen
        : message.channel === 'bot_msg' ? botMsgScreen : undefined;
      return screen ? screen(message) : Promise.resolve(message);
    },
  });
  // A notice to an attendant's phone goes straight through the bot's mobile_msg number (no session, no outbox).
  const notifyAttendantPhone = async (botId: string, phone: string, text: string) => {
    await adapters.mobile_msg?.send({ session_id: '', channel: 'mobile_msg', to: phone.replace(/^\+/, ''), text, from: 'system', bot_id: botId })
      .catch((err: unknown) => logger.warn({ err, bot: botId }, 'mobile_msg notice to an attendant not sent'));
  };
  const workchatDesk = adapters.workchat && createWorkchatDesk({
    adapter: adapters.workchat, conversations: providerChannels.workchat.conversations, botName: (botId) => byId.get(botId)?.name, logger,
  });
  // Attendance events to each bot's attendance-chatops-webhook, signed, by jobs (docs/attendance/webhooks.md).
  const webhookDeps = { webhooks: createAttendanceWebhooksRepo(database.db), jobs, config: configOf, now, logger, fetch: deploymentFetch };
  const attendanceWebhooks = createAttendanceWebhookListener(webhookDeps);
  // Attendants in a team_chat workspace (docs/channels/team-chat.md): notices through the Web API client, threads remembered.
  const teamChatSettingsOf = (bot: string) => teamChatSettings((byId.get(bot) ?? byName.get(bot))?.config);
  const teamChat = createTeamChatClient({ settingsOf: teamChatSettingsOf, logger });
  const teamChatThreads = createTeamChatThreadsRepo(database.db);
  // Ticket changes reach the consoles as ticket_updated frames, whichever path made them, and the webhooks.
  const liveTickets = createTicketLivePublisher({ bus, logger });
  const onTicketChange = async (change: Parameters<typeof liveTickets>[0]) => {
    await liveTickets(change);
    await attendanceWebhooks.onTicketChange(change).catch((err: unknown) => logger.error({ err, ticket_id: change.ticket.id }, 'ticket webhook not enqueued'));
  };
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
      attendanceWebhooks.listener,
      // Each conversation's notices go to its destination (attendance/destinations/); the web console sees all anyway.
      createDestinationRegistry({
        repos: attendanceRepos, config: configOf,
        destinations: [
          // Attendants working from mobile_msg get new conversations as a text on their phone.
          createMobileMsgDestination({ repos: attendanceRepos, notify: notifyAttendantPhone }),
          createTeamChatDestination({ repos: attendanceRepos, threads: teamChatThreads, poster: teamChat }),
          // Attendants working from workchat get new conversations as a card and their customers' lines in their chat.
          ...(workchatDesk ? [createWorkchatDestination({ repos: attendanceRepos, desk: workchatDesk })] : []),
        ],
      }),
    ],
  });
  // Attendance hears from the engine only through its domain events, after each commit.
  engine.subscribe(attendance.engineEventHandlers);
  // A message that failed for good reaches the attendant's console at once (docs/attendance/live-events.md).
  engine.subscribe(deliveryFailedHandlers({ repos: attendanceRepos, bus }));
  // The REST commands, the console socket and attendants' phones run commands with the same dependencies.
  const commandDeps = { repos: attendanceRepos, attendance, assist, meetings: meetings.attendantCalls };
  // What the REST routes and the console socket call, as the caller: one function per use case (docs/attendance/rest.md).
  const attendanceApi = createAttendanceApi({
    ...commandDeps, bus,
    cannedResponses: { canned: createCannedResponsesRepo(database.db), botId: (idOrName) => (byId.get(idOrName) ?? byName.get(idOrName))?.id },
  });
  // Lines from attendants on a customer channel (mobile_msg, workchat) are theirs, not a customer's (docs/channels/mobile-msg.md and docs/channels/workchat.md, "Attendants").
  const attendantInbox = createAttendantInbox({ commands: commandDeps, repos: attendanceRepos, config: (bot) => (byName.get(bot) ?? byId.get(bot))?.config });
  // Queued mobile_msg lines from an attendant's phone are the attendant's; voice notes are transcribed (docs/channels/mobile-msg.md).
  const mobileMsgAdapter = graphAdapterOf(adapters, 'mobile_msg');
  const mobileMsgScreen = mobileMsgAdapter && createMobileMsgScreen({
    adapter: mobileMsgAdapter,
    attendantInbox,
    voiceFor,
    logger,
  });
  // Queued workchat lines from a member recognised as an attendant are theirs (docs/channels/workchat.md, "Attendants").
  const workchatScreen = adapters.workchat && createWorkchatScreen({
    adapter: adapters.workchat, conversations: providerChannels.workchat.conversations, attendantInbox, logger,
  });
  // bot_msg voice notes take the same speech path (docs/channels/bot_msg.md).
  const botMsgScreen = adapters.bot_msg && createBotMsgScreen({ adapter: adapters.bot_msg, voiceFor, logger });
  for (const adapter of listChannelAdapters(adapters)) engine.channels.register(adapter);
  await registerEmailJobs({ ...emailDeps, mailer });
  await registerAttendanceWebhookJobs({ ...webhookDeps, bots });
  // What a Redis outage kept from being enqueued is enqueued again from the database when Redis
  // returns, and by a sweep as a backstop (docs/operations/high-availability.md, "Faults").
  let stopped = false;
  // Areas built further down (notifications) add their own recovery here.
  const recoverers: Array<() => Promise<void>> = [];
  const recover = (returned: boolean) => {
    if (stopped) return;
    void engine.recover({ awaitBus: returned }).catch((err: unknown) => logger.error({ err }, 'recovery failed'));
    void scriptHost.recover({ schedules: returned }).catch((err: unknown) => logger.error({ err }, 'recovery failed'));
    for (const again of recoverers) void again().catch((err: unknown) => logger.error({ err }, 'recovery failed'));
  };
  jobs.onAvailable(() => recover(true));
  const sweep = setInterval(() => recover(false), RECOVERY_SWEEP_MS);
  sweep.unref();
  await engine.start();
  await scriptHost.start();
  // Groups: every operation forwarded to the identity provider picked by IDP (docs/groups.md).
  const identityProvider = createIdentityProvider(settings, { embedded: createGroupsRepo(database.db), logger, fetch: deploymentFetch });
  const groups: GroupsDeps = { idp: identityProvider, limits: createGroupLimits(rateLimiter) };

  // Notifications (docs/notifications.md): broadcasts reach groups through the identity provider; sms goes out on the
  // sms channel with the account of NOTIFICATIONS_SMS_BOT, mobile push through FCM when FCM_CREDENTIALS_FILE is set.
  const notificationSms = smsSenderOf(adapters.sms, settings.NOTIFICATIONS_SMS_BOT);
  const notifications = await wireNotifications({
    settings, database, jobs, bus, rateLimiter, mailer, logger, secret, outbound: deploymentOutbound, groups: createGroupAudience(identityProvider),
    ...(notificationSms ? { sms: notificationSms } : {}), publicUrl,
  });
  await notifications.service.start();
  recoverers.push(() => notifications.service.recover());

  // Files, mail, calendar, contacts and tasks (docs/content.md); group shares read memberships from the identity provider.
  const content = wireContent({ store: fileStore, database, mailer, idp: identityProvider, logger });

  // Only the database is required to commit turns; the rest down is `degraded` (docs/operations/high-availability.md, "Probes").
  const checks: ReadinessCheck[] = [{ name: 'database', required: true, ping: () => database.ping() }, { name: 'files', ping: () => content.store.ping() }];
  if (settings.REDIS_URL) {
    checks.push({ name: 'redis', ping: async () => { await Promise.all([jobs.ping(), bus.ping(), rateLimiter.ping()]); } });
  }
  if (mailer.configured) checks.push({ name: 'smtp', ping: () => mailer.verify() });
  const readiness = createReadiness(checks);
  await readiness.start();
  const loginThrottle = createLoginThrottle(rateLimiter);
  const completeSignIn = (request: SignInRequest, user: SignedInUser) => engine.completeSignIn({ ...request, user: { ...user } });
  const identity = identityRoutes({ bots, users, groups: identityProvider, tokens, secret, publicUrl, fetch: deploymentFetch });
  const app = createApp({
    logger,
    trustProxy: settings.TRUST_PROXY,
    hsts: settings.HSTS === 'on',
    version: packageVersion(),
    users,
    tokens,
    loginThrottle,
    readiness,
    webhooks: createChannelWebhooks({ adapters, engine }),
    // Take presses, slash commands and thread replies run as the attendant the workspace user is.
    teamChat: createTeamChatWebhooks({
      settingsOf: teamChatSettingsOf, client: teamChat, logger,
      inbox: createTeamChatInbox({
        commands: commandDeps, repos: attendanceRepos, threads: teamChatThreads, botId: (bot) => (byId.get(bot) ?? byName.get(bot))?.id,
      }),
    }),
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
      // Visitors' files go to the bot's drive, the one of the BASIC file keywords (docs/channels/web.md, "Files from the visitor").
      uploads: {
        drive: (name) => {
          const bot = byName.get(name);
          return bot && basic.files(bot);
        },
        linkTo: (bot, file) => driveLinks.url(bot, file),
      },
    }),
    webAllowedOrigins: (name) => byName.get(name)?.config['web-allowed-origins'] ?? [],
    sessions: { findSession: (id) => sessionsRepo.findById(id) },
    attendance: { attendance: attendanceApi, assist },
    metrics: metrics.onMainPort,
    channelMedia: createChannelMediaFetcher((channel) => graphAdapterOf(adapters, channel)),
    notifications: notifications.service,
    groups,
    // The console, widget and demo page (docs/attendance/console.md).
    webDir: settings.WEB_DIR,
    meetings,
    // SCIM provisioning and OIDC federation from the bots' scim-token and oidc-* settings.
    ...identity,
    content: content.service,
    scriptEndpoints: scriptHost,
    driveLinks: (link) => openDriveLink({
      links: driveLinks,
      drive: (name) => {
        const bot = byName.get(name);
        return bot && basic.files(bot);
      },
    }, link),
    // The page HEAR x AS LOGIN links to: the person's own account, checked like the API's login, answers the HEAR.
    botSignIn: {
      links: signInLinks,
      waits: (request) => engine.awaitsSignIn(request),
      signIn: (input) => signInToBot({ users, throttle: loginThrottle, complete: completeSignIn }, input),
      // Or through the organization's identity provider, when a bot configures one (OIDC federation): its callback's token.
      federationOf: (bot) => identity.oidc?.federations.find(bot)?.bot,
      signInWithToken: (input) => signInToBotWithToken({ users, tokens, complete: completeSignIn }, input),
    },
    // CREATE SITE's pages, public and sandboxed (docs/content.md, "Sites").
    sites: basicSitePages({ files: basic.files, bot: (name) => byName.get(name) }),
  });
  const server = await listen(app, settings.PORT, settings.HOST);
  const webSocket = attachWebSocket(server, {
    visitorTokens, bus, logger,
    // The widget's typing notices reach the attendant (docs/attendance/live-events.md, "customer_typing").
    onTyping: (sessionId) => publishCustomerTyping({ repos: attendanceRepos, bus, now: () => new Date() }, sessionId),
  });
  const attendanceSocket = attachAttendanceSocket(server, { tokens, bus, logger, attendance: attendanceApi });
  const notificationsSocket = notifications.attach(server, tokens);
  const meetSocket = attachMeetSocket(server, { meetings, logger });
  const metricsListener = await metrics.serve({ web: webSocket, attendance: attendanceSocket, dependencies: () => readiness.dependencies() });
  // Hardening (README, "Security model"): other upgrade paths get a 404; every socket is known so shutdown can cut it.
  refuseUnknownUpgrades(server, [WEB_SOCKET_PATH, ATTENDANCE_SOCKET_PATH, NOTIFICATIONS_SOCKET_PATH, MEET_SOCKET_PATH]);
  answerClientErrors(server);
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const { port, address } = server.address() as AddressInfo;
  const url = `http://${settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST}:${port}`;
  const bound = `${address.includes(':') ? `[${address}]` : address}:${port}`;
  logger.info({ port, address, url }, `Switchboard listening on ${bound}${isWildcard(address) ? ' (every interface)' : ''}`);
  listeningUrl = url;

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shutdown());
  async function shutdown() {
    logger.info('shutting down');
    stopped = true;
    clearInterval(sweep);
    readiness.stop();
    await metricsListener?.close();
    await webSocket.close();
    await attendanceSocket.close();
    await notificationsSocket.close();
    await meetSocket.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests and sockets still open after the bound are cut, upgraded ones included, so shutdown always ends.
    let force: NodeJS.Timeout | undefined;
    const forced = new Promise<void>((resolve) => {
      force = setTimeout(() => {
        logger.warn({ open: connections.size }, 'shutdown timeout reached: closing the remaining connections');
        server.closeAllConnections();
        for (const socket of connections) socket.destroy();
        resolve();
      }, settings.SHUTDOWN_TIMEOUT_MS);
    });
    await Promise.race([closed, forced]);
    clearTimeout(force);
    await autoSummary.idle();
    await jobs.close({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS });
    await deployment.close();
    mailer.close();
    await bus.close();
    await rateLimiter.close();
    await identityProvider.close();
    await locks.close();
    await database.close();
    logger.info('stopped');
  }

  return { url, database, jobs, bus, tokens, bots, engine, deployment: { id: deployment.id, redisPrefix: deployment.redisPrefix }, stop, ...(metricsListener ? { metricsUrl: metricsListener.url } : {}) };
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
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
