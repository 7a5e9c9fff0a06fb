import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../infra/logger.js';
import type { ConfigError } from './config-error.js';
import { isNotFound, loadBotConfig, type BotConfigFile, type ConfigLayer } from './load-bot-config.js';

/** A bot package that loaded: `<dir>` is `<botsDir>/<name>.gbai`. */
export interface LoadedBotPackage extends BotConfigFile {
  readonly name: string;
  readonly dir: string;
}

/** A bot package that did not load, and why (a ConfigError for a bad config.csv). */
export interface BotPackageFailure {
  readonly name: string;
  readonly dir: string;
  readonly error: ConfigError | Error;
}

/** Bot names become ids, URL segments and file names: keep them to a safe alphabet. */
const BOT_NAME = /^[a-z0-9][a-z0-9_-]*$/i;
const PACKAGE_SUFFIX = '.gbai';

/**
 * Loads every bot package under `botsDir`: each `<name>.gbai` folder with its optional
 * `<name>.gbot/config.csv` (absent: all defaults). One broken bot must not keep the others
 * offline, so a bad name or an invalid config makes that bot a logged failure and the rest
 * still load. A missing `botsDir` is a warning and no bots, so a fresh install still starts.
 * Bots come back sorted by folder name.
 */
export async function loadBotPackages(
  botsDir: string,
  logger: Logger,
  /** The settings every bot here starts from (a tenant's config.csv, docs/operations/tenants.md "Settings"). */
  inherited?: ConfigLayer,
): Promise<{ bots: LoadedBotPackage[]; failures: BotPackageFailure[] }> {
  const bots: LoadedBotPackage[] = [];
  const failures: BotPackageFailure[] = [];
  for (const folder of await listPackageFolders(botsDir, logger)) {
    const name = folder.slice(0, -PACKAGE_SUFFIX.length);
    const dir = join(botsDir, folder);
    try {
      if (!BOT_NAME.test(name)) {
        throw new Error(`${dir}: bot name "${name}" must start with a letter or digit and use only letters, digits, "_" and "-"`);
      }
      bots.push({ name, dir, ...(await loadBotConfig(join(dir, `${name}.gbot`, 'config.csv'), logger, inherited)) });
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      logger.error({ bot: name, dir }, `bot "${name}" not loaded: ${error.message}`);
      failures.push({ name, dir, error });
    }
  }
  return { bots, failures };
}

/** The `*.gbai` folders (or links to them) directly under `botsDir`, sorted. */
async function listPackageFolders(botsDir: string, logger: Logger): Promise<string[]> {
  try {
    const entries = await readdir(botsDir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.name.endsWith(PACKAGE_SUFFIX) && (entry.isDirectory() || entry.isSymbolicLink()))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if (!isNotFound(error)) throw error;
    logger.warn({ botsDir }, `bots directory ${botsDir} not found: no bots loaded`);
    return [];
  }
}
