import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAttendantCalls, createChannelMediaFetcher, createChannelWebhooks, createWebChannel, DEFAULT_WEB_RATE_LIMIT, graphAdapterOf, type OutboundCalls, type VisitorCalls } from '../adapters/index.js';
import { signInToBot, signInToBotWithToken, type SignedInUser, type SignInRequest } from '../auth/index.js';
import type { ProcessSettings } from '../config/index.js';
import { openDriveLink } from '../content/index.js';
import { createTenantUsersRepo } from '../db/index.js';
import type { GroupsDeps } from '../groups/index.js';
import { createApp } from '../http/app.js';
import { ATTENDANCE_SOCKET_PATH, attachAttendanceSocket } from '../http/attendance-socket.js';
import type { CallHolders } from '../http/call-forwarding.js';
import { answerClientErrors } from '../http/client-errors.js';
import { createPublicTenantResolver } from '../http/tenant-address.js';
import { attachMeetSocket, MEET_SOCKET_PATH } from '../http/meet-socket.js';
import { NOTIFICATIONS_SOCKET_PATH } from '../http/notifications-socket.js';
import { createReadiness, type ReadinessCheck } from '../http/readiness.js';
import { refuseUnknownUpgrades } from '../http/unknown-upgrade.js';
import { attachWebSocket, WEB_SOCKET_PATH } from '../http/web-socket.js';
import type { Logger } from '../infra/logger.js';
import type { TenantsApi } from '../tenants/index.js';
import type { AttendanceWiring } from './attendance.js';
import type { AuthWiring } from './auth.js';
import type { BotRegistry } from './bot-registry.js';
import type { Conversations } from './conversations.js';
import type { identityRoutes } from './identity.js';
import type { Infrastructure } from './infrastructure.js';
import type { wireNotifications } from './notifications.js';
import type { wireContent } from './content.js';
import type { CrmWiring } from './crm.js';
import type { PublicUrl } from './public-url.js';
import { endResolvedCalls, followCallTransfers } from './call-ports.js';
import { basicSitePages } from './script-host.js';
import { createTenantLookup, createTenantMemberships } from './tenant-lookup.js';

/**
 * The HTTP side: readiness, the express app with every area's routes, the listener and its
 * sockets (widget, attendance console, notifications, meetings). Resolves once it listens.
 */
