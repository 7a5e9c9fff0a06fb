import cors from 'cors';
import express, { type Express } from 'express';
import type { CallHolders } from './call-forwarding.js';
import type { AttendantCalls, ChannelMediaFetcher, ChannelWebhooks, OutboundCalls, TeamChatWebhooks, WebChannel } from '../adapters/index.js';
import type { ReportsApi } from '../attendance/index.js';
import type { ContentService } from '../content/index.js';
import type { CrmApi } from '../crm/index.js';
import type { TenantsApi } from '../tenants/index.js';
import type { LoginThrottle, PasswordHasher, TenantMemberships, TokenIssuer, UserDirectory } from '../auth/index.js';
import type { Logger } from '../infra/logger.js';
import type { MetricsExposition } from '../infra/metrics/index.js';
import { createAuthorizer } from './auth-middleware.js';
import { securityHeaders, WEB_CHANNEL_PATH, webChannelCors } from './browser-security.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { refuseDeepJson, refuseDeepJsonOfType } from './json-body-depth.js';
import { buildOpenApiDocument, createOpenApiRegistry, mountOpenApiRoutes } from './openapi.js';
import { requestLogging } from './request-logging.js';
import { createTenantResolver, stripTenantAddress, type TenantLookup } from './tenant-address.js';
import { mountRoutes } from './route.js';
import { attendanceRoutes, type AttendanceRoutesDeps } from './routes/attendance.js';
import { attendanceCannedResponseRoutes } from './routes/attendance-canned-responses.js';
import { attendanceInsightsRoutes } from './routes/attendance-insights.js';
import { attendanceReportRoutes } from './routes/attendance-reports.js';
import { attendanceKanbanRoutes } from './routes/attendance-kanban.js';
import { attendanceCallRoutes } from './routes/attendance-calls.js';
import { attendanceCobrowseRoutes } from './routes/attendance-cobrowse.js';
import { attendanceCustomerRoutes } from './routes/attendance-customer.js';
import { attendanceLlmRoutes } from './routes/attendance-llm.js';
import { attendanceQueueRoutes } from './routes/attendance-queues.js';
import { attendanceSkillRoutes } from './routes/attendance-skills.js';
import { attendanceSlaRoutes } from './routes/attendance-sla.js';
import { attendanceTicketRoutes } from './routes/attendance-tickets.js';
import { channelMediaRoutes } from './routes/channel-media.js';
import { crmCampaignRoutes } from './routes/crm-campaigns.js';
import { callRoutes } from './routes/calls.js';
import type { Campaigns } from '../crm/index.js';
import { contentFileRoutes } from './routes/content-files.js';
import { contentRecordRoutes } from './routes/content-records.js';
import { crmContactRoutes } from './routes/crm-contacts.js';
import { crmDealRoutes } from './routes/crm-deals.js';
import { driveFileRoutes, type DriveLinkOpener } from './routes/drive-files.js';
import type { GroupsDeps } from '../groups/index.js';
import { groupRoutes } from './routes/groups.js';
import { channelWebhookRoutes } from './routes/channel-webhooks.js';
import { teamChatWebhookRoutes } from './routes/team-chat-webhooks.js';
import { mountHealthRoutes } from './routes/health.js';
import type { Readiness } from './readiness.js';
import { metricsRoutes } from './routes/metrics.js';
import type { MeetingsService } from '../meetings/index.js';
import { meetPages } from './meet-page.js';
import { meetingRoutes } from './routes/meetings.js';
import type { NotificationsService } from '../notifications/index.js';
import { notificationRoutes } from './routes/notifications.js';
import { sessionRoutes, type SessionRoutesDeps } from './routes/sessions.js';
import { FORM_PATH, scriptEndpointRoutes, WEBHOOK_PATH, type ScriptEndpoints } from './routes/script-endpoints.js';
import { siteRoutes, type SitePages } from './routes/sites.js';
import { describeScimRoutes, mountScimRoutes, type ScimRoutesDeps } from './routes/scim.js';
import { oidcRoutes, type OidcRoutesDeps } from './routes/oidc.js';
import { tenantRoutes } from './routes/tenants.js';
import { userRoutes } from './routes/users.js';
import { WEB_UPLOAD_PATH, webChannelRoutes, webUploadBody } from './routes/web-channel.js';
import { webPages } from './web-pages.js';
import { botSignInPages, type BotSignInPagesDeps } from './bot-sign-in-pages.js';

