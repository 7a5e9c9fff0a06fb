import type { Campaigns } from '../crm/index.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { GraphAdapter, SmsAdapter } from '../adapters/index.js';
import { createUser, type PasswordHasher, type UserDirectory } from '../auth/index.js';
import { listBotAttendants, publishBotEvent, textSentiment, type AttendanceRepositories, type EnqueueWebhookDeps } from '../attendance/index.js';
import type { BotConfig } from '../config/index.js';
import { createScriptDraft, createScriptTask, createStoreDrive, mailboxReader, quotaDrive, type FileStore, type StorageQuota } from '../content/index.js';
import { createKnowledgeRepo, type ContentRecordsRepo, type Database, type KnowledgeRepo, type MetricsRepo, type TaskRow } from '../db/index.js';
import { PermanentDeliveryError } from '../engine/index.js';
import {
  createFolderFileStore, createHttpPerformer, sitePagePath, type FilesPort, type LlmPort, type MailboxPort, type ScriptCapabilitiesPort, type ScriptTool, type UsersPort,
} from '../script-host/index.js';
import { ConflictError } from '../infra/errors.js';
import type { ModelTool } from '../infra/llm/index.js';
import { createKnowledgeBase, type FetchPage, type KnowledgeBase, type LlmAnswers } from '../knowledge/index.js';
import { isFileValue } from '../basic-interpreter/index.js';
import type { SitePages } from '../http/routes/sites.js';
import { tenantFolder } from './tenant-files.js';

/** What the channel keywords reach: the bot's sms and mobile_msg channels, when the service has them. */
export interface ScriptChannels {
  sms?: SmsAdapter | undefined;
  mobileMsg?: GraphAdapter | undefined;
  /** A loaded bot by id: its name (the channels' settings are by name) and configuration. */
  bot(botId: string): { name: string; config: BotConfig } | undefined;
}

/**
 * The capabilities the BASIC keywords reach through the engine's ports (docs/basic.md,
 * "Compatibility"): CREATE USER through the users service; the bots' drives for the file keywords
 * ({@link botDrives}, built once by the caller, who hands the same drives to the web uploads); SEND SMS through the sms channel
 * and SEND TEMPLATE through mobile_msg templates; USE KB / USE WEBSITE through the knowledge base;
 * CREATE TASK in the content tasks store and CREATE DRAFT in its mail archive; GET ATTENDANTS from the attendance's attendants;
 * ON EMAIL's mailbox reader.
 */
