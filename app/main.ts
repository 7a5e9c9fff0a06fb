import type { ProcessSettings } from '../config/index.js';
import type { DatabaseHandle } from '../db/index.js';
import { createAttendanceRepositories, createGroupsRepo, createLiveCallsRepo } from '../db/index.js';
import type { EngineService } from '../engine/index.js';
import { createGroupAudience, createGroupLimits, createIdentityProvider, type GroupsDeps } from '../groups/index.js';
import type { TokenIssuer } from '../auth/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import { perTenantLimits } from '../infra/rate-limit/index.js';
import { wireAttendance } from './attendance.js';
import { wireAuth } from './auth.js';
import { createBotRegistry } from './bot-registry.js';
import { prepareBots, type RunnableBot } from './bots.js';
import type { FirstStart } from './first-start-banner.js';
import { wireContent } from './content.js';
import { startCampaigns, wireCrm } from './crm.js';
import { attendantCallControl, callCommandRelay, callPorts, sharedCallHolders } from './call-ports.js';
import { startPhoneCalls } from './calls.js';
import { wireConversations } from './conversations.js';
import type { ServiceDeployment } from './deployment.js';
import { serveHttp } from './http.js';
import { identityRoutes } from './identity.js';
import { openInfrastructure } from './infrastructure.js';
import { languageModels } from './language-models.js';
import { smsSenderOf, wireNotifications } from './notifications.js';
import { createPublicUrl } from './public-url.js';
import { startRecovery } from './recovery.js';
import { createShutdown } from './shutdown.js';
import { wireTenants } from './tenants.js';

export type { RunnableBot } from './bots.js';
export { firstStartBanner } from './first-start-banner.js';

/** A started service: what tests and the CLI need to reach it and to stop it. */
export interface RunningService {
  readonly url: string;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly tokens: TokenIssuer;
  readonly bots: readonly RunnableBot[];
  readonly engine: EngineService;
  /** This deployment's id and Redis prefix (docs/operations/high-availability.md, "Several deployments on one Redis"). */
  readonly deployment: Pick<ServiceDeployment, 'id' | 'redisPrefix'>;
  /** `http://host:port` of the metrics listener when `METRICS_PORT` is set (docs/metrics.md). */
  readonly metricsUrl?: string;
  /** Set when this start created the first admin: what the start banner shows (app/first-start-banner.ts). */
  readonly firstStart?: FirstStart;
  /** Where phone calls' SIP listens, when a bot has `sip-enabled` (docs/channels/rtc-sip.md). */
  readonly sip?: { udpPort: number; tcpPort?: number; tlsPort?: number };
  /** Graceful stop: refuse new connections, finish requests and jobs (bounded), close pools. */
  stop(): Promise<void>;
}

/**
 * The composition root (docs/architecture.md, "Folder map"): opens what every area runs on, loads
 * the bot packages, wires each area once, in the order they need each other (app/<area>.ts), then
 * serves HTTP. Nothing outside app/, bin/ and the tests imports it.
 */