export interface AppDeps {
  logger: Logger;
  /** The tenants the addresses name (docs/operations/tenants.md, "Addresses"); unset, every request is the default tenant's. */
  tenantAddresses?: TenantLookup;
  /** Users' roles in tenants other than the default one, for signing in to them. */
  memberships?: TenantMemberships;
  /** express's `trust proxy` (TRUST_PROXY): whose X-Forwarded-For gives `req.ip`; unset, nobody's. */
  trustProxy?: number | string[];
  version: string;
  users: UserDirectory;
  /** The users as the request's tenant sees them (db/tenant-users-repo.ts): what `GET /api/users` lists; unset, `users`. */
  tenantUsers?: Pick<UserDirectory, 'list'>;
  /** Hashes and checks local passwords (PASSWORD_HASH_MEMORY_KIB). */
  passwords: PasswordHasher;
  tokens: TokenIssuer;
  /** Refuses runs of wrong passwords with 429 (README, "Security model"). */
  loginThrottle?: LoginThrottle;
  /** The cached dependency checks `/readyz` answers from (http/readiness.ts). */
  readiness: Readiness;
  webChannel: WebChannel;
  /** Provider channels' webhooks (`/webhooks/{channel}/{bot}`). */
  webhooks: ChannelWebhooks;
  /** The team_chat destination's request URLs (`/webhooks/team_chat/{bot}/{event}`). */
  teamChat?: TeamChatWebhooks;
  /** The bot's `web-allowed-origins`: origins whose pages may call its web channel (CORS). */
  webAllowedOrigins?: (bot: string) => readonly string[];
  sessions: SessionRoutesDeps;
  attendance: AttendanceRoutesDeps;
  /** Custom reports (docs/attendance/reports.md); their routes are absent without it. */
  reports?: ReportsApi;
  /** Provider-held attachments of the Graph-style channels (docs/channels/README.md). */
  channelMedia?: ChannelMediaFetcher;
  /** The notifications API v1 (docs/notifications.md). */
  notifications?: NotificationsService;
  /** Groups through the identity provider (docs/groups.md). */
  groups: GroupsDeps;
  /** Served at `GET /metrics` to admins; absent when the metrics listener serves it (docs/metrics.md). */
  metrics?: MetricsExposition;
  /** The built console, widget and demo page (WEB_DIR); not served when absent. */
  webDir?: string;
  /** Meeting rooms, their join page and the rtc webhook (docs/meetings.md). */
  meetings?: MeetingsService;
  /** SCIM provisioning at /scim/v2 (docs/migration/identity.md). */
  scim?: ScimRoutesDeps;
  /** "Sign in with your organization" (docs/migration/identity.md, "OIDC federation"). */
  oidc?: OidcRoutesDeps;
  /** Files, mail, calendar, contacts and tasks behind the REST mapping (docs/content.md). */
  content?: ContentService;
  /** The bots' CRM: contacts, deals, pipeline stages, CSV import and export (docs/crm.md). */
  crm?: CrmApi;
  /** Bot-drive files sent with SEND FILE, by their signed links (docs/content.md, "The bot drive"). */
  driveLinks?: DriveLinkOpener;
  /** The bots' sites made by the BASIC CREATE SITE, served at `/sites/{bot}/{alias}/` (docs/content.md, "Sites"). */
  sites?: SitePages;
  /** The bots' WEBHOOK scripts and forms (docs/basic.md, "Webhooks and forms"). */
  scriptEndpoints?: ScriptEndpoints;
  /** The sign-in page of HEAR x AS LOGIN (docs/basic.md, "HEAR AS LOGIN"). */
  botSignIn?: BotSignInPagesDeps;
  /** The CRM's campaigns (docs/crm.md, "Campaigns"). */
  campaigns?: Campaigns;
  /** The calls bots place (docs/channels/rtc-sip.md, "Outbound calls"); absent when no bot takes phone calls. */
  calls?: OutboundCalls;
  /** Attendants on phone calls (docs/attendance/calls.md); absent when no bot takes phone calls. */
  attendantCalls?: AttendantCalls;
  /** With several instances: where a conversation's call lives when not here (docs/operations/kamailio.md). */
  callHolders?: CallHolders;
  /** A bot's name from its id or name, for the routes that take either: the request's tenant's bots only (undefined for another's). */
  botName?: (idOrName: string) => string | undefined;
  /** The tenant lifecycle, for operators (docs/operations/tenants.md, "Lifecycle"); its routes are absent without it. */
  tenants?: TenantsApi;
  /** Send `Strict-Transport-Security` (the `HSTS` process setting); off when absent. */
  hsts?: boolean;
}

const JSON_BODY_LIMIT = '1mb';

