import { createChannelAdapters, createProfileScreen, graphAdapterOf, listChannelAdapters, type ChannelAdapters } from '../adapters/index.js';
import type { ProcessSettings } from '../config/index.js';
import { createDriveLinks, createFileStore, driveLinkKey } from '../content/index.js';
import {
  createAttendanceWebhooksRepo, createBotDataRepo, createBotWatchesRepo, createContentRecordsRepo, createEngineEventsRepo, createInboundQueueRepo,
  createKnowledgeRepo, createMessagesRepo, createMetricsRepo, createOutboxRepo, createSessionsRepo, createTableTriggerRunsRepo, createTurnStore,
} from '../db/index.js';
import { CHANNELS, createChannelRegistry, createDeliveryReceipts, createEngine, voiceModelsOf, type DeliveryStatusUpdate } from '../engine/index.js';
import type { AttendanceRepositories } from '../attendance/index.js';
import type { Logger } from '../infra/logger.js';
import { createLlmAnswers } from '../knowledge/index.js';
import { createScriptHost } from '../script-host/index.js';
import { filesByTenant } from './tenant-files.js';
import type { AuthWiring } from './auth.js';
import type { BotRegistry } from './bot-registry.js';
import { graphChannelSettings } from './channel-settings.js';
import { providerChannelDeps } from './channels.js';
import { wireCampaigns } from './crm.js';
import type { Infrastructure } from './infrastructure.js';
import { customerDirectory, scriptContacts } from './crm.js';
import { wireMeetings } from './meetings.js';
import { createServiceMetrics } from './metrics.js';
import type { PublicUrl } from './public-url.js';
import { basicCapabilities, basicKnowledge, basicLlm, botDrives } from './script-host.js';
import { tenantStorageQuota } from './storage-quota.js';
import type { LanguageModels } from './language-models.js';

/**
 * The path of a message and what it reaches, built in the order they need each other: the
 * delivery receipts (the outbox's, engine/outbox/record-delivery-status.ts) and the channel
 * adapters that report them; the rooms CREATE MEETING opens; the BASIC script host, whose
 * keywords send on the adapters and open rooms; the engine, which answers through the script
 * host and delivers through the adapters; last the meetings service, whose invitations reach
 * customers through the engine.
 */