export async function startService(settings: ProcessSettings, logger: Logger): Promise<RunningService> {
  const infra = await openInfrastructure(settings, logger);
  const { database, jobs, bus, mailer } = infra;
  const bots = createBotRegistry(await prepareBots(settings.BOTS_DIR, database, logger, { production: settings.NODE_ENV === 'production', cacheDir: settings.CACHE_DIR }));
  // Join, drive and sign-in links point at PUBLIC_URL, or at where this instance listens (known once it does).
  const publicUrl = createPublicUrl(settings);
  const auth = await wireAuth(settings, infra, bots, publicUrl, logger);
  const models = languageModels(bots);
  // Every attendance use case runs on these, built once.
  const attendanceRepos = createAttendanceRepositories(database.db);
  const conversations = wireConversations({ settings, infra, auth, bots, publicUrl, models, attendanceRepos, logger });
  const { engine, scriptHost } = conversations;
  // Attendants' hands on the live calls; the bots' outbound calls join once the phone channel starts (app/call-ports.ts).
  const callControl = attendantCallControl({ adapter: conversations.adapters.rtc_sip, bots });
  // Which instance holds each call (docs/operations/kamailio.md): call requests and typed call commands for another instance's calls go there.
  const callRegistry = createLiveCallsRepo(database.db);
  const callHolders = callControl && sharedCallHolders(callRegistry, settings.SIP_INSTANCE_TIMEOUT_SECONDS);
  const callRelay = callHolders && callCommandRelay({ holders: callHolders, users: auth.users, tokens: auth.callCommandTokens });
  const attendance = await wireAttendance({
    infra, bots, conversations, repos: attendanceRepos, models, logger, ...(callControl ? { calls: callControl } : {}), ...(callRelay ? { callRelay } : {}),
  });
  // Campaign replies are screened after attendance's screens; the sends a stop interrupted resume (app/crm.ts).
  await startCampaigns(conversations.campaigns, engine, infra.tenants.each);
  // Each starts by recovering the default tenant's work; the other tenants' follows.
  await engine.start();
  await scriptHost.start();
  await infra.tenants.besidesDefault(async () => {
    await engine.recover();
    await scriptHost.recover({ schedules: true });
  });
  // Phone calls to the bots with sip-enabled (docs/channels/rtc-sip.md): SIP listens only then.
  // A call's files go by SMS, its queue notices and voicemail reach attendance, through ports (app/call-ports.ts).
  const phoneCalls = await startPhoneCalls({
    settings, bots, engine, rateLimiter: infra.rateLimiter, logger,
    ...(conversations.adapters.rtc_sip ? { adapter: conversations.adapters.rtc_sip } : {}),
    ports: callPorts({ adapters: conversations.adapters, attendance: attendance.calls, bots, files: conversations.files, driveLinks: conversations.driveLinks }),
    // Which instance holds each call, and the call-back of a dead instance's callers (docs/operations/kamailio.md).
    registry: callRegistry, bus, eachTenant: infra.tenants.each,
  });

  // Groups: every operation forwarded to the identity provider picked by IDP (docs/groups.md).
  const identityProvider = await createIdentityProvider(settings, { embedded: createGroupsRepo(database.db), logger, fetch: infra.fetch });
  const groups: GroupsDeps = { idp: identityProvider, limits: createGroupLimits(infra.rateLimiter) };
  // Notifications (docs/notifications.md): broadcasts reach groups through the identity provider; sms goes out on the
  // sms channel with the account of NOTIFICATIONS_SMS_BOT, mobile push through FCM when FCM_CREDENTIALS_FILE is set.
  // Its per-account limits count per tenant (docs/operations/tenants.md, "Limits").
  const notificationSms = smsSenderOf(conversations.adapters.sms, settings.NOTIFICATIONS_SMS_BOT);
  const notifications = await wireNotifications({
    settings, database, jobs, bus, rateLimiter: perTenantLimits(infra.rateLimiter), mailer, logger, secret: auth.secret, outbound: infra.outbound,
    groups: createGroupAudience(identityProvider), ...(notificationSms ? { sms: notificationSms } : {}), publicUrl,
  });
  await notifications.service.start();
  await infra.tenants.besidesDefault(() => notifications.service.recover());
  const recovery = startRecovery(jobs, [
    (returned) => infra.tenants.each(() => engine.recover({ awaitBus: returned })),
    (returned) => infra.tenants.each(() => scriptHost.recover({ schedules: returned })),
    () => infra.tenants.each(() => notifications.service.recover()),
  ], logger);
  // Files, mail, calendar, contacts and tasks (docs/content.md); group shares read memberships from the identity provider.
  const content = wireContent({ store: conversations.fileStore, storageQuota: conversations.storageQuota, database, mailer, idp: identityProvider, logger });
  // Contacts, deals and pipeline stages of the bots' CRM (docs/crm.md).
  const crm = wireCrm({ database, bots });
  // The tenants, for the installation's operators (docs/operations/tenants.md, "Lifecycle").
  const tenants = wireTenants({ database, store: conversations.fileStore });
  const identity = identityRoutes({
    bots: bots.all, database, users: auth.users, groups: identityProvider, tokens: auth.tokens, secret: auth.secret, publicUrl, fetch: infra.fetch,
  });

  const http = await serveHttp({ settings, infra, auth, bots, conversations, attendance, notifications, groups, content, crm, tenants, identity, publicUrl, logger, ...(phoneCalls ? { calls: phoneCalls.outbound, browserCalls: phoneCalls.browser } : {}), ...(phoneCalls?.sharing && callHolders ? { callHolders } : {}) });
  const stop = createShutdown({
    settings, http, logger,
    quiet: [() => recovery.stop()],
    close: [
      // Calls in progress are hung up first, while their sessions can still close.
      ['calls', () => phoneCalls?.close()],
      ['summaries', () => attendance.autoSummary.idle()], ['jobs', () => jobs.close({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS })],
      ['deployment', () => infra.deployment.close()], ['mailer', () => mailer.close()], ['events', () => bus.close()],
      ['rate limits', () => infra.rateLimiter.close()], ['identity provider', () => identityProvider.close()], ['locks', () => infra.locks.close()],
      ['database', () => database.close()],
    ],
  });
  return {
    url: http.url, database, jobs, bus, tokens: auth.tokens, bots: bots.all, engine,
    deployment: { id: infra.deployment.id, redisPrefix: infra.deployment.redisPrefix }, stop,
    ...(http.metricsListener ? { metricsUrl: http.metricsListener.url } : {}),
    ...(phoneCalls ? { sip: { udpPort: phoneCalls.udpPort, ...(phoneCalls.tcpPort === undefined ? {} : { tcpPort: phoneCalls.tcpPort }), ...(phoneCalls.tlsPort === undefined ? {} : { tlsPort: phoneCalls.tlsPort }) } } : {}),
    ...(auth.firstStart ? { firstStart: auth.firstStart } : {}),
  };
}