export async function serveHttp(deps: {
  settings: ProcessSettings; infra: Infrastructure; auth: AuthWiring; bots: BotRegistry; conversations: Conversations; attendance: AttendanceWiring;
  notifications: Awaited<ReturnType<typeof wireNotifications>>; groups: GroupsDeps; content: ReturnType<typeof wireContent>; crm: CrmWiring;
  identity: ReturnType<typeof identityRoutes>; publicUrl: PublicUrl; tenants?: TenantsApi; logger: Logger; calls?: OutboundCalls;
  /** Calls from web visitors' browsers, when a bot takes phone calls (docs/channels/web.md, "Calls"). */
  browserCalls?: VisitorCalls;
  /** Which instance holds each call, when calls are shared (docs/operations/kamailio.md). */
  callHolders?: CallHolders;
}) {
  const { settings, infra, auth, bots, conversations, attendance, notifications, logger } = deps;
  const { engine, adapters, scriptHost, driveLinks, files, meetings } = conversations;
  // Only the database is required to commit turns; the rest down is `degraded` (docs/operations/high-availability.md, "Probes").
  const checks: ReadinessCheck[] = [{ name: 'database', required: true, ping: () => infra.database.ping() }, { name: 'files', ping: () => deps.content.store.ping() }];
  if (settings.REDIS_URL) {
    checks.push({ name: 'redis', ping: async () => { await Promise.all([infra.jobs.ping(), infra.bus.ping(), infra.rateLimiter.ping()]); } });
  }
  if (infra.mailer.configured) checks.push({ name: 'smtp', ping: () => infra.mailer.verify() });
  const readiness = createReadiness(checks);
  await readiness.start();
  const attendantCalls = adapters.rtc_sip && createAttendantCalls({ liveCalls: adapters.rtc_sip.liveCalls, logger });
  // A call transferred to another attendant leaves the previous one's browser, wherever the transfer was made.
  if (attendantCalls) followCallTransfers({ bus: infra.bus, calls: attendantCalls, logger });
  // A call whose conversation is resolved ends, wherever it was resolved (docs/attendance/calls.md, "Resolving during a call").
  if (attendantCalls && adapters.rtc_sip) endResolvedCalls({ bus: infra.bus, calls: attendantCalls, liveCalls: adapters.rtc_sip.liveCalls, logger });
  const completeSignIn = (request: SignInRequest, user: SignedInUser) => engine.completeSignIn({ ...request, user: { ...user } });
  const tenantAddresses = createTenantLookup(infra.database, bots);
  const memberships = createTenantMemberships(infra.database);
  const app = createApp({
    tenantAddresses,
    memberships,
    logger, trustProxy: settings.TRUST_PROXY, hsts: settings.HSTS === 'on', version: packageVersion(),
    users: auth.users, tenantUsers: createTenantUsersRepo(infra.database.db), passwords: auth.passwords, tokens: auth.tokens, loginThrottle: auth.loginThrottle, readiness,
    webhooks: createChannelWebhooks({ adapters, engine }),
    teamChat: attendance.teamChatWebhooks,
    webChannel: createWebChannel({
      engine, adapter: adapters.web, visitorTokens: auth.visitorTokens, botExists: (name) => bots.named(name) !== undefined, rateLimiter: infra.rateLimiter,
      limitFor: (name) => {
        const config = bots.named(name)?.config;
        return config ? { points: config['web-rate-limit'], durationSeconds: config['web-rate-window-seconds'] } : DEFAULT_WEB_RATE_LIMIT;
      },
      // TALK TO messages went to someone else (payload.to): they are not part of the visitor's history.
      history: async (sessionId) => (await conversations.messages.listBySession(sessionId)).filter((m) => !('to' in m.payload)),
      // Visitors' files go to the bot's drive, the one of the BASIC file keywords (docs/channels/web.md, "Files from the visitor").
      uploads: conversations.webUploads,
      // The widget speaks the bot's language (docs/configuration.md, "Languages").
      languageOf: (name) => bots.named(name)?.config.language,
      prechatFormOf: (name) => bots.named(name)?.config['web-prechat-form'] === true,
      // The widget's microphone and spoken replies (docs/channels/web.md, "Voice").
      voiceFor: (name) => (bots.named(name) ? conversations.voiceFor(name) : undefined), logger,
      ...(deps.browserCalls ? { calls: deps.browserCalls } : {}),
    }),
    webAllowedOrigins: (name) => bots.named(name)?.config['web-allowed-origins'] ?? [],
    sessions: { findSession: (id) => conversations.sessions.findById(id) },
    attendance: { attendance: attendance.api, assist: attendance.assist },
    reports: attendance.reports,
    campaigns: conversations.campaigns,
    // The calls bots place (docs/channels/rtc-sip.md, "Outbound calls"), when a bot takes phone calls.
    ...(deps.calls ? { calls: deps.calls } : {}),
    // Attendants talking to callers from the console (docs/attendance/calls.md): the calls this instance holds.
    ...(attendantCalls ? { attendantCalls } : {}),
    // ... or on the instance that holds the call, to which the request is passed (docs/operations/kamailio.md, "Attendants on another instance").
    ...(deps.callHolders ? { callHolders: deps.callHolders } : {}),
    botName: (idOrName) => bots.find(idOrName)?.name,
    metrics: conversations.metrics.onMainPort,
    channelMedia: createChannelMediaFetcher((channel) => graphAdapterOf(adapters, channel)),
    notifications: notifications.service,
    groups: deps.groups,
    // The console, widget and demo page (docs/attendance/console.md).
    webDir: settings.WEB_DIR,
    meetings,
    // SCIM provisioning and OIDC federation from the bots' scim-token and oidc-* settings.
    ...deps.identity,
    content: deps.content.service,
    crm: deps.crm.api,
    ...(deps.tenants ? { tenants: deps.tenants } : {}),
    scriptEndpoints: scriptHost,
    driveLinks: (link) => openDriveLink({ links: driveLinks, drive: conversations.driveOf }, link),
    // The page HEAR x AS LOGIN links to: the person's own account, checked like the API's login, answers the HEAR.
    botSignIn: {
      links: auth.signInLinks,
      waits: (request) => engine.awaitsSignIn(request),
      signIn: (input) => signInToBot({ users: auth.users, passwords: auth.passwords, throttle: auth.loginThrottle, complete: completeSignIn, memberships }, input),
      // Or through the organization's identity provider, when a bot configures one (OIDC federation): its callback's token.
      federationOf: (name) => {
        const bot = bots.named(name);
        return bot && deps.identity.oidc?.federations.find(bot.name, bot.tenantId)?.bot;
      },
      signInWithToken: (input) => signInToBotWithToken({ users: auth.users, tokens: auth.tokens, complete: completeSignIn, memberships }, input),
    },
    // CREATE SITE's pages, public and sandboxed (docs/content.md, "Sites").
    sites: basicSitePages({ files, bot: (name) => bots.named(name) }),
  });
  const server = await listen(app, settings.PORT, settings.HOST);
  const sockets = {
    web: attachWebSocket(server, {
      visitorTokens: auth.visitorTokens, bus: infra.bus, logger, onTyping: attendance.customerTyping, cobrowse: attendance.visitorCobrowse,
      tenantOf: createPublicTenantResolver(tenantAddresses),
    }),
    attendance: attachAttendanceSocket(server, { tokens: auth.tokens, bus: infra.bus, logger, attendance: attendance.api }),
    notifications: notifications.attach(server, auth.tokens),
    meet: attachMeetSocket(server, { meetings, logger }),
  };
  const metricsListener = await conversations.metrics.serve({ web: sockets.web, attendance: sockets.attendance, dependencies: () => readiness.dependencies() });
  // Hardening (README, "Security model"): other upgrade paths get a 404; every socket is known so shutdown can cut it.
  refuseUnknownUpgrades(server, [WEB_SOCKET_PATH, ATTENDANCE_SOCKET_PATH, NOTIFICATIONS_SOCKET_PATH, MEET_SOCKET_PATH], [WEB_SOCKET_PATH]);
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
  deps.publicUrl.listening(url);
  return { server, url, connections, sockets: Object.values(sockets), readiness, metricsListener };
}

export type HttpWiring = Awaited<ReturnType<typeof serveHttp>>;

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/**
 * How long an idle keep-alive connection is kept: longer than the idle timeout of the proxies and
 * clients in front (60 s for the common load balancers, 4 s for Node's fetch), so they drop a
 * connection before the service does. The other way round, a client that reuses the connection
 * just as the service closes it gets ECONNRESET (a proxy answers 502) — and under load, when the
 * event loop lags by a second, Node's default of 5 s leaves fetch's 4 s too little margin.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function listen(app: ReturnType<typeof createApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  });
}

/** The version in package.json, found from the source tree and from dist/ alike. */
function packageVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
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