export function basicCapabilities(deps: {
  users: UserDirectory; passwords: PasswordHasher; files: FilesPort; channels?: ScriptChannels; knowledge?: KnowledgeBase;
  tasks?: Pick<ContentRecordsRepo['tasks'], 'insert' | 'list'>;
  mail?: Pick<ContentRecordsRepo['mail'], 'upsert'>;
  attendance?: { repos: AttendanceRepositories };
  /** The CRM's campaigns: ADD TO CAMPAIGN, TRACK CONVERSION, GET CAMPAIGN STATS. */
  campaigns?: Pick<Campaigns, 'keywords'>;
  /** The knowledge base's sources in numbers: the KB statistics keywords. */
  knowledgeStats?: Pick<KnowledgeRepo, 'stats'>;
  /** The transcript's counts: QUERY METRICS. */
  metrics?: Pick<MetricsRepo, 'conversationCounts'>;
  /** PUBLISH EVENT's subscribers: the bot's event webhook (attendance-chatops-webhook). */
  events?: EnqueueWebhookDeps;
}): {
  users: UsersPort; files: FilesPort; mailbox: MailboxPort; capabilities: Partial<ScriptCapabilitiesPort>;
} {
  const { channels, knowledge, tasks, mail, attendance } = deps;
  const firstAdmin = async () => (await deps.users.list()).find((user) => user.roles.includes('admin'));
  return {
    users: {
      // A migrated user has no role and a random password: an administrator grants roles, the user resets it.
      async create({ email }) {
        try {
          const user = await createUser({ users: deps.users, passwords: deps.passwords }, { username: email, email, password: randomBytes(24).toString('base64url'), roles: [] });
          return { success: true, user_id: user.id, username: user.username, email: user.email, message: null };
        } catch (error) {
          if (error instanceof ConflictError) return { success: false, user_id: null, username: email, email, message: error.message };
          throw error;
        }
      },
    },
    // ON EMAIL reads the bot's mailbox (its email-imap-* keys) over IMAP.
    mailbox: mailboxReader,
    files: deps.files,
    capabilities: {
      ...(channels?.sms ? {
        sendSms: ({ to, text, bot_id }) => {
          const bot = channels.bot(bot_id);
          if (!bot || !channels.sms?.isEnabled(bot.name)) throw new Error('not available: SEND SMS (the sms channel is off for this bot: set sms-account-sid, sms-auth-token and sms-from)');
          return sent(channels.sms.sendText({ bot: bot.name, to, text }));
        },
      } : {}),
      ...(channels?.mobileMsg ? {
        sendTemplate: ({ to, template, params, bot_id }) => {
          const bot = channels.bot(bot_id);
          if (!bot || !channels.mobileMsg?.isEnabled(bot.name)) throw new Error('not available: SEND TEMPLATE (the mobile_msg channel is off for this bot)');
          return sent(channels.mobileMsg.sendTemplate(bot.name, to, { name: template, language: bot.config['mobile-msg-template-language'], params }));
        },
      } : {}),
      ...(tasks ? {
        createTask: async ({ bot_id: _bot, ...input }) => taskValue(await createScriptTask({
          tasks,
          owners: {
            byLogin: (login) => deps.users.findByLogin(login),
            firstAdmin,
          },
        }, input)),
      } : {}),
      ...(mail ? {
        createDraft: ({ bot_id: _bot, ...input }) => createScriptDraft({ mail, owner: firstAdmin }, input),
      } : {}),
      ...(attendance ? {
        attendants: async ({ status, bot_id }) => (await listBotAttendants(attendance, bot_id, status)).map((a) => ({ ...a })),
      } : {}),
      ...(deps.campaigns ? { campaign: campaignKeyword(deps.campaigns) } : {}),
      // ANALYZE SENTIMENT: the attendance's analyser of a text (nlp.js lexicons, emotion and escalation words).
      sentiment: async ({ text }) => ({ ...(await textSentiment(text)) }),
      userRoles: async ({ user_id }) => (await deps.users.findById(user_id))?.roles,
      ...(deps.knowledgeStats ? { knowledgeStats: async ({ bot_id }) => ({ sources: await deps.knowledgeStats!.stats(bot_id) }) } : {}),
      ...(deps.metrics ? { metrics: metricsKeyword(deps.metrics) } : {}),
      ...(deps.events ? { publishEvent: ({ bot_id, ...event }) => publishBotEvent(deps.events!, bot_id, event) } : {}),
      ...(knowledge ? {
        knowledge: ({ action, name, refresh, bot_id }) => (action === 'use' ? knowledge.use(bot_id, name) : knowledge.website(bot_id, name, refresh)),
      } : {}),
    },
  };
}

/** QUERY METRICS: the transcript's counts per bucket, every bucket of the range listed (0 when empty), oldest first. */
function metricsKeyword(metrics: Pick<MetricsRepo, 'conversationCounts'>): ScriptCapabilitiesPort['metrics'] {
  return async ({ metric, from, to, step_seconds, bot_id }) => {
    const counted = new Map((await metrics.conversationCounts({ bot_id, metric, from, to, step_seconds })).map((r) => [r.bucket, r.count]));
    const buckets = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / (step_seconds * 1000)));
    return Array.from({ length: buckets }, (_, i) => ({
      time: new Date(from.getTime() + i * step_seconds * 1000).toISOString(), count: counted.get(i) ?? 0,
    }));
  };
}

/** The campaign keywords on the CRM's campaigns (docs/basic.md, "Campaigns"); results become plain script values. */
function campaignKeyword(campaigns: Pick<Campaigns, 'keywords'>): ScriptCapabilitiesPort['campaign'] {
  return async (request) => {
    const session = request.session && { bot_id: request.bot_id, ...request.session };
    switch (request.action) {
      case 'add':
        return campaigns.keywords.addToCampaign(request.bot_id, request.campaign, request.contact, session);
      case 'conversion':
        return campaigns.keywords.trackConversion(request.bot_id, request.campaign, request.name, request.value, session);
      case 'stats':
        return { ...(await campaigns.keywords.stats(request.bot_id, request.campaign)) };
    }
  };
}

/**
 * The bots' drives of the BASIC file keywords (and the web visitors' uploads): under the data
 * directory (`<DATA_DIR>/drive/<bot>.gbdrive`) or, when the file store is S3-compatible storage,
 * as `<bot>.gbdrive/<path>` in its bucket. A bot of a tenant other than the default one has its
 * drive in that tenant's folder (`drive/tenants/<id>/…`; in the bucket, the tenant's keys of
 * app/tenant-files.ts), so bots of the same name in two tenants never share one
 * (docs/operations/tenants.md, "Files").
 */
