import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkWorkchatSettings } from '../adapters/index.js';
import { ensureDeclaredQueues, importAttendantFile } from '../attendance/index.js';
import { loadBotPackages, type LoadedBotPackage } from '../config/index.js';
import { createAttendanceRepositories, createBotDataRepo, createBotsRepo, createTenantsRepo, type DatabaseHandle, type TenantRow } from '../db/index.js';
import { currentTenant, DEFAULT_TENANT_ID, runAsTenant, scopedTenant } from '../tenancy/index.js';
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
    ready.push(...await runAsTenant(tenant.id, () => loadBotsOf(tenant, join(botsDir, TENANTS_FOLDER, slug), database, logger, options)));
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
  tenant: Pick<TenantRow, 'id' | 'slug' | 'max_bots'>, botsDir: string, database: DatabaseHandle, logger: Logger, options: { production?: boolean },
): Promise<RunnableBot[]> {
  const { bots } = await loadBotPackages(botsDir, logger);
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

/** The loaded bots, by id or by name: the one look-up every area's wiring goes through. */
export interface BotRegistry {
  readonly all: readonly RunnableBot[];
  /** A bot by its id or its name (ports of areas that were handed either). */
  find(idOrName: string): RunnableBot | undefined;
  /**
   * A bot by its name only: what public addresses name (`/api/channels/web/{bot}`, `/webhooks/{channel}/{bot}`).
   * Names are unique in a tenant: inside a tenant's scope, that tenant's bot; outside any, the one
   * bot of that name, or the default tenant's when several tenants use it (docs/operations/tenants.md, "Addresses").
   */
  named(name: string): RunnableBot | undefined;
  /**
   * The bots of the tenant the work at hand is for (the default tenant's outside any scope): what
   * a request sees, so "the only bot" and a bot named by id are its tenant's
   * (docs/operations/tenants.md, "Bots").
   */
  readonly ofTenant: { readonly all: readonly RunnableBot[]; find(idOrName: string): RunnableBot | undefined };
}

export function createBotRegistry(bots: readonly RunnableBot[]): BotRegistry {
  const byTenantAndName = new Map(bots.map((b) => [`${b.tenantId}/${b.name}`, b]));
  const byName = new Map<string, RunnableBot[]>();
  for (const bot of bots) byName.set(bot.name, [...(byName.get(bot.name) ?? []), bot]);
  const byId = new Map(bots.map((b) => [b.id, b]));
  const named = (name: string): RunnableBot | undefined => {
    const tenant = scopedTenant();
    if (tenant !== undefined) return byTenantAndName.get(`${tenant}/${name}`);
    const all = byName.get(name);
    return all?.length === 1 ? all[0] : byTenantAndName.get(`${DEFAULT_TENANT_ID}/${name}`);
  };
  const find = (idOrName: string) => byId.get(idOrName) ?? named(idOrName);
  const byTenant = new Map<string, RunnableBot[]>();
  for (const bot of bots) byTenant.set(bot.tenantId, [...(byTenant.get(bot.tenantId) ?? []), bot]);
  return {
    all: bots,
    find,
    named,
    ofTenant: {
      get all() { return byTenant.get(currentTenant()) ?? []; },
      find: (idOrName) => {
        const bot = find(idOrName);
        return bot?.tenantId === currentTenant() ? bot : undefined;
      },
    },
  };
}
