import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Logger } from '../infra/logger.js';
import { ConfigError } from './config-error.js';
import { configSchema, isConfigKey, type BotConfig } from './config-keys.js';
import { parseConfigCsv } from './parse-config-csv.js';

/** What one config.csv gives a bot: the typed keys, its param- values and the unknown keys. */
export interface BotConfigFile {
  /** Every key of the table, set from the file or defaulted. */
  readonly config: BotConfig;
  /** `param-<x>` lines keyed by `x` (lower-cased): values handed to the bot's BASIC scripts. */
  readonly params: Record<string, string>;
  /** Keys the table does not know, kept as written so a newer bot package still loads. */
  readonly extra: Record<string, string>;
}

const PARAM_PREFIX = 'param-';

// Unknown keys already warned about in this process, as "absolute file\nkey": reloading a bot
// must not repeat the same warning every time.
const warnedUnknownKeys = new Set<string>();

/**
 * The lines of a shared config.csv every bot of a tenant starts from (docs/operations/tenants.md,
 * "Settings"): its keys as written, before a bot's own file overrides them.
 */
export interface ConfigLayer {
  readonly known: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, string>>;
  readonly extra: Readonly<Record<string, string>>;
}

/**
 * Reads a bot's config.csv, over `inherited` when given. A missing file is not an error: the bot
 * runs on the defaults (and what it inherits). Throws a ConfigError listing every invalid line
 * (see {@link parseBotConfig}).
 */
export async function loadBotConfig(file: string, logger: Logger, inherited?: ConfigLayer): Promise<BotConfigFile> {
  return parseBotConfig(await readIfAny(file), file, logger, inherited);
}

/**
 * Reads a shared config.csv (a tenant's, docs/operations/tenants.md "Settings"): checked as a
 * bot's file is, so its errors name it; undefined when there is none.
 */
export async function loadConfigLayer(file: string, logger: Logger): Promise<ConfigLayer | undefined> {
  const text = await readIfAny(file);
  if (text === '') return undefined;
  parseBotConfig(text, file, logger);
  return readLayer(text, file, logger).layer;
}

async function readIfAny(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return '';
  }
}

/**
 * Turns the text of a config.csv (format: {@link parseConfigCsv}) into a typed configuration, over
 * `inherited` (already checked) when given: a key the file sets replaces the inherited one. An
 * empty value means "not set" for a known key, so its default (or the inherited value) applies.
 * Unknown keys are kept in `extra` and warned about once per process for each (file, key). Every
 * bad line and every invalid value is collected into one ConfigError; `file` only names the source in it.
 */
export function parseBotConfig(text: string, file: string, logger: Logger, inherited?: ConfigLayer): BotConfigFile {
  const { layer, issues, lineOfKey } = readLayer(text, file, logger);
  const known = { ...inherited?.known, ...layer.known };
  const params = Object.assign(Object.create(null) as Record<string, string>, inherited?.params, layer.params);
  const extra = Object.assign(Object.create(null) as Record<string, string>, inherited?.extra, layer.extra);
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      issues.push({ line: lineOfKey.get(key) ?? 0, key, message: `${issue.message}, got ${JSON.stringify(known[key])}` });
    }
  }
  const [first, ...rest] = issues.sort((a, b) => a.line - b.line);
  if (first !== undefined) throw new ConfigError(file, [first, ...rest]);
  if (!parsed.success) throw parsed.error; // unreachable: every schema issue was pushed above
  return { config: parsed.data, params, extra };
}

/** The file's own keys, its bad lines, and the line of each known key. */
function readLayer(text: string, file: string, logger: Logger) {
  const { rows, issues } = parseConfigCsv(text);
  const known: Record<string, string> = {};
  const lineOfKey = new Map<string, number>();
  // Null-prototype records, so a key such as `__proto__` is stored like any other.
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  const extra: Record<string, string> = Object.create(null) as Record<string, string>;

  for (const { line, key, value } of rows) {
    if (key.startsWith(PARAM_PREFIX)) {
      const name = key.slice(PARAM_PREFIX.length);
      if (name === '') issues.push({ line, key, message: `expected a variable name after "${PARAM_PREFIX}"` });
      else params[name] = value;
    } else if (isConfigKey(key)) {
      if (value === '') continue;
      known[key] = value;
      lineOfKey.set(key, line);
    } else {
      extra[key] = value;
      warnUnknownKeyOnce(logger, file, line, key);
    }
  }
  return { layer: { known, params, extra } as ConfigLayer, issues, lineOfKey };
}

function warnUnknownKeyOnce(logger: Logger, file: string, line: number, key: string): void {
  const id = `${resolve(file)}\n${key}`;
  if (warnedUnknownKeys.has(id)) return;
  warnedUnknownKeys.add(id);
  logger.warn({ file, line, key }, `${file}:${line}: unknown config key "${key}" (kept as extra; check the spelling)`);
}

/**
 * Whether a file-system error says the path does not exist. Checks `code` rather than
 * `instanceof Error`, which fails for errors made in another realm (jest's VM modules).
 */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
