import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkWorkchatSettings } from '../adapters/index.js';
import { ensureDeclaredQueues, importAttendantFile } from '../attendance/index.js';
import { loadBotPackages, loadConfigLayer, type ConfigLayer, type LoadedBotPackage } from '../config/index.js';
import { createAttendanceRepositories, createBotDataRepo, createBotsRepo, createTenantsRepo, type DatabaseHandle, type TenantRow } from '../db/index.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';
import { loadBotScripts, withLookaheadCache, type ScriptFolder } from '../script-host/index.js';
import type { Logger } from '../infra/logger.js';
import { workchatSettingsOf } from './channel-settings.js';

/** A loaded bot package with its database row and its dialogs (re-read when a .bas file changes). */
export interface RunnableBot extends LoadedBotPackage {
  readonly id: string;
  /** The tenant the bot belongs to (docs/operations/tenants.md, "Bots"): the default one for `BOTS_DIR/<name>.gbai`. */
  readonly tenantId: string;
  readonly dialogs: ScriptFolder;
}

/**
 * Loads every bot package: config, database row, a legacy `attendant.csv` (attendance imports it
 * onto attendant profiles at every load), the queues it declares (`attendance-queues`), then its scripts (the script host compiles the dialogs
 * and seeds the `.gbdata` tables). In production (`options.production`) a bot whose channel
 * settings would accept unsigned requests is not loaded (workchat without an app id:
 * docs/channels/workchat.md); elsewhere it loads with a warning.
 */
export async function prepareBots(
  botsDir: string, database: DatabaseHandle, logger: Logger, options: { production?: boolean; cacheDir: string },
): Promise<RunnableBot[]> {
  // The parser's paths from the last start (CACHE_DIR): compiling the dialogs then computes none of them.
  return withLookaheadCache(options.cacheDir, logger, () => loadEveryBot(botsDir, database, logger, options));
}

/** Where a tenant's bots live: `BOTS_DIR/tenants/<slug>/<name>.gbai` (docs/operations/tenants.md, "Bots"). */
const TENANTS_FOLDER = 'tenants';

/** The default tenant's bots (directly in BOTS_DIR), then each tenant's, each loaded in its tenant's scope. */
async function loadEveryBot(botsDir: string, database: DatabaseHandle, logger: Logger, options: { production?: boolean }): Promise<RunnableBot[]> {
  const ready = await loadBotsOf({ id: DEFAULT_TENANT_ID, slug: 'default', max_bots: null }, botsDir, database, logger, options);
  const tenants = createTenantsRepo(database.db);
  for (const slug of await tenantFolders(join(botsDir, TENANTS_FOLDER))) {
    const tenant = await tenants.findBySlug(slug);
    if (!tenant) {
      logger.error({ tenant: slug }, `the bots of tenant "${slug}" not loaded: no such tenant (create it with \`switchboard tenant create ${slug}\`)`);
      continue;
    }
    // The tenant's own config.csv beside its bots: the settings each of them starts from (docs/operations/tenants.md, "Settings").
    const shared = join(botsDir, TENANTS_FOLDER, slug, 'config.csv');
    let inherited: ConfigLayer | undefined;
    try {
      inherited = await loadConfigLayer(shared, logger);
    } catch (error) {
      logger.error({ tenant: slug }, `the bots of tenant "${slug}" not loaded: ${(error as Error).message}`);
      continue;
    }
    ready.push(...await runAsTenant(tenant.id, () => loadBotsOf(tenant, join(botsDir, TENANTS_FOLDER, slug), database, logger, { ...options, inherited })));
  }
  logger.info({ bots: ready.map((b) => b.name), dir: botsDir }, `${ready.length} bot(s) loaded`);
  return ready;
}

async function tenantFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name).sort();
}

/**
 * A tenant's bot packages, in the order of their names. Past the tenant's `max_bots` the rest are
 * not loaded, each said in the log (docs/operations/tenants.md, "Quotas").
 */
async function loadBotsOf(
  tenant: Pick<TenantRow, 'id' | 'slug' | 'max_bots'>, botsDir: string, database: DatabaseHandle, logger: Logger,
  options: { production?: boolean; inherited?: ConfigLayer | undefined },
): Promise<RunnableBot[]> {
  const { bots } = await loadBotPackages(botsDir, logger, options.inherited);
  const botsRepo = createBotsRepo(database.db);
  const botData = createBotDataRepo(database.db);
  const attendanceRepos = createAttendanceRepositories(database.db);
  const ready: RunnableBot[] = [];
  for (const bot of bots) {
    if (tenant.max_bots !== null && ready.length >= tenant.max_bots) {
      logger.error({ bot: bot.name, tenant: tenant.slug }, `bot "${bot.name}" not loaded: tenant "${tenant.slug}" has its ${tenant.max_bots} bot(s) (max_bots)`);
      continue;
    }
    const workchat = checkWorkchatSettings(workchatSettingsOf(bot.config), options.production ?? false);
    if (workchat.kind === 'refuse') {
      logger.error({ bot: bot.name }, `bot "${bot.name}" not loaded: ${workchat.message}`);
      continue;
    }
    if (workchat.kind === 'warn') logger.warn({ bot: bot.name }, `WARNING bot "${bot.name}": ${workchat.message} (refused in production)`);
    const { id } = await botsRepo.ensure(bot.name);
    await importAttendantFile(bot, { repos: attendanceRepos, logger });
    const queues = await ensureDeclaredQueues(attendanceRepos.queues, id, bot.config['attendance-queues'], bot.config['attendance-max-wait-seconds']);
    if (queues.length) logger.info({ bot: bot.name, queues }, 'declared queues created');
    const dialogs = await loadBotScripts(bot, { tables: botData.tables(id), logger });
    ready.push({ ...bot, id, tenantId: tenant.id, dialogs });
  }
  return ready;
}
