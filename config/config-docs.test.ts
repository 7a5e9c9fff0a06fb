import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from './config-keys.js';
import { ProcessSettingsSchema } from './process-settings.js';

/**
 * The settings' documentation against the code (docs/configuration.md, "Keys" and "Process
 * settings"): every bot key and every environment variable is documented, and a documented one
 * is read by code outside `config/` unless its row says it is accepted and ignored — in which
 * case nothing may read it. config-keys.test.ts checks the keys' defaults.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How a row of docs/configuration.md says nothing reads its key. */
const IGNORED = /no feature reads it|not read|reserved|not used|accepted and ignored/i;
/** Not the product's code: tests, benchmarks, the settings' own definitions, what is built or installed. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', 'test', 'bench', 'config']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const sources = sourceFiles(ROOT).map((file) => readFileSync(file, 'utf8'));
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
/** A bot key is read as a string: `config['key']`. */
const readsBotKey = (key: string) => sources.some((text) => ["'", '"', '`'].some((q) => text.includes(`${q}${key}${q}`)));
/** A process setting is read as a property (`settings.KEY`), by name (`'KEY'`) or destructured (`{ KEY }`). */
const readsSetting = (name: string) => {
  const pattern = new RegExp(`\\.${escape(name)}\\b|['"\`]${escape(name)}['"\`]|[{,]\\s*${escape(name)}\\s*[,}:]`);
  return sources.some((text) => pattern.test(text));
};

/** The rows of a markdown section's tables: first cell's code names, and the whole row. */
function tableRows(markdown: string, heading: string): { names: string[]; row: string }[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.split(' ')[0]!;
  const end = markdown.indexOf(`\n${level} `, start + heading.length + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| ([^|]+) \|.*$/gm)].map(([row, first]) => ({ names: [...first!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), row }));
}

const configurationPage = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('docs/configuration.md, bot keys (config.csv)', () => {
  const rows = tableRows(configurationPage, '## Keys').filter((r) => r.names.length > 0 && /^[a-z0-9-]+$/.test(r.names[0]!));
  const documented = new Map(rows.flatMap((r) => r.names.map((name) => [name, IGNORED.test(r.row)] as const)));
  const keys = Object.keys(configSchema.shape);

  test('documents every key of config/config-keys.ts, and no other', () => {
    expect([...documented.keys()].filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
  });

  test('every documented key is read by code outside config/, unless its row says it is accepted and ignored', () => {
    const unread = keys.filter((k) => documented.get(k) === false && !readsBotKey(k));
    expect(unread).toEqual([]);
  });

  test('a key documented as accepted and ignored is read by no code (else the page must say what it does)', () => {
    const read = keys.filter((k) => documented.get(k) === true && readsBotKey(k));
    expect(read).toEqual([]);
  });
});

describe('process settings (environment variables)', () => {
  const documented = new Set(tableRows(readme, '## Environment variables').flatMap((r) => r.names).filter((n) => /^[A-Z][A-Z0-9_]*$/.test(n)));
  const settings = Object.keys(ProcessSettingsSchema.shape);

  test('README\'s table documents every variable of config/process-settings.ts, and no other', () => {
    expect(settings.filter((s) => !documented.has(s))).toEqual([]);
    expect([...documented].filter((d) => !settings.includes(d))).toEqual([]);
  });

  test('every variable is read by code outside config/', () => {
    expect(settings.filter((s) => !readsSetting(s))).toEqual([]);
  });

  test('docs/configuration.md points to that table', () => {
    expect(configurationPage).toMatch(/\n## Process settings\n[^#]*README\.md#environment-variables/);
  });
});

describe('the documentation check itself', () => {
  test('finds a read key and a setting, and misses names that appear nowhere', () => {
    expect(readsBotKey('attendance-queue-size')).toBe(true);
    expect(readsBotKey('no-such-key-anywhere')).toBe(false);
    expect(readsSetting('PUBLIC_URL')).toBe(true);
    expect(readsSetting('NO_SUCH_SETTING_ANYWHERE')).toBe(false);
  });
});
