import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The dependency rules of docs/architecture.md are lint errors: each case puts one import into a
// file of a folder, as a newcomer might, and asks the project's own ESLint configuration. The
// files are real; their text is replaced in memory only. Only the rules under test run, and
// without type information: none of them needs it, and building the TypeScript program for each
// case was most of this suite's time.

const BOUNDARY_RULES = ['no-restricted-imports', 'boundaries/folder-map'];
const OUTBOUND_RULES = ['no-restricted-syntax', '@typescript-eslint/no-restricted-imports'];
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => [...BOUNDARY_RULES, ...OUTBOUND_RULES].includes(ruleId),
});

async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as anything from '${specifier}';\nexport const used = anything;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('a new arrow against the design fails the lint', () => {
  test.each([
    ['http/routes/health.ts', '../../db/index.js', /http\/ may not import db\//],
    ['http/routes/health.ts', 'drizzle-orm', /no database or queue driver/],
    ['http/routes/health.ts', '../../engine/receive-message.js', /uses engine\/ only through its index\.js/],
    ['db/uuid.ts', '../engine/index.js', /db\/ may not import engine\//],
    ['db/uuid.ts', '../config/index.js', /db\/ may not import config\//],
    ['basic-interpreter/coercion.ts', 'node:fs/promises', /does no I\/O/],
    ['basic-interpreter/coercion.ts', 'node:http', /does no I\/O/],
    ['basic-interpreter/coercion.ts', '../engine/index.js', /basic-interpreter\/ may not import engine\//],
    ['engine/routing-rule.ts', '../adapters/index.js', /engine\/ may not import adapters\//],
    ['engine/routing-rule.ts', '../script-host/index.js', /engine\/ may not import script-host\//],
    ['engine/routing-rule.ts', '../basic-interpreter/index.js', /engine\/ may not import basic-interpreter\//],
    ['script-host/bot-http.ts', '../engine/receive-message.js', /uses engine\/ only through its index\.js/],
    ['script-host/bot-http.ts', 'ioredis', /script host reaches drivers only/],
    ['engine/routing-rule.ts', '../attendance/index.js', /engine\/ may not import attendance\//],
    ['engine/routing-rule.ts', 'ioredis', /only through ports/],
    ['adapters/web/web-adapter.ts', '../../attendance/index.js', /adapters\/ may not import attendance\//],
    ['adapters/web/web-adapter.ts', '../../engine/receive-message.js', /uses engine\/ only through its index\.js/],
    ['attendance/priority.ts', '../http/app.js', /attendance\/ may not import http\//],
    ['attendance/priority.ts', '../engine/receive-message.js', /uses engine\/ only through its index\.js/],
    ['infra/logger.ts', '../engine/index.js', /infra\/ may not import engine\//],
    ['auth/roles.ts', 'express', /knows no HTTP/],
    ['groups/group-access.ts', '../db/index.js', /groups\/ may not import db\//],
    ['groups/group-access.ts', 'drizzle-orm', /groups\/ reaches drivers only/],
    ['http/routes/health.ts', '../../groups/providers/embedded.js', /uses groups\/ only through its index\.js/],
    ['knowledge/chunk-text.ts', '../db/index.js', /knowledge\/ may not import db\//],
    ['knowledge/chunk-text.ts', '../engine/index.js', /knowledge\/ may not import engine\//],
    ['knowledge/chunk-text.ts', 'drizzle-orm', /knowledge\/ reaches the database only/],
    ['content/content-actor.ts', '../http/app.js', /content\/ may not import http\//],
    ['content/files/file-path.ts', '../../basic-interpreter/host/file-store.js', /uses basic-interpreter\/ only through its index\.js/],
    ['http/routes/health.ts', '../../content/files/write-file.js', /uses content\/ only through its index\.js/],
    ['engine/routing-rule.ts', '../app/main.js', /engine\/ may not import app\//],
    ['attendance/priority.ts', '../meetings/meeting-rooms.js', /attendance\/ may not import meetings\//],
    ['adapters/web/web-adapter.ts', '../../notifications/index.js', /adapters\/ may not import notifications\//],
    ['auth/roles.ts', '../test/support/start-service.js', /auth\/ may not import test\//],
    ['engine/routing-rule.ts', '../locales/index.js', /engine\/ may not import locales\//],
    ['infra/logger.ts', '../locales/en/server.json', /uses locales\/ only through its index\.js/],
    ['locales/index.ts', '../infra/logger.js', /locales\/ may not import infra\//],
  ])('%s importing %s', async (file, specifier, rule) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toEqual([expect.stringMatching(rule)]);
  });

  test.each([
    ['http/routes/health.ts', '../../engine/index.js'],
    ['engine/routing-rule.ts', '../db/index.js'],
    ['script-host/bot-http.ts', '../basic-interpreter/index.js'],
    ['script-host/bot-http.ts', '../engine/index.js'],
    ['adapters/web/web-adapter.ts', '../../engine/index.js'],
    ['attendance/priority.ts', '../engine/index.js'],
    ['db/uuid.ts', 'drizzle-orm'],
    ['basic-interpreter/coercion.ts', './values.js'],
    ['infra/i18n.ts', '../locales/index.js'],
    ['groups/group-access.ts', '../infra/errors.js'],
    ['http/routes/health.ts', '../../groups/index.js'],
    ['content/content-actor.ts', '../db/index.js'],
    ['http/routes/health.ts', '../../content/index.js'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});

/** The folder map as eslint.config.js reads it from docs/architecture.md ("Folder map"): one source for the lint and these cases. */
type FolderMap = { allowed: Map<string, { area: string; indexOnly: boolean }[]> };
const { FOLDER_MAP } = (await import(path.join(process.cwd(), 'eslint.config.js'))) as { FOLDER_MAP: FolderMap };
const AREAS = [...FOLDER_MAP.allowed.keys()];
/** Top-level folders an area may be forbidden: every area of the map, and bin/ (the CLI), which no area imports. */
const TARGETS = [...AREAS, 'bin'];

/** One real file of `area`, the first by name. */
function sampleFile(area: string): string {
  const files = (readdirSync(area, { recursive: true }) as string[])
    .map((f) => `${area}/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  return files[0]!;
}
const relativeTo = (file: string, target: string) => path.posix.relative(path.posix.dirname(file), target);

/** Every (area, import) pair the map forbids: another area not on its line, or the internals of an area allowed only through index.js. */
type Pair = [area: string, target: string];
const forbidden = AREAS.flatMap((area): [area: string, target: string, rule: RegExp][] => {
  const allowed = FOLDER_MAP.allowed.get(area)!;
  return TARGETS.filter((t) => t !== area).flatMap((target): [string, string, RegExp][] => {
    const entry = allowed.find((a) => a.area === target);
    if (!entry) return [[area, `${target}/index.js`, new RegExp(`${area}/ may not import ${target}/`)]];
    if (entry.indexOnly) return [[area, `${target}/internal-module.js`, new RegExp(`${area}/ uses ${target}/ only through its index\\.js`)]];
    return [];
  });
});
const permitted = AREAS.flatMap((area) => FOLDER_MAP.allowed.get(area)!.map((a): Pair => [area, `${a.area}/index.js`]));

/** The boundary errors of one area's sample file importing each of `targets`, one import per line, linted once per area. */
const linted = new Map<string, Promise<Map<string, string[]>>>();
function errorsPerTarget(area: string): Promise<Map<string, string[]>> {
  if (!linted.has(area)) {
    const file = sampleFile(area);
    const targets = [...forbidden.filter(([a]) => a === area).map(([, t]) => t), ...permitted.filter(([a]) => a === area).map(([, t]) => t)];
    const code = targets.map((t, i) => `import * as m${i} from '${relativeTo(file, t)}';\n`).join('') + `export const used = [${targets.map((_, i) => `m${i}`).join(', ')}];\n`;
    linted.set(area, eslint.lintText(code, { filePath: file }).then(([result]) => {
      const fatal = result!.messages.find((m) => m.fatal);
      if (fatal) throw new Error(`${file}: ${fatal.message}`);
      return new Map(targets.map((t, i): [string, string[]] => [t, result!.messages.filter((m) => m.line === i + 1 && BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message)]));
    }));
  }
  return linted.get(area)!;
}

describe('every arrow the folder map forbids fails the lint (generated from docs/architecture.md)', () => {
  test('the map names every area of the folder table', () => {
    expect(AREAS).toEqual(expect.arrayContaining(['adapters', 'engine', 'script-host', 'basic-interpreter', 'attendance', 'notifications', 'knowledge', 'auth',
      'meetings', 'groups', 'identity', 'content', 'config', 'db', 'infra', 'http']));
  });

  test.each(forbidden)('%s may not import %s', async (area, target, rule) => {
    expect((await errorsPerTarget(area)).get(target)).toEqual([expect.stringMatching(rule)]);
  });

  test.each(permitted)('%s may import %s', async (area, target) => {
    expect((await errorsPerTarget(area)).get(target)).toEqual([]);
  });
});

test('a re-export is held to the same rules', async () => {
  const [result] = await eslint.lintText("export * from '../../db/index.js';\nexport { type Role } from '../../auth/roles.js';\n", { filePath: 'http/routes/health.ts' });
  expect(result!.messages.filter((m) => m.ruleId === 'boundaries/folder-map').map((m) => m.message))
    .toEqual([expect.stringMatching(/http\/ may not import db\//), expect.stringMatching(/uses auth\/ only through its index\.js/)]);
});

describe('a dynamic import() is held to the same rules', () => {
  async function dynamicErrors(filePath: string, specifier: string): Promise<string[]> {
    const code = `export const load = () => import('${specifier}');\n`;
    const [result] = await eslint.lintText(code, { filePath });
    const fatal = result!.messages.find((m) => m.fatal);
    if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
    return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
  }

  test.each([
    ['http/routes/health.ts', '../../db/index.js', /http\/ may not import db\//],
    ['engine/routing-rule.ts', '../meetings/index.js', /engine\/ may not import meetings\//],
    ['attendance/priority.ts', '../engine/receive-message.js', /uses engine\/ only through its index\.js/],
    ['engine/routing-rule.ts', 'drizzle-orm', /only through ports/],
    ['basic-interpreter/coercion.ts', 'node:fs/promises', /does no I\/O/],
  ])('%s importing %s', async (file, specifier, rule) => {
    expect(await dynamicErrors(file, specifier)).toEqual([expect.stringMatching(rule)]);
  });

  test.each([
    ['http/routes/health.ts', '../../engine/index.js'],
    ['engine/routing-rule.ts', '../db/index.js'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await dynamicErrors(file, specifier)).toEqual([]);
  });
});

/** The "outbound" errors (eslint.config.js; docs/architecture.md, "Outbound requests") of `code` put into `filePath`. */
async function outboundErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return result!.messages.filter((m) => OUTBOUND_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('a new unguarded outbound client fails the lint', () => {
  test.each([
    ['attendance/priority.ts', 'fetch of a variable URL', 'export const get = (url: string) => fetch(url);\n', /fetch\(\) of a URL that is not a constant/],
    ['attendance/priority.ts', 'fetch of a template with a value', 'export const get = (id: string) => fetch(`https://api.example.com/${id}`);\n', /fetch\(\) of a URL that is not a constant/],
    ['engine/routing-rule.ts', 'globalThis.fetch', 'export const get = (url: string) => globalThis.fetch(url);\n', /globalThis\.fetch\(\)/],
    ['adapters/web/web-adapter.ts', 'an axios client', "import axios from 'axios';\nexport const client = axios.create({ baseURL: process.env.X });\n", /client of 'axios'/],
    ['attendance/priority.ts', 'a Slack WebClient', "import { WebClient } from '@slack/web-api';\nexport const client = new WebClient('t');\n", /client of '@slack\/web-api'/],
    ['adapters/bot-msg/parse-update.ts', 'a grammY Api', "import { Api } from 'grammy';\nexport const api = new Api('t');\n", /client of 'grammy'/],
    ['engine/routing-rule.ts', 'a Node https Agent', "import { Agent } from 'node:https';\nexport const agent = new Agent();\n", /client of 'node:https'/],
    ['notifications/channels.ts', 'undici', "import { request } from 'undici';\nexport const get = (url: string) => request(url);\n", /client of 'undici'/],
    ['knowledge/chunk-text.ts', 'an OpenAI client', "import OpenAI from 'openai';\nexport const model = new OpenAI();\n", /client of 'openai'/],
  ])('%s: %s', async (file, _what, code, rule) => {
    expect(await outboundErrors(file, code)).toEqual([expect.stringMatching(rule)]);
  });

  test.each([
    ['attendance/priority.ts', 'fetch of a constant URL', "export const get = () => fetch('https://api.example.com/status');\n"],
    ['attendance/priority.ts', 'the door\'s fetch', "import { outboundPool } from '../infra/outbound-pool.js';\nexport const get = (url: string) => outboundPool({ allowPrivateNetworks: false }).fetch(url);\n"],
    ['adapters/bot-msg/parse-update.ts', 'grammY\'s error classes and types', "import { GrammyError, type Api } from 'grammy';\nexport const isError = (e: unknown, _api?: Api) => e instanceof GrammyError;\n"],
    ['http/client-errors.ts', 'node:http types', "import type { Server } from 'node:http';\nexport const port = (s: Server) => s.address();\n"],
    ['adapters/graph/graph-client.ts', 'axios in an allow-listed client file', "import axios from 'axios';\nexport const client = axios.create({ proxy: false });\n"],
  ])('%s may hold %s', async (file, _what, code) => {
    expect(await outboundErrors(file, code)).toEqual([]);
  });
});