export function botDrives(deps: {
  dataDir: string; storage?: FileStore; tenantOf?: (botId: string) => string | undefined;
  /** With it, every write counts against the tenant's max_storage_bytes (docs/operations/tenants.md, "Quotas"). */
  quota?: StorageQuota;
}): FilesPort {
  const { storage, quota } = deps;
  const drive: FilesPort = storage?.kind === 's3'
    ? (bot) => createStoreDrive(storage, driveFolder(bot.name))
    : (bot) => createFolderFileStore(localDrivePath(deps.dataDir, deps.tenantOf?.(bot.id), bot.name));
  return quota ? (bot) => quotaDrive(drive(bot), driveFolder(bot.name), quota) : drive;
}

/** A bot's drive: the folder `<bot>.gbdrive`, or the objects under that prefix in the bucket. */
export const driveFolder = (botName: string) => `${botName}.gbdrive`;

/** Where a bot's drive is under the data directory: `drive/<bot>.gbdrive`, in its tenant's folder for a tenant other than the default one. */
export function localDrivePath(dataDir: string, tenantId: string | undefined, botName: string): string {
  return path.join(dataDir, 'drive', ...tenantFolder(tenantId), driveFolder(botName));
}

/** A task as the script sees it: `{success, id, title, notes, due_at, status, owner_id}`, dates as ISO text. */
function taskValue(task: TaskRow) {
  return { success: true, id: task.id, title: task.title, notes: task.notes, due_at: task.due_at?.toISOString() ?? null, status: task.status, owner_id: task.owner_id };
}

/** A send's outcome for the script: `{success, message_id}`; a refusal for good is `{success: false, message}`, not an error. */
async function sent(send: Promise<{ provider_message_id?: string }>) {
  try {
    const receipt = await send;
    return { success: true, message_id: receipt.provider_message_id ?? null, message: null };
  } catch (error) {
    if (error instanceof PermanentDeliveryError) return { success: false, message_id: null, message: error.message };
    throw error;
  }
}

/**
 * The knowledge base on the database: each bot's `<dir>/<name>.gbkb` folder, its `kb-*` settings,
 * and crawls through the bot's guarded HTTP client (infra/outbound-guard.ts; its
 * http-allow-private-networks and dialog-max-seconds apply to every page).
 */
export function basicKnowledge(deps: { database: Database; bot(botId: string): { name: string; dir?: string; config: BotConfig } | undefined }): KnowledgeBase {
  return createKnowledgeBase({
    store: createKnowledgeRepo(deps.database),
    kbFolder: (botId) => {
      const bot = deps.bot(botId);
      return bot?.dir === undefined ? undefined : path.join(bot.dir, `${bot.name}.gbkb`);
    },
    fetchPage: (botId) => {
      const config = deps.bot(botId)?.config;
      return pageFetcher(createHttpPerformer({ timeoutMs: (config?.['dialog-max-seconds'] ?? 30) * 1000, allowPrivateNetworks: config?.['http-allow-private-networks'] ?? false }));
    },
    settings: (botId) => {
      const config = deps.bot(botId)?.config;
      return { language: config?.['kb-language'] ?? 'english', maxPages: config?.['kb-crawl-max-pages'] ?? 20, maxDepth: config?.['kb-crawl-max-depth'] ?? 2 };
    },
  });
}

/** A page through the scripts' HTTP client: fetched as bytes to learn its content type; a failure is no page. */
function pageFetcher(http: ReturnType<typeof createHttpPerformer>): FetchPage {
  return async (url) => {
    const answer = await http({ method: 'GET', url, headers: { accept: 'text/html, text/plain;q=0.9' }, binary: true }).catch(() => null);
    if (answer === null || !isFileValue(answer)) return undefined;
    return { contentType: answer.content_type, body: Buffer.from(answer.base64, 'base64').toString('utf8') };
  };
}

/**
 * The LLM keywords' port (docs/basic.md): the knowledge area's answers (knowledge/llm-answers.ts),
 * the script's tools handed over as the model client's tools.
 */
export function basicLlm(answers: LlmAnswers): LlmPort {
  return {
    complete: ({ tools, ...request }) => answers.complete({ ...request, tools: (tools ?? []).map(modelTool) }),
    generate: (request) => answers.generate(request),
  };
}

/**
 * The files of the sites CREATE SITE made, for the public `/sites/{bot}/{alias}/` route: read from
 * the bot's drive under `sites/<alias>/`; nothing for an unknown bot.
 */
export function basicSitePages(deps: { files: FilesPort; bot(name: string): { id: string; name: string } | undefined }): SitePages {
  return async (botName, alias, file) => {
    const bot = deps.bot(botName);
    return bot ? deps.files(bot).read(sitePagePath(alias, file)) : undefined;
  };
}

function modelTool(tool: ScriptTool): ModelTool {
  return { name: tool.schema.name, description: tool.schema.description, parameters: tool.schema.parameters as unknown as Record<string, unknown>, run: (args) => tool.run(args) };
}
