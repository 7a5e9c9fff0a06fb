import { ESLint } from 'eslint';

// The dependency rules of docs/architecture.md are lint errors: each case puts one import into a
// file of a folder, as a newcomer might, and asks the project's own ESLint configuration. The
// files are real (typed linting needs them in the TypeScript project); their text is replaced
// in memory only.

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as anything from '${specifier}';\nexport const used = anything;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('a new arrow against the design fails the lint', () => {
  test.each([
    ['http/routes/health.ts', '../../db/index.js', /HTTP never imports db/],
    ['http/routes/health.ts', 'drizzle-orm', /no database or queue driver/],
    ['http/routes/health.ts', '../../engine/receive-message.js', /through their index\.js/],
    ['db/uuid.ts', '../engine/index.js', /db\/ imports nothing above it/],
    ['db/uuid.ts', '../config/index.js', /db\/ imports nothing above it/],
    ['basic-interpreter/coercion.ts', 'node:fs/promises', /does no I\/O/],
    ['basic-interpreter/coercion.ts', 'node:http', /does no I\/O/],
    ['basic-interpreter/coercion.ts', '../../engine/index.js', /imports no other area/],
    ['engine/routing-rule.ts', '../adapters/index.js', /does not know adapters/],
    ['engine/routing-rule.ts', '../attendance/index.js', /does not know adapters, HTTP or attendance/],
    ['engine/routing-rule.ts', 'ioredis', /only through ports/],
    ['adapters/web/web-adapter.ts', '../../attendance/index.js', /nothing else/],
    ['adapters/web/web-adapter.ts', '../../engine/receive-message.js', /through engine\/index\.js/],
    ['attendance/priority.ts', '../http/app.js', /no HTTP/],
    ['attendance/priority.ts', '../engine/receive-message.js', /through engine\/index\.js/],
    ['infra/logger.ts', '../engine/index.js', /no domain area/],
    ['auth/roles.ts', 'express', /knows no HTTP/],
    ['groups/group-access.ts', '../db/index.js', /groups\/ knows its port/],
    ['groups/group-access.ts', 'drizzle-orm', /groups\/ reaches drivers only/],
    ['http/routes/health.ts', '../../groups/providers/embedded.js', /through their index\.js/],
    ['knowledge/chunk-text.ts', '../db/index.js', /knowledge\/ knows its ports/],
    ['knowledge/chunk-text.ts', '../engine/index.js', /knowledge\/ knows its ports/],
    ['knowledge/chunk-text.ts', 'drizzle-orm', /knowledge\/ reaches the database only/],
    ['content/content-actor.ts', '../http/app.js', /content\/ knows its repositories/],
    ['content/files/file-path.ts', '../../basic-interpreter/host/file-store.js', /content\/ uses the interpreter through its index\.js/],
    ['http/routes/health.ts', '../../content/files/write-file.js', /through their index\.js/],
  ])('%s importing %s', async (file, specifier, rule) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toEqual([expect.stringMatching(rule)]);
  });

  test.each([
    ['http/routes/health.ts', '../../engine/index.js'],
    ['engine/routing-rule.ts', '../db/index.js'],
    ['engine/routing-rule.ts', '../basic-interpreter/index.js'],
    ['adapters/web/web-adapter.ts', '../../engine/index.js'],
    ['attendance/priority.ts', '../engine/index.js'],
    ['db/uuid.ts', 'drizzle-orm'],
    ['basic-interpreter/coercion.ts', './values.js'],
    ['groups/group-access.ts', '../infra/errors.js'],
    ['http/routes/health.ts', '../../groups/index.js'],
    ['content/content-actor.ts', '../db/index.js'],
    ['http/routes/health.ts', '../../content/index.js'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});

/** The "outbound" errors (eslint.config.js; docs/architecture.md, "Outbound requests") of `code` put into `filePath`. */
async function outboundErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
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