/** The express application: request ids and logs, JSON bodies, routes, JSON errors. No listening. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // Every per-address limit and log reads req.ip: the client's only through proxies named here (docs/operations/reverse-proxy.md).
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);
  app.use(requestLogging(deps.logger));
  app.use(stripTenantAddress());
  const tenantOf = deps.tenantAddresses ? createTenantResolver(deps.tenantAddresses) : undefined;
  // Provider webhooks are verified over the bytes the provider signed: read them raw, never re-serialised.
  // Every body parser refuses JSON nested deeper than MAX_JSON_DEPTH before parsing it (json-body-depth.ts).
  app.use('/webhooks', express.raw({ type: () => true, limit: JSON_BODY_LIMIT, verify: refuseDeepJsonOfType }));
  // So are the bots' WEBHOOK scripts (an HMAC signature is over the bytes) and forms (JSON or urlencoded).
  app.use([WEBHOOK_PATH, FORM_PATH], express.raw({ type: () => true, limit: JSON_BODY_LIMIT, verify: refuseDeepJsonOfType }));
  // A form's acknowledgement may be read by any page's script, CREATE SITE's sandboxed pages
  // included (their origin is "null"): it carries no credentials and answers nothing private.
  app.use(FORM_PATH, cors({ origin: '*', methods: ['POST'], allowedHeaders: ['Content-Type'], maxAge: 600 }));
  app.use(securityHeaders({ hsts: deps.hsts ?? false }));
  app.use(WEB_CHANNEL_PATH, webChannelCors(deps.webAllowedOrigins ?? (() => [])));
  // A visitor's upload is the file's bytes, of any type (a JSON file too): read raw, after CORS so a 413 is readable.
  app.post(WEB_UPLOAD_PATH, webUploadBody());
  app.use(express.json({ limit: JSON_BODY_LIMIT, verify: refuseDeepJson }));
  const registry = createOpenApiRegistry();
  const authorize = createAuthorizer(deps.tokens);
  // The web channel's routes first: a visitor's message, the busiest request, is matched against
  // no other route on its way (docs/performance.md, "2026-11-28, fourth session").
  mountRoutes(app, registry, authorize, webChannelRoutes(deps.webChannel), tenantOf);
  mountHealthRoutes(app, deps.readiness);

  let document: unknown;
  mountOpenApiRoutes(app, () => (document ??= buildOpenApiDocument(registry, deps.version)));
  if (deps.scim) {
    mountScimRoutes(app, deps.scim, deps.tenantAddresses);
    describeScimRoutes(registry);
  }
  // The routes go on the app itself, as every router above: a request passes no nested router's
  // bookkeeping on its way to them (docs/performance.md, "2026-11-28").
  mountRoutes(app, registry, authorize, [
    ...userRoutes(deps),
    // Before the provider webhooks, whose `/webhooks/{channel}/{bot}/{event}` would take team_chat's paths.
    ...(deps.teamChat ? teamChatWebhookRoutes(deps.teamChat) : []),
    // Before the channel webhooks: `/webhooks/rtc/{bot}` is the rtc server's, not a channel's.
    ...(deps.meetings ? meetingRoutes(deps.meetings) : []),
    ...channelWebhookRoutes(deps.webhooks),
    ...sessionRoutes(deps.sessions),
    ...attendanceRoutes(deps.attendance),
    ...attendanceQueueRoutes(deps.attendance),
    ...attendanceSkillRoutes(deps.attendance),
    ...attendanceSlaRoutes(deps.attendance),
    ...attendanceKanbanRoutes(deps.attendance),
    ...attendanceCustomerRoutes(deps.attendance),
    ...attendanceCallRoutes({
      ...deps.attendance, ...(deps.attendantCalls ? { attendantCalls: deps.attendantCalls } : {}), ...(deps.callHolders ? { callHolders: deps.callHolders } : {}),
    }),
    ...attendanceCobrowseRoutes(deps.attendance),
    ...attendanceInsightsRoutes(deps.attendance),
    ...(deps.reports ? attendanceReportRoutes(deps.reports) : []),
    ...attendanceTicketRoutes(deps.attendance),
    ...(deps.attendance.assist ? attendanceLlmRoutes({ assist: deps.attendance.assist }) : []),
    ...(deps.metrics ? metricsRoutes(deps.metrics) : []),
    ...(deps.channelMedia ? channelMediaRoutes(deps.channelMedia) : []),
    ...(deps.notifications ? notificationRoutes(deps.notifications) : []),
    ...groupRoutes(deps.groups),
    ...attendanceCannedResponseRoutes(deps.attendance),
    ...(deps.campaigns ? crmCampaignRoutes(deps.campaigns) : []),
    ...callRoutes({ ...(deps.calls ? { calls: deps.calls } : {}), botName: deps.botName ?? ((name) => name) }),
    ...(deps.oidc ? oidcRoutes(deps.oidc) : []),
    ...(deps.content ? [...contentFileRoutes(deps.content), ...contentRecordRoutes(deps.content)] : []),
    ...(deps.crm ? [...crmContactRoutes(deps.crm), ...crmDealRoutes(deps.crm)] : []),
    ...(deps.tenants ? tenantRoutes(deps.tenants) : []),
    ...(deps.driveLinks ? driveFileRoutes(deps.driveLinks) : []),
    ...(deps.sites ? siteRoutes(deps.sites) : []),
    // Last: `/api/{bot}/…` must not take a path another route serves.
    ...(deps.scriptEndpoints ? scriptEndpointRoutes(deps.scriptEndpoints) : []),
  ], tenantOf);
  if (deps.meetings) app.use(meetPages(deps.meetings, deps.webDir));
  if (deps.botSignIn) app.use(botSignInPages(deps.botSignIn));
  if (deps.webDir) app.use(webPages(deps.webDir));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