export function wireConversations(deps: {
  settings: ProcessSettings; infra: Infrastructure; auth: AuthWiring; bots: BotRegistry; publicUrl: PublicUrl; models: LanguageModels;
  attendanceRepos: AttendanceRepositories; logger: Logger;
}) {
  const { settings, infra, auth, bots, publicUrl, logger } = deps;
  const db = infra.database.db;
  const sessionsRepo = createSessionsRepo(db);
  const outbox = createOutboxRepo(db);
  const now = () => new Date();
  const metrics = createServiceMetrics({ db, settings, logger, channels: CHANNELS });
  // The CRM's campaigns (app/crm.ts): their messages leave through the adapters built below.
  const built: { adapters?: ChannelAdapters } = {};
  const campaigns = wireCampaigns({ db, bots, jobs: infra.jobs, rateLimiter: infra.rateLimiter, logger, adapters: () => built.adapters });
  const outboxReceipts = createDeliveryReceipts({
    jobs: infra.jobs, logger, bots: (name) => bots.named(name), metrics: metrics.port, repos: { outbox },
  });
  // A status of a message the outbox never sent may be a campaign message's.
  const deliveryReceipts = async (update: DeliveryStatusUpdate) => (await outboxReceipts(update)) || campaigns.deliveryStatus(update);
  // Provider channels: each bot's credentials from its config.csv, mapped onto each adapter's settings
  // (app/channel-settings.ts, docs/channels/README.md); bot_msg, sms and workchat are wired by providerChannelDeps.
  const providerChannels = providerChannelDeps({
    database: db, settings, logger, configOf: (name) => bots.named(name)?.config,
    botOfSession: (id) => sessionsRepo.botNameOf(id), recordDeliveryStatus: deliveryReceipts,
    // SMS STOP also unsubscribes the number's CRM contacts from campaigns (docs/crm.md, "Proactive campaigns").
    onSmsOptOut: (phone) => campaigns.unsubscribePhone(phone),
  });
  // The bot's voice service (voice-models-url): transcribes voice notes, speaks replies (docs/channels/mobile-msg.md).
  const voiceFor = (key: string) => {
    const config = bots.find(key)?.config;
    return config && voiceModelsOf(config);
  };
  // SEND FILE of a drive file: signed links at PUBLIC_URL that open for 7 days (docs/content.md, "The bot drive");
  // web visitors attach their uploads by the same links (docs/channels/web.md, "Files from the visitor").
  const driveLinks = createDriveLinks({ key: driveLinkKey(auth.secret), publicUrl, now });
  // The knowledge base of USE KB / USE WEBSITE: each bot's .gbkb folder and crawled sites, in full-text search.
  const knowledge = basicKnowledge({ database: db, bot: (id) => bots.find(id) });
  // One file store (picked by STORAGE_URL, docs/content.md) for content and, when it is S3, the bots' drives.
  // Each tenant's bytes under its own keys (docs/operations/tenants.md, "Files").
  const fileStore = filesByTenant(createFileStore(settings, infra.outbound));
  const contentRecords = createContentRecordsRepo(db);
  // Its max_storage_bytes counts the bots' drives with its files: a drive write past it is refused (docs/operations/tenants.md, "Quotas").
  const storageQuota = tenantStorageQuota({ db, dataDir: settings.DATA_DIR, storage: fileStore, bots: () => bots.ofTenant.all });
  const files = botDrives({ dataDir: settings.DATA_DIR, storage: fileStore, tenantOf: (id) => bots.tenantOf(id), quota: storageQuota });
  // A bot's drive by name; the web channel keeps visitors' uploads and its spoken replies there (docs/channels/web.md).
  const driveOf = (name: string) => {
    const bot = bots.named(name);
    return bot && files(bot);
  };
  const webUploads = { drive: driveOf, linkTo: (bot: string, file: string) => driveLinks.url(bot, file) };
  const adapters = createChannelAdapters({
    visitorTokens: auth.visitorTokens, webDriveLinks: driveLinks, graphSettings: (channel, key) => graphChannelSettings(channel, bots.find(key)?.config), logger, voiceFor,
    deliveryStatus: deliveryReceipts, ...providerChannels,
    rtcSip: { isEnabled: (bot) => bots.find(bot)?.config['sip-enabled'] === true },
    webDrive: driveOf,
    // An attendant's replies under /voice on are spoken in the widget too (docs/channels/web.md, "Voice").
    webSpeech: { voiceFor, nameOf: (id) => bots.find(id)?.name, logger, uploads: webUploads },
  });
  built.adapters = adapters;
  // BASIC's capabilities (docs/basic.md): CREATE USER through the users service, the file keywords on the bots' drives,
  // SEND SMS / SEND TEMPLATE through the bot's sms and mobile_msg channels, USE KB / USE WEBSITE through the knowledge base,
  // CREATE TASK and CREATE DRAFT in the content tasks store and mail archive, GET ATTENDANTS from the attendance.
  const basic = basicCapabilities({
    users: auth.users, passwords: auth.passwords, files, knowledge, tasks: contentRecords.tasks, mail: contentRecords.mail,
    attendance: { repos: deps.attendanceRepos },
    campaigns,
    channels: { sms: adapters.sms, mobileMsg: graphAdapterOf(adapters, 'mobile_msg'), bot: (id) => bots.find(id) },
    // The KB statistics, QUERY METRICS, and PUBLISH EVENT to the bot's event webhook (docs/basic.md).
    knowledgeStats: createKnowledgeRepo(db), metrics: createMetricsRepo(db),
    events: { webhooks: createAttendanceWebhooksRepo(db), jobs: infra.jobs, config: (id) => bots.find(id)?.config, now },
  });
  // Meetings (docs/meetings.md): CREATE MEETING's rooms now, /video, /call and /api/meet once the engine exists.
  const meetingRooms = wireMeetings({
    db, secret: auth.secret, config: (id) => bots.find(id)?.config, botId: (key) => bots.find(key)?.id,
    publicUrl, mailer: infra.mailer, logger, now,
  });
  // The channel adapters: the engine delivers through them, the script host fetches customers' files through them.
  const channels = createChannelRegistry();
  for (const adapter of listChannelAdapters(adapters)) channels.register(adapter);
  // The BASIC script host (docs/architecture.md, folder map): the bots' dialogs, keywords, webhooks, forms and background runs.
  const scriptHost = createScriptHost({
    repos: { botData: createBotDataRepo(db), triggerRuns: createTableTriggerRunsRepo(db), watches: createBotWatchesRepo(db) },
    jobs: infra.jobs, logger, locks: infra.locks, bots: (name) => bots.named(name), botNames: () => bots.ofTenant.all.map((b) => b.name), channels,
    rateLimiter: infra.rateLimiter,
    ...basic,
    fileLinks: (bot) => (file) => driveLinks.url(bot.name, file),
    signInLinks: (request) => auth.signInLinks.url(request),
    meetings: meetingRooms.script,
    // CREATE SITE answers an absolute link to the site (docs/content.md, "Sites").
    publicUrl,
    // SEND MAIL goes through the same mailer; without SMTP_URL the script host keeps its "not configured" port.
    ...(infra.mailer.configured ? { mail: { send: (m) => infra.mailer.send({ to: m.to, subject: m.subject, text: m.body }) } } : {}),
    // LLM and SET CONTEXT use the bot's model, with the session's knowledge and tools; without a model the keyword
    // stops the script with a clear error (or, with knowledge active, answers with the best passages).
    llm: basicLlm(createLlmAnswers({ modelOf: deps.models, knowledge })),
    // GET CONTACT, SET CONTACT and ADD TAG on the CRM's contacts (docs/crm.md, "Script keys and keywords").
    contacts: scriptContacts(db),
  });
  const messages = createMessagesRepo(db);
  const engine = createEngine({
    repos: {
      turns: createTurnStore(infra.database.sql), outbox, events: createEngineEventsRepo(db),
      sessions: sessionsRepo, messages, inbound: createInboundQueueRepo(db),
    },
    jobs: infra.jobs, bus: infra.bus, logger, locks: infra.locks, bots: (name) => bots.named(name), metrics: metrics.port, channels,
    // The bot answers through the script host.
    bot: scriptHost.runner,
    // A new session's customer is matched to their CRM contact (docs/crm.md); the complexity trigger scores on the bot's model.
    customers: customerDirectory(db), models: deps.models,
    // A referral's campaign fields come from the CRM's campaign records.
    campaigns: campaigns.capture,
  });
  // page_msg and social_dm webhooks carry only the sender's id: the provider's profile names the customer (docs/crm.md).
  for (const channel of ['page_msg', 'social_dm'] as const) {
    const adapter = graphAdapterOf(adapters, channel);
    if (adapter) engine.screen(channel, createProfileScreen({ adapter, logger }));
  }
  const meetings = meetingRooms.service(engine);
  return { engine, scriptHost, campaigns, adapters, providerChannels, voiceFor, driveLinks, files, driveOf, webUploads, meetings, metrics, fileStore, storageQuota, sessions: sessionsRepo, messages };
}

export type Conversations = ReturnType<typeof wireConversations>;
